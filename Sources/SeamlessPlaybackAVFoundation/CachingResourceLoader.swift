#if canImport(AVFoundation) && !os(watchOS)  // AVAssetResourceLoader is unavailable on watchOS
import AVFoundation
import Foundation
import SeamlessPlayback

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The resource-loader delegate through which an ``AVPlayerEngine`` reads through its cache: it hands AVFoundation's
/// loading requests to a ``ResourceLoadingStateMachine`` and carries out its actions (reads of the cache, fetches from
/// the origin, answers to AVFoundation). It decides nothing itself.
///
/// Every mutable property is touched only on `queue`: AVFoundation calls the delegate there, and every fetch's pieces
/// and end hop there, in the order they came (that is why it is `@unchecked Sendable`). The loading requests, which
/// are not `Sendable`, never leave it: the asynchronous parts name them by ID. Every touch of the cache (its reads,
/// writes, and the reads of what it holds) runs on `io`, a serial queue of the loader's own, and answers back on
/// `queue`: the cache's lock, which a disk write holds, is never taken on AVFoundation's queue, so neither a delegate
/// call nor a cancellation waits behind a write, and a read queued after a write sees its bytes.
///
/// One origin fetch per byte range is in flight across every reader of the cache (this loader, other engines, the
/// prefetcher): each fetch claims its range in the cache before it starts (`MediaCache.claim(_:for:)`, whose lock is
/// never held across disk I/O, so it is taken on `queue`) and releases it when the fetch ends, fails or is
/// cancelled, or the loader shuts down or goes away. A request whose bytes another reader claimed waits; the media's
/// changes are observed (`MediaCache.observeChanges(of:_:)`) while the machine asks, and each report hops to `queue`.
/// No lock of the loader's is held when it releases a claim or cancels an observation.
final class CachingResourceLoader: NSObject, AVAssetResourceLoaderDelegate, @unchecked Sendable {
    typealias Machine = ResourceLoadingStateMachine

    /// The queue of every delegate call and every state change.
    let queue = DispatchQueue(label: "SeamlessPlayback.CachingResourceLoader", qos: .userInitiated)
    /// The queue of every cache read and write, in the order the machine asked for them.
    private let io = DispatchQueue(label: "SeamlessPlayback.CachingResourceLoader.io", qos: .userInitiated)
    private let reading: CachedReading
    private var machine: Machine
    private var loadingRequests: [Machine.RequestID: AVAssetResourceLoadingRequest] = [:]
    private var requestIDs: [ObjectIdentifier: Machine.RequestID] = [:]
    private var tasks: [Machine.FetchID: Task<Void, Never>] = [:]
    /// The claim of each running fetch, released when it ends, fails or is cancelled.
    private var claims: [Machine.FetchID: MediaCache.FetchClaim] = [:]
    /// The media whose changes the machine asked to hear of
    /// (``ResourceLoadingStateMachine/Action/observeChanges(key:)``).
    private var observations: [String: MediaCache.ChangeObservation] = [:]
    /// The origin's last failure per media, written on `queue` and read by the engine (on the main actor) when an
    /// item fails.
    private let originFailures = OriginFailures()

    /// - Parameters:
    ///   - reading: The cache, the source and their settings.
    ///   - holdsInBackground: Whether retries wait for the foreground (the engine's background policy pauses there).
    init(reading: CachedReading, holdsInBackground: Bool) {
        self.reading = reading
        machine = Machine(
            minimumFetch: reading.minimumFetch, minimumFetchWhileLean: reading.minimumFetchWhileLean,
            cacheReadLimit: CachedReading.cacheReadLimit,
            holdsInBackground: holdsInBackground)
    }

    deinit {
        for task in tasks.values { task.cancel() }
        // The tasks' ends never reach a loader that is gone: their claims end here.
        for claim in claims.values { reading.cache.release(claim) }
    }

    /// An asset whose bytes this loader serves, or `nil` when the media is read directly (HLS, files, types not
    /// known from the extension, plain `http` unless the reading allows it).
    func asset(for url: URL) -> AVURLAsset? {
        guard let loaderURL = CachedResourceURL.loaderURL(for: url, allowsPlainHTTP: reading.allowsPlainHTTP)
        else { return nil }
        let asset = AVURLAsset(url: loaderURL, options: nil)
        // Held weakly by the resource loader: the engine's controller keeps this loader for the engine's life.
        asset.resourceLoader.setDelegate(self, queue: queue)
        return asset
    }

    /// Fails every open loading request and cancels every fetch (the engine shuts down).
    func shutdown() {
        queue.async { [self] in perform(machine.shutdown()) }
    }

    /// The machine hears of a change of the media at `key` in the cache (on `queue`).
    private func cacheChanged(_ key: String) {
        perform(machine.cacheChanged(key))
    }

