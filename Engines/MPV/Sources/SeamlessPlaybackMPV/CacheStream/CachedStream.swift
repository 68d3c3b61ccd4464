import Foundation
import SeamlessPlayback

/// One stream mpv opened through the cache: carries out ``CachedStreamState``'s steps against a
/// ``SeamlessPlayback/MediaCache`` and a ``SeamlessPlayback/BlockingByteSource``. mpv calls it from its demuxer
/// thread (open, read, seek, size, close) and ``cancel()`` from another.
///
/// Bytes fetched from the origin are written into the cache as they arrive, so a clip played once is cached; a write
/// the cache refuses (full, failing disk) costs only the caching, never the read.
final class CachedStream: Sendable {
    let url: URL
    let key: String
    private let cache: MediaCache
    private let source: any BlockingByteSource
    private let cancellation = ByteReadCancellation()
    private let state: Protected<CachedStreamState>
    private let reportFailure: @Sendable (ByteSourceError) -> Void

    /// A stream at the media's start. Nothing is fetched while mpv opens it: mpv sets up the stream's cancel callback
    /// only after the open returns, so a fetch there could not be interrupted by a stop or a new load.
    /// - Parameter reportFailure: Told each failure of the origin but a cancellation, for the load's failure.
    init(
        url: URL, key: String, cache: MediaCache, source: any BlockingByteSource, minimumFetch: Int64,
        reportFailure: @escaping @Sendable (ByteSourceError) -> Void
    ) {
        self.url = url
        self.key = key
        self.cache = cache
        self.source = source
        self.reportFailure = reportFailure
        state = Protected(CachedStreamState(length: cache.length(for: key), minimumFetch: minimumFetch))
    }

    /// Reads up to `maxBytes` bytes at the position into `buffer`.
    /// - Returns: How many bytes were read; 0 at the end of the media; -1 on failure.
    func read(into buffer: UnsafeMutableRawPointer, maxBytes: Int) -> Int64 {
        while true {
            let cached = cache.cachedRanges(for: key)
            switch state.withLock({ $0.nextStep(maxBytes: maxBytes, cached: cached) }) {
            case .serve(let bytes):
                bytes.withUnsafeBytes { raw in
                    if let base = raw.baseAddress { buffer.copyMemory(from: base, byteCount: raw.count) }
                }
                return Int64(bytes.count)
            case .end:
                return 0
            case .fail:
                return -1
            case .readCache(let range):
                // A cache error reads as a miss: the state sends the range to the origin.
                let data = (try? cache.read(key, range: range)) ?? nil
                state.withLock { $0.cacheRead(range, data: data) }
            case .fetch(let range):
                if case .fail = fetch(range) { return -1 }
            }
        }
    }

    /// Moves the position. - Returns: The new position, or `nil` when it cannot go there.
    func seek(to offset: Int64) -> Int64? {
        state.withLock { $0.seek(to: offset) }
    }

    /// The media's length, if known.
    var length: Int64? { state.withLock { $0.length } }

    /// Interrupts the read in progress and every later one. Does not block.
    func cancel() {
        state.withLock { $0.cancel() }
        cancellation.cancel()
    }

    /// Reads `range` from the origin, writing each piece into the cache as it arrives, and reports it to the state.
    private func fetch(_ range: Range<Int64>) -> CachedStreamState.FetchOutcome {
        let result: Result<(bytes: Data, totalLength: Int64?), ByteSourceError>
        do throws(ByteSourceError) {
            let collected = Protected(Data())
            let read = try source.fetch(url, range: range, cancellation: cancellation) { [cache, key] chunk in
                collected.withLock { $0.append(chunk.bytes) }
                try? cache.write(chunk.bytes, for: key, at: chunk.offset)
            }
            result = .success((collected.withLock { $0 }, read.totalLength))
        } catch {
            result = .failure(error)
        }
        let outcome = state.withLock { $0.fetched(range, result: result) }
        if case .failure(let error) = result, error != .cancelled { reportFailure(error) }
        if case .proceed(let learned?) = outcome { try? cache.setLength(learned, for: key) }
        return outcome
    }
}
