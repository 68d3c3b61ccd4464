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
}
