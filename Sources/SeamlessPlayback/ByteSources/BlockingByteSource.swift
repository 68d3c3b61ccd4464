import Foundation

/// Where an engine's stream reads media bytes from on a thread of its own: ranges of a URL, read while the calling
/// thread blocks, which another thread may cancel.
///
/// Engines whose reads are not async (libmpv's stream callbacks) read through this; ``HTTPByteSource`` reads over
/// HTTP, and tests may supply their own.
public protocol BlockingByteSource: Sendable {
    /// Reads `range` of the media at `url`, handing each piece to `receive` as it arrives, and blocks the calling
    /// thread until the read ends or `cancellation` is cancelled.
    /// - Parameters:
    ///   - url: The media.
    ///   - range: The bytes to read; an empty range reads nothing.
    ///   - cancellation: A handle another thread may cancel: the read then stops and this returns promptly.
    ///   - receive: Called with each piece, in order and never concurrently, before this returns.
    /// - Returns: The range delivered — shorter than asked when the media ends first — and the media's length when
    ///   the server said it.
    /// - Throws: ``ByteSourceError``; ``ByteSourceError/cancelled`` when `cancellation` is or becomes cancelled.
    func fetch(
        _ url: URL, range: Range<Int64>, cancellation: ByteReadCancellation,
        receive: @escaping @Sendable (ByteChunk) -> Void
    ) throws(ByteSourceError) -> ByteRangeRead

    /// Reads `range` of the media at `url` as ``fetch(_:range:cancellation:receive:)`` does, and tells `onLength` the
    /// media's whole length as soon as the answer's head says it, before its first piece: a stream that learns the
    /// length early never asks the origin for a range at or past the end while the first read is still arriving.
    ///
    /// The default implementation never calls `onLength` (the length then comes with the read's end, in
    /// ``ByteRangeRead/totalLength``); ``HTTPByteSource`` calls it when its answer's head is accepted.
    /// - Parameters:
    ///   - url: The media.
    ///   - range: The bytes to read; an empty range reads nothing.
    ///   - cancellation: As in ``fetch(_:range:cancellation:receive:)``.
    ///   - onLength: Called at most once, before `receive`'s first piece, with the media's length.
    ///   - receive: As in ``fetch(_:range:cancellation:receive:)``.
    /// - Returns: As ``fetch(_:range:cancellation:receive:)``.
    /// - Throws: As ``fetch(_:range:cancellation:receive:)``.
    func fetch(
        _ url: URL, range: Range<Int64>, cancellation: ByteReadCancellation,
        onLength: @escaping @Sendable (Int64) -> Void, receive: @escaping @Sendable (ByteChunk) -> Void
    ) throws(ByteSourceError) -> ByteRangeRead
}

extension BlockingByteSource {
    /// Reads as ``fetch(_:range:cancellation:receive:)`` does; `onLength` is never called.
    /// - Parameters:
    ///   - url: The media.
    ///   - range: The bytes to read.
    ///   - cancellation: A handle another thread may cancel.
    ///   - onLength: Never called.
    ///   - receive: Called with each piece, in order.
    /// - Returns: The range delivered and the media's length when the server said it.
    /// - Throws: ``ByteSourceError``.
    public func fetch(
        _ url: URL, range: Range<Int64>, cancellation: ByteReadCancellation,
        onLength: @escaping @Sendable (Int64) -> Void, receive: @escaping @Sendable (ByteChunk) -> Void
    ) throws(ByteSourceError) -> ByteRangeRead {
        try fetch(url, range: range, cancellation: cancellation, receive: receive)
    }
}
