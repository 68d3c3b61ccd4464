import Foundation
@_spi(EngineSupport) import SeamlessPlayback

/// One stream mpv opened through the cache: carries out ``CachedStreamState``'s steps against a
/// ``SeamlessPlayback/MediaCache`` and a ``SeamlessPlayback/BlockingByteSource``. mpv calls it from its demuxer
/// thread (open, read, seek, size, close) and ``cancel()`` from another.
///
/// An origin fetch runs on a thread of its own: each piece is written into the cache and handed to the state as it
/// arrives, and a read waiting for it returns as soon as the piece at its position is there, so a miss costs the
/// origin's first-byte delay and the bytes mpv asked for, not the whole fetch. A clip played once is cached; a write
/// the cache refuses (full, failing disk) costs only the caching, never the read. A fetch is cancelled when another
/// replaces it, when mpv cancels the stream, and when mpv closes it.
final class CachedStream: Sendable {
    /// The state and the fetch in flight, under one lock that reads wait on.
    private struct Shared: Sendable {
        var machine: CachedStreamState
        var running: ByteReadCancellation?
        /// The cache's claim of the fetch in flight: released when the fetch ends or another replaces it.
        var claim: MediaCache.FetchClaim?
        /// How many changes of the medium the cache reported: a read waiting for another reader's bytes
        /// (``CachedStreamState/Action/awaitOthers``) waits for this to move.
        var cacheChanges: UInt64 = 0
        /// Whether a read waits for another reader's bytes now.
        var awaitsOthers = false
    }

    /// A read's next action, with the fetch it replaces and the one it starts (``CachedStreamState/Action/fetch(_:id:)``).
    private struct PlannedRead {
        var action: CachedStreamState.Action
        var replaced: ByteReadCancellation?
        var started: ByteReadCancellation?
        /// The claim of the fetch replaced, or of one refused: released once the stream's lock is let go.
        var released: MediaCache.FetchClaim?
        /// The claim of the fetch started.
        var claim: MediaCache.FetchClaim?
        /// Where the read began, for ``MPVDiagnostics``' tap.
        var offset: Int64 = 0
    }

    let url: URL
    let key: String
    /// The cache, until mpv closes the stream: a closed stream kept for late cancels (``CacheStreamProtocol``) must
    /// not keep the cache, and with it the lock on its directory, alive after the app let it go.
    private let cache: Protected<MediaCache?>
    /// The origin, until mpv closes the stream: a closed stream is kept a while for late cancels
    /// (``CacheStreamProtocol``), and must not keep its engine's source (a URLSession, its threads and connections)
    /// alive with it.
    private let source: Protected<(any BlockingByteSource)?>
    private let shared: Awaitable<Shared>
    private let reportFailure: @Sendable (ByteSourceError?) -> Void
    /// Whether the stream's engine is paused now, and lean: read before each step, which sizes the next fetch by it.
    private let enginePaused: @Sendable () -> (paused: Bool, lean: Bool)
    /// The cache's reports of the medium's changes, for reads that wait for another reader's bytes.
    private let observation: MediaCache.ChangeObservation

    /// A stream at the media's start. Nothing is fetched while mpv opens it: mpv sets up the stream's cancel callback
    /// only after the open returns, so a fetch there could not be interrupted by a stop or a new load.
    /// - Parameters:
    ///   - minimumFetch: The least an origin fetch asks for while the engine plays.
    ///   - minimumFetchWhilePaused: The least while it is paused; `nil` for `minimumFetch`.
    ///   - minimumFetchWhileLean: The least while it is paused and lean; `nil` for `minimumFetchWhilePaused`.
    ///   - enginePaused: Whether the stream's engine is paused now, and whether the pool told it
    ///     ``SeamlessPlayback/PreloadDepth/lean``.
    ///   - reportFailure: Told each failure of the origin but a cancellation, for the load's failure, and `nil` for
    ///     each fetch that ended well.
    init(
        url: URL, key: String, cache: MediaCache, source: any BlockingByteSource, minimumFetch: Int64,
        minimumFetchWhilePaused: Int64? = nil, minimumFetchWhileLean: Int64? = nil,
        enginePaused: @escaping @Sendable () -> (paused: Bool, lean: Bool) = { (false, false) },
        reportFailure: @escaping @Sendable (ByteSourceError?) -> Void
    ) {
        self.url = url
        self.key = key
        self.cache = Protected(cache)
        self.source = Protected(source)
        self.reportFailure = reportFailure
        self.enginePaused = enginePaused
        let machine = CachedStreamState(
            length: cache.length(for: key), minimumFetch: minimumFetch,
            minimumFetchWhilePaused: minimumFetchWhilePaused, minimumFetchWhileLean: minimumFetchWhileLean)
        let shared = Awaitable(Shared(machine: machine))
        self.shared = shared
        observation = cache.observeChanges(of: key) { shared.changing { $0.cacheChanges &+= 1 } }
        MPVDiagnostics.streamObjectMade()
    }

