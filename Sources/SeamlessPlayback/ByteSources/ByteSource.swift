import Foundation

/// Where a prefetcher reads media bytes from: ranges of a URL, delivered in order as they arrive.
///
/// ``HTTPByteSource`` reads them over HTTP; tests may supply their own.
public protocol ByteSource: Sendable {
    /// Reads `range` of the media at `url`, handing each piece to `receive` as it arrives, in order, before it
    /// returns. Cancelling the calling task stops the read promptly; what was received stays received.
    /// - Parameters:
    ///   - url: The media.
    ///   - range: The bytes to read; an empty range reads nothing.
    ///   - receive: Called with each piece, in order and never concurrently; the offsets follow each other from
    ///     `range.lowerBound`.
    /// - Returns: The range delivered — shorter than asked when the media ends first — and the media's length
    ///   when the server said it.
    /// - Throws: ``ByteSourceError``; ``ByteSourceError/cancelled`` when the task was cancelled.
    func fetch(
        _ url: URL, range: Range<Int64>, receive: @escaping @Sendable (ByteChunk) -> Void
    ) async throws(ByteSourceError) -> ByteRangeRead

    /// Reads `range` of the media at `url` as ``fetch(_:range:receive:)`` does, and tells `onLength` the media's whole
    /// length as soon as the answer's head says it, before its first piece: a player that must know the length
    /// before it reads a byte need not wait for the whole range.
    ///
    /// The default implementation never calls `onLength` (the length then comes with the read's end, in
    /// ``ByteRangeRead/totalLength``); ``HTTPByteSource`` calls it when its answer's head is accepted.
    /// - Parameters:
    ///   - url: The media.
    ///   - range: The bytes to read; an empty range reads nothing.
    ///   - onLength: Called at most once, before `receive`'s first piece, with the media's length.
    ///   - receive: As in ``fetch(_:range:receive:)``.
    /// - Returns: As ``fetch(_:range:receive:)``.
    /// - Throws: As ``fetch(_:range:receive:)``.
    func fetch(
        _ url: URL, range: Range<Int64>, onLength: @escaping @Sendable (Int64) -> Void,
        receive: @escaping @Sendable (ByteChunk) -> Void
    ) async throws(ByteSourceError) -> ByteRangeRead
}

extension ByteSource {
    /// Reads as ``fetch(_:range:receive:)`` does; `onLength` is never called.
    /// - Parameters:
    ///   - url: The media.
    ///   - range: The bytes to read.
    ///   - onLength: Never called.
    ///   - receive: Called with each piece, in order.
    /// - Returns: The range delivered and the media's length when the server said it.
    /// - Throws: ``ByteSourceError``.
    public func fetch(
        _ url: URL, range: Range<Int64>, onLength: @escaping @Sendable (Int64) -> Void,
        receive: @escaping @Sendable (ByteChunk) -> Void
    ) async throws(ByteSourceError) -> ByteRangeRead {
        try await fetch(url, range: range, receive: receive)
    }
}

/// A piece of a media's bytes, where it lies in the media.
public struct ByteChunk: Hashable, Sendable {
    /// The media offset of the first byte.
    public var offset: Int64
    /// The bytes.
    public var bytes: Data

    /// Creates a chunk.
    /// - Parameters:
    ///   - offset: The media offset of the first byte.
    ///   - bytes: The bytes.
    public init(offset: Int64, bytes: Data) {
        self.offset = offset
        self.bytes = bytes
    }

    /// The media range the chunk covers.
    public var range: Range<Int64> { offset..<(offset + Int64(bytes.count)) }
}

/// What a completed read delivered.
public struct ByteRangeRead: Hashable, Sendable {
    /// The bytes delivered: from the range's start, ending early only where the media ends.
    public var range: Range<Int64>
    /// The media's whole length, when the server said it.
    public var totalLength: Int64?

    /// Creates a read's outcome.
    /// - Parameters:
    ///   - range: The bytes delivered.
    ///   - totalLength: The media's whole length, if known.
    public init(range: Range<Int64>, totalLength: Int64?) {
        self.range = range
        self.totalLength = totalLength
    }
}
