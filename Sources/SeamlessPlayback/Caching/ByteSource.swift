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