    /// The engine's player stands paused at the lean depth, or no longer: the fetches that start from then on are
    /// sized for it (``ResourceLoadingStateMachine/isLean``).
    func fetchesLeanly(_ isLean: Bool) {
        queue.async { [self] in machine.isLean = isLean }
    }

    /// The app moved to the background or back: retries wait there, or fire on the return.
    func appMoved(toBackground isInBackground: Bool) {
        queue.async { [self] in perform(machine.appMoved(toBackground: isInBackground)) }
    }

    /// The origin's last failure for the media at `url` (its origin URL), if its last fetch failed.
    func lastOriginFailure(for url: URL) -> ByteSourceError? {
        guard case .cached(let key) = CacheRoute.route(for: url) else { return nil }
        return originFailures[key]
    }

    // MARK: AVAssetResourceLoaderDelegate (on `queue`)

    func resourceLoader(
        _ resourceLoader: AVAssetResourceLoader,
        shouldWaitForLoadingOfRequestedResource loadingRequest: AVAssetResourceLoadingRequest
    ) -> Bool {
        guard let url = loadingRequest.request.url else { return false }
        let data = loadingRequest.dataRequest.map { request in
            Machine.DataRequest(
                requestedOffset: request.requestedOffset, requestedLength: request.requestedLength,
                requestsAllDataToEndOfResource: request.requestsAllDataToEndOfResource,
                currentOffset: request.currentOffset)
        }
        guard
            let (id, actions) = machine.requestArrived(
                url, wantsInformation: loadingRequest.contentInformationRequest != nil, data: data)
        else { return false }
        loadingRequests[id] = loadingRequest
        requestIDs[ObjectIdentifier(loadingRequest)] = id
        perform(actions)
        return true
    }

    func resourceLoader(
        _ resourceLoader: AVAssetResourceLoader, didCancel loadingRequest: AVAssetResourceLoadingRequest
    ) {
        guard let id = requestIDs.removeValue(forKey: ObjectIdentifier(loadingRequest)) else { return }
        loadingRequests[id] = nil
        perform(machine.requestCancelled(id))
    }

    // MARK: Carrying out the machine's actions (on `queue`)

    private func perform(_ actions: [Machine.Action]) {
        for action in actions { perform(action) }
    }

    private func perform(_ action: Machine.Action) {
        switch action {
        case .setContentInformation(let id, let information):
            guard let request = loadingRequests[id]?.contentInformationRequest else { return }
            request.contentType = information.contentType
            request.contentLength = information.contentLength
            request.isByteRangeAccessSupported = information.isByteRangeAccessSupported
        case .readCacheState(let id, let key):
            // On the I/O queue, after the writes asked for before it; answered back on `queue` between other events.
            let cache = reading.cache
            io.async { [weak self] in
                let state = Self.state(of: key, in: cache)
                self?.queue.async { [weak self] in self?.cacheStateRead(id, state: state) }
            }
        case .readCache(let id, let key, let range):
            // As the state's read: the bytes, then what the cache holds, answered back on `queue`, piece by piece.
            let cache = reading.cache
            io.async { [weak self] in
                let bytes = (try? cache.read(key, range: range)) ?? nil
                let state = Self.state(of: key, in: cache)
                self?.queue.async { [weak self] in self?.cacheRead(id, range: range, bytes: bytes, state: state) }
            }
        case .fetch(let id, let fetch, let url, let range):
            claimAndStart(fetch, of: id, url: url, range: range)
        case .cancelFetch(let fetch):
            tasks.removeValue(forKey: fetch)?.cancel()
            release(fetch)
        case .observeChanges(let key):
            // Reported on the changing thread, outside the cache's locks: it only hops to `queue`.
            let weak = WeakLoader(loader: self)
            observations[key]?.cancel()
            observations[key] = reading.cache.observeChanges(of: key) {
                weak.loader?.queue.async { weak.loader?.cacheChanged(key) }
            }
        case .stopObservingChanges(let key):
            observations.removeValue(forKey: key)?.cancel()
        case .write(let key, let chunk):
            let cache = reading.cache
            io.async { try? cache.write(chunk.bytes, for: key, at: chunk.offset) }
        case .recordLength(let key, let length):
            let cache = reading.cache
            io.async { try? cache.setLength(length, for: key) }
        case .respond(let id, let bytes):
            loadingRequests[id]?.dataRequest?.respond(with: bytes)
        case .finish(let id):
            forget(id)?.finishLoading()
        case .fail(let id, let failure):
            let error = NSError(
                domain: NSURLErrorDomain, code: failure.code,
                userInfo: [NSLocalizedDescriptionKey: failure.description])
            forget(id)?.finishLoading(with: error)
        case .scheduleRetry(let id, let attempt, let delay):
            let seconds = Double(delay.components.seconds) + Double(delay.components.attoseconds) * 1e-18
            queue.asyncAfter(deadline: .now() + seconds) { [weak self] in self?.retry(id, attempt: attempt) }
        case .noteOriginFailure(let key, let failure):
            originFailures[key] = failure
        }
    }