    deinit {
        let (running, claim) = shared.withLock { ($0.running, $0.claim) }
        running?.cancel()
        if let claim { cache.withLock({ $0 })?.release(claim) }
        MPVDiagnostics.streamObjectFreed()
    }

    /// Reads up to `maxBytes` bytes at the position into `buffer`: what is there, once at least one byte is.
    /// - Returns: How many bytes were read; 0 at the end of the media; -1 on failure.
    func read(into buffer: UnsafeMutableRawPointer, maxBytes: Int) -> Int64 {
        // Closed: mpv reads no more, and the stream let the cache go.
        guard let cache = cache.withLock({ $0 }) else { return -1 }
        let key = self.key
        while true {
            // The count first: a change after the cache is read below moves it, and a wait for others ends at once.
            let (seen, own) = shared.withLock { ($0.cacheChanges, $0.claim) }
            let cached = cache.cachedRanges(for: key)
            let claimed = cache.claimedRanges(for: key, excluding: own)
            let cachedLength = cache.length(for: key)
            let (isPaused, isLean) = enginePaused()
            let plan = { (shared: inout Shared) -> PlannedRead in
                shared.machine.lengthCached(cachedLength)
                shared.machine.isPaused = isPaused
                shared.machine.isLean = isLean
                let offset = shared.machine.position
                let action = shared.machine.nextStep(maxBytes: maxBytes, cached: cached, claimed: claimed)
                guard case .fetch(let range, let id) = action else {
                    return PlannedRead(action: action, offset: offset)
                }
                // Claimed under the stream's lock (a claim takes only the cache's, and reports nothing), so that the
                // fetch starts with its claim or not at all.
                let claim = cache.claim(range, for: key)
                guard let claim, claim.range == range || shared.machine.fetchNarrowed(id, to: claim.range) else {
                    return PlannedRead(action: shared.machine.fetchRefused(id), released: claim, offset: offset)
                }
                let started = ByteReadCancellation()
                defer { (shared.running, shared.claim) = (started, claim) }
                return PlannedRead(
                    action: .fetch(claim.range, id: id), replaced: shared.running, started: started,
                    released: shared.claim, claim: claim)
            }
            // Waits, under the same lock, for the fetch in flight to deliver: no piece can slip in between.
            let planned = shared.withLock(waitingIf: { $0.action == .wait }, plan)
            planned.replaced?.cancel()
            // Outside the stream's lock: a release reports a change, which takes it.
            if let released = planned.released { cache.release(released) }
            switch planned.action {
            case .serve(let bytes):
                MPVDiagnostics.served(bytes, at: planned.offset, of: key)
                bytes.withUnsafeBytes { raw in
                    if let base = raw.baseAddress { buffer.copyMemory(from: base, byteCount: raw.count) }
                }
                return Int64(bytes.count)
            case .end:
                return 0
            case .fail:
                return -1
            case .wait:
                continue
            case .awaitOthers:
                // Until the medium changes in the cache (another reader's bytes written, its claim released) or the
                // stream is cancelled; then the next turn reads the cache afresh.
                let waits = { (shared: inout Shared) -> Bool in
                    shared.awaitsOthers = shared.cacheChanges == seen && !shared.machine.isCancelled
                    return shared.awaitsOthers
                }
                _ = shared.withLock(waitingIf: { $0 }, waits)
                shared.withLock { $0.awaitsOthers = false }
                continue
            case .readCache(let range):
                // A cache error reads as a miss: the state sends the range to the origin.
                let data = (try? cache.read(key, range: range)) ?? nil
                shared.withLock { $0.machine.cacheRead(range, data: data) }
            case .fetch(let range, let id):
                if let started = planned.started, let claim = planned.claim {
                    startFetch(range, id: id, cancellation: started, claim: claim, cache: cache)
                }
            }
        }
    }

    /// Moves the position. - Returns: The new position, or `nil` when it cannot go there.
    func seek(to offset: Int64) -> Int64? {
        shared.withLock { $0.machine.seek(to: offset) }
    }

    /// The media's length, if known: the stream's own, or the one another reader has put in the cache since.
    var length: Int64? {
        let cached = cache.withLock { $0 }?.length(for: key)
        return shared.withLock { shared in
            shared.machine.lengthCached(cached)
            return shared.machine.length
        }
    }

    /// Interrupts the read in progress and every later one. Does not block.
    func cancel() {
        let (running, claim) = shared.changing { shared in
            shared.machine.cancel()
            defer { (shared.running, shared.claim) = (nil, nil) }
            return (shared.running, shared.claim)
        }
        running?.cancel()
        if let claim { cache.withLock({ $0 })?.release(claim) }
    }

    /// mpv closed the stream: interrupts its reads as ``cancel()`` does and lets go of the origin and the cache (a
    /// fetch still running holds the cache until its cancellation ends it). Does not block.
    func close() {
        cancel()
        observation.cancel()
        source.withLock { $0 = nil }
        cache.withLock { $0 = nil }
    }

    /// Whether a read waits for bytes another reader's fetch claimed (``CachedStreamState/Action/awaitOthers``): for
    /// tests.
    var isAwaitingOthers: Bool { shared.withLock { $0.awaitsOthers } }

    /// Whether the stream still holds its origin (until ``close()``).
    var holdsSource: Bool { source.withLock { $0 != nil } }

    /// Whether the stream still holds its cache (until ``close()``).
    var holdsCache: Bool { cache.withLock { $0 != nil } }

    /// Starts fetch `id` of `range` on a thread of its own (the source blocks its caller). It holds the stream's
    /// parts, not the stream, so that mpv's close cancels it. Its claim is released when it ends.
    private func startFetch(
        _ range: Range<Int64>, id: Int, cancellation: ByteReadCancellation, claim: MediaCache.FetchClaim,
        cache: MediaCache
    ) {
        let (url, key, shared, reportFailure) = (self.url, self.key, self.shared, self.reportFailure)
        guard let source = source.withLock({ $0 }) else {
            // Closed: no fetch can start (mpv reads no more); the state hears it cancelled.
            _ = shared.changing { $0.machine.fetchEnded(id, result: .failure(.cancelled)) }
            cache.release(claim)
            return
        }
        Thread.detachNewThread {
            let result: Result<ByteRangeRead, ByteSourceError>
            do throws(ByteSourceError) {
                result = .success(
                    try source.fetch(
                        url, range: range, cancellation: cancellation,
                        onLength: { length in
                            if shared.changing({ $0.machine.lengthTold(length, fetch: id) }) {
                                try? cache.setLength(length, for: key)
                            }
                        },
                        receive: { piece in
                            try? cache.write(piece.bytes, for: key, at: piece.offset)
                            shared.changing { $0.machine.received(piece, fetch: id) }
                        }))
            } catch {
                result = .failure(error)
            }
            // The end is decided without waking the read that waits on it, and the origin's failure is reported
            // first: mpv takes the failed read for the end of the file and may settle the load at once, and the
            // engine's look at the origin must find the failure there.
            let outcome = shared.withLock { shared in
                if shared.claim == claim { shared.claim = nil }
                return shared.machine.fetchEnded(id, result: result)
            }
            switch outcome {
            case .failed(let error) where error != .cancelled: reportFailure(error)
            case .ended(let learned):
                if let learned { try? cache.setLength(learned, for: key) }
                reportFailure(nil)
            default: break
            }
            // Its release wakes every reader of the medium: this stream's, and others waiting for its bytes.
            cache.release(claim)
            shared.wakeAll()
        }
    }
}