    private func cacheStateRead(_ id: Machine.RequestID, state: Machine.CacheSnapshot) {
        perform(machine.cacheStateRead(id, cache: state))
    }

    private func cacheRead(_ id: Machine.RequestID, range: Range<Int64>, bytes: Data?, state: Machine.CacheSnapshot) {
        perform(machine.cacheRead(id, range: range, bytes: bytes, cache: state))
    }

    private func retry(_ id: Machine.RequestID, attempt: Int) {
        perform(machine.retryFired(id, attempt: attempt))
    }

    /// Claims `range` of the media, then fetches what the claim covers; a claim refused or narrowed is told to the
    /// machine first (its answer carried out at once, before the actions after this one).
    private func claimAndStart(_ fetch: Machine.FetchID, of id: Machine.RequestID, url: URL, range: Range<Int64>) {
        // The key the machine chose the fetch for: the origin URL's, as `CacheRoute` keys every cached media.
        guard case .cached(let key) = CacheRoute.route(for: url) else {
            return start(fetch, of: id, url: url, range: range)
        }
        guard let claim = reading.cache.claim(range, for: key) else { return perform(machine.fetchRefused(fetch)) }
        claims[fetch] = claim
        if claim.range != range { perform(machine.fetchNarrowed(fetch, to: claim.range)) }
        start(fetch, of: id, url: url, range: claim.range)
    }

    /// Ends the claim of `fetch`, if it holds one: the cache tells the media's observers (this loader's among them,
    /// whose report only hops to `queue`).
    private func release(_ fetch: Machine.FetchID) {
        guard let claim = claims.removeValue(forKey: fetch) else { return }
        reading.cache.release(claim)
    }

    private func start(_ fetch: Machine.FetchID, of id: Machine.RequestID, url: URL, range: Range<Int64>) {
        let source = reading.source
        let weak = WeakLoader(loader: self)
        tasks[fetch] = Task {
            let outcome: Result<ByteRangeRead, ByteSourceError>
            do throws(ByteSourceError) {
                outcome = .success(
                    try await source.fetch(
                        url, range: range,
                        onLength: { length in
                            weak.loader?.queue.async { weak.loader?.told(length, fetch: fetch, of: id) }
                        },
                        receive: { chunk in
                            weak.loader?.queue.async { weak.loader?.received(chunk, fetch: fetch, of: id) }
                        }))
            } catch {
                outcome = .failure(error)
            }
            weak.loader?.queue.async { weak.loader?.ended(fetch, of: id, outcome: outcome) }
        }
    }

    private func told(_ length: Int64, fetch: Machine.FetchID, of id: Machine.RequestID) {
        perform(machine.originToldLength(id, fetch: fetch, length: length))
    }

    private func received(_ chunk: ByteChunk, fetch: Machine.FetchID, of id: Machine.RequestID) {
        perform(machine.originReceived(id, fetch: fetch, chunk: chunk))
    }

    private func ended(
        _ fetch: Machine.FetchID, of id: Machine.RequestID, outcome: Result<ByteRangeRead, ByteSourceError>
    ) {
        tasks[fetch] = nil
        release(fetch)
        switch outcome {
        case .success(let read):
            perform(machine.originFinished(id, fetch: fetch, read: read))
        case .failure(let error):
            perform(machine.originFailed(id, fetch: fetch, error: error))
        }
    }

    private func forget(_ id: Machine.RequestID) -> AVAssetResourceLoadingRequest? {
        guard let request = loadingRequests.removeValue(forKey: id) else { return nil }
        requestIDs[ObjectIdentifier(request)] = nil
        return request
    }

    /// What the cache holds of the media: only ever called on `io` (it takes the cache's lock).
    /// The claims are read first: a fetch writes its bytes before it releases its claim, so bytes missing from the
    /// claims read are in the cached ranges read after.
    private static func state(of key: String, in cache: MediaCache) -> Machine.CacheSnapshot {
        let claimed = cache.claimedRanges(for: key)
        return Machine.CacheSnapshot(
            cached: cache.cachedRanges(for: key), length: cache.length(for: key), claimed: claimed)
    }
}

/// The origin's last failure per media key, behind a lock: the loader writes on its queue, the engine reads on the
/// main actor.
private final class OriginFailures: @unchecked Sendable {  // every access under `lock`
    private let lock = NSLock()
    private var failures: [String: ByteSourceError] = [:]

    subscript(key: String) -> ByteSourceError? {
        get { lock.withLock { failures[key] } }
        set { lock.withLock { failures[key] = newValue } }
    }
}

/// The loader, weakly, for a fetch's task: a fetch never keeps an engine's loader alive.
private struct WeakLoader: @unchecked Sendable {  // a weak reference to a Sendable object, never reassigned
    weak var loader: CachingResourceLoader?
}
#endif
