import Foundation
import SeamlessPlayback

/// The decisions of the resource loader through which an ``AVPlayerEngine`` reads a media via a
/// ``SeamlessPlayback/MediaCache``: which loading requests it takes, what it tells AVFoundation about the media, which
/// bytes come from the cache and which from the origin (``SeamlessPlayback/CachedReadPlan``, shared with the libmpv
/// engine's reader), when a request is finished, and what a cancellation, a failing origin or a failing cache read
/// does. Pure: no await, no I/O; the shell (`CachingResourceLoader`) reads the cache and the origin and reports back.
///
/// What the cache holds is asked for, never read on the spot: the cache's reads take its one lock, which a write (on
/// the shell's I/O queue) may hold for a disk write, and AVFoundation's queue, where the machine's events arrive, must
/// never wait on it. So a request that must choose its next bytes' source first asks for the cache's state
/// (``Action/readCacheState(_:key:)``), carried out on the I/O queue after the writes before it, and chooses when the
/// answer arrives (``cacheStateRead(_:cache:)``); meanwhile a cancellation, a shutdown or any other event is
/// answered at once.
///
/// A request moves through these steps, each event moving it on:
/// - *awaitingCacheState* (on arrival, after a fetch it waited on ended, when a retry fires) → *idle* when the
///   cache's state arrives;
/// - *idle* → *readingCache* (its next bytes are cached), *fetching* (they are not, or the content information
///   needs the media's length from the origin), or done (finished or failed);
/// - *readingCache* → idle once the bytes are responded, or *fetching* the same bytes when the read failed (a cache
///   read error never serves wrong bytes: it falls back to the origin), or *awaitingOthers* when another reader
///   claimed them meanwhile;
/// - *idle* → *awaitingOthers* when its next bytes are neither cached nor on their way in a fetch of the machine's own,
///   but another reader of the cache (another engine's stream, the prefetcher) claimed them
///   (``SeamlessPlayback/MediaCache/claim(_:for:)``): one origin fetch per byte range is in flight. A fetch of its own
///   ends where another reader's claim begins;
/// - *awaitingOthers* → *awaitingCacheState* when the media changes in the cache (``cacheChanged(_:)``: bytes written,
///   a claim released), to choose again with what the cache holds then;
/// - *fetching* → *awaitingCacheState* when the fetch ends (pieces are responded as they arrive, and a 416 where the
///   fetch began ends it too), done when the request has all its bytes (the rest of a widened fetch goes on filling
///   the cache) or the origin failed. A request waiting for its content information gets it as soon as the origin's
///   answer's head tells the length, not at the fetch's end.
///
/// - *fetching* → *waitingToRetry* when the fetch failed for a reason that may pass (a lost connection, a timeout,
///   an unreachable host, a server's 5xx: ``isTransient(_:)``): the request is kept, and after a backoff
///   (``retryDelay(attempt:)``) goes to *awaitingCacheState*, to fetch again from the next byte it still needs (its
///   `currentOffset`), while AVFoundation keeps it open; only a permanent failure, or ``maximumAttempts`` failures in
///   a row with no byte between them, fails it. While the app is in the background with a policy that pauses there,
///   retries wait for the foreground (a suspended app's fetches die with it).
///
/// The shell claims each fetch's range before it starts it; when another reader claimed part of it meanwhile, the
/// fetch is narrowed (``fetchNarrowed(_:to:)``) or refused (``fetchRefused(_:)``) and its requests ask for the
/// cache's state again. The media's changes are observed (``Action/observeChanges(key:)``) while one of its requests
/// waits for another reader or asks for the cache's state; a request waits only on a state read made while the
/// observation ran and with no change reported since, so that no change goes unheard between the read and the wait.
///
/// A cancelled request is forgotten at once, and its fetch cancelled; events about a request or fetch the machine
/// no longer knows change nothing, except that the origin's bytes are still written into the cache. A machine shut
/// down fails every open request and takes no more.
struct ResourceLoadingStateMachine {
    /// Where a request stands.
    enum Step: Hashable {
        /// The cache's state was asked for; `then` says what the request does when it arrives.
        case awaitingCacheState(then: AfterCacheState)
        case idle
        case readingCache(Range<Int64>)
        case fetching(FetchID, Range<Int64>)
        /// Another reader of the cache claimed the next bytes: the request waits for the media to change in the cache
        /// (``cacheChanged(_:)``), then asks for its state again.
        case awaitingOthers
        /// The last fetch failed for a reason that may pass: fetched again when retry `attempt` fires.
        case waitingToRetry(attempt: Int)
    }

    /// What a request does once the cache's state it asked for arrives.
    enum AfterCacheState: Hashable {
        /// It chooses its next bytes' source.
        case advance
        /// The fetch it waited on ended with no error; `endsAt` is where it delivered short of the range the request
        /// waited for (the media ends there, if nothing says its length), `nil` when it delivered all of it. A request
        /// still waiting for its content information fails when no length is known even then.
        case fetchEnded(endsAt: Int64?)
    }

    struct Request: Hashable {
        let key: String
        let origin: URL
        let contentType: String?
        /// The content information is still to be given; no byte is responded before it is.
        var needsInformation: Bool
        /// The next byte to respond, and the first byte past the request (`nil`: to the end of the media); `nil`
        /// when the request asks for no data.
        var position: Int64?
        let end: Int64?
        var step: Step
        /// Fetches failed in a row with no byte between them.
        var failures = 0
        /// Its pending state read (or cache read) was asked for while the media's changes were observed, and no change
        /// was reported since: a wait it decides on that state cannot miss the change that ends it.
        var watched = false
    }

    /// The most fetches one request makes in a row without receiving a byte before its failure is final: five waits
    /// of 0.5, 1, 2, 4 and 8 s (15.5 s in all, plus each try's own time), after which a network that is down fails the
    /// item as `.network`.
    static let maximumAttempts = 6

    /// The least an origin read fetches: reads of a few kilobytes are widened to it, the extra going to the cache.
    let minimumFetch: Int64
    /// The least while the engine's player stands paused at the lean depth (``isLean``): never more than
    /// ``minimumFetch``.
    let minimumFetchWhileLean: Int64
    /// Whether the engine's player stands paused at ``SeamlessPlayback/PreloadDepth/lean``: a preload that reads about
    /// its first frame, whose fetches are widened only to ``minimumFetchWhileLean``. The shell sets it as the engine's
    /// machine says (``AVPlayerEngineStateMachine/Action/fetchLeanly(_:)``); it sizes the fetches that start from
    /// then on.
    var isLean = false
    /// The least the next origin read fetches.
    private var leastFetch: Int64 { isLean ? minimumFetchWhileLean : minimumFetch }
    /// The most one cache read responds at once, so that a request for a whole cached media is answered in pieces.
    let cacheReadLimit: Int64
    private(set) var requests: [RequestID: Request] = [:]
    /// One read from the origin, as long as it runs.
    struct Fetch: Hashable, Sendable {
        /// The media's key.
        let key: String
        /// The range it reads (narrowed when the cache granted less: ``fetchNarrowed(_:to:)``).
        var range: Range<Int64>
        /// The next byte to arrive.
        var next: Int64
    }

    /// Every fetch running; a fetch stays here until its end is reported. Several requests may wait on one fetch
    /// (they *ride* it): a request whose next bytes a running fetch of the same media has yet to deliver waits for
    /// them rather than fetching them again.
    private(set) var fetches: [FetchID: Fetch] = [:]
    /// The bytes of each media the machine had written into the cache (``Action/write(key:_:)``): cache I/O runs on
    /// a queue of its own, so a snapshot may not show them yet, but a read queued after the write will; counted as
    /// cached, so they are never fetched again. A read that finds them missing (a failed write, an eviction) falls
    /// back to the origin, as any failed read does.
    private(set) var written: [String: RangeSet<Int64>] = [:]
    /// Lengths the origin told, for when the cache could not keep them.
    private(set) var lengths: [String: Int64] = [:]
    /// The origin's last failure for each media whose last fetch failed (``Action/noteOriginFailure(key:_:)``).
    private(set) var originFailures: [String: ByteSourceError] = [:]
    /// The media whose changes the shell reports (``Action/observeChanges(key:)``): those with a request that waits for
    /// another reader or asks for the cache's state, once one of them waited.
    private(set) var observed: Set<String> = []
    /// Whether retries wait for the foreground while the app is in the background.
    let holdsInBackground: Bool
    /// The app is in the background and ``holdsInBackground``: no retry fires.
    private(set) var isHeld = false
    /// The loader went away: every request was failed, and no new one is taken.
    private(set) var isShutDown = false
    private var lastID: UInt64 = 0

    /// A machine with no requests.
    /// - Parameters:
    ///   - minimumFetch: The least an origin read fetches; values below 1 count as 1.
    ///   - minimumFetchWhileLean: The least while ``isLean``; `nil` for `minimumFetch`, values below 1 count as 1,
    ///     and above `minimumFetch` as that.
    ///   - cacheReadLimit: The most one cache read responds; values below 1 count as 1.
    ///   - holdsInBackground: Whether retries wait for the foreground while the app is in the background (the
    ///     engine's ``BackgroundPolicy/pauseInBackground``: nothing plays there, and a suspended app's fetches die).
    init(
        minimumFetch: Int64, minimumFetchWhileLean: Int64? = nil, cacheReadLimit: Int64,
        holdsInBackground: Bool = false
    ) {
        self.minimumFetch = max(1, minimumFetch)
        self.minimumFetchWhileLean = min(self.minimumFetch, max(1, minimumFetchWhileLean ?? minimumFetch))
        self.cacheReadLimit = max(1, cacheReadLimit)
        self.holdsInBackground = holdsInBackground
    }

    // MARK: Events

    /// AVFoundation asks for a resource (`resourceLoader(_:shouldWaitForLoadingOfRequestedResource:)`).
    /// - Parameters:
    ///   - url: The request's URL.
    ///   - wantsInformation: Whether it has a content information request.
    ///   - data: Its data request, if any.
    /// - Returns: `nil` when the URL is not one the engine made (the delegate answers `false`); else the request's
    ///   ID and the first action: ask for the cache's state (``Action/readCacheState(_:key:)``). The delegate answers
    ///   without touching the cache.
    mutating func requestArrived(
        _ url: URL, wantsInformation: Bool, data: DataRequest?
    ) -> (RequestID, [Action])? {
        guard !isShutDown, let origin = CachedResourceURL.originURL(for: url),
            case .cached(let key) = CacheRoute.route(for: origin)
        else { return nil }
        let id = RequestID(rawValue: nextID())
        requests[id] = Request(
            key: key, origin: origin, contentType: CachedResourceURL.contentType(for: origin),
            needsInformation: wantsInformation, position: data?.currentOffset, end: data?.end,
            step: .awaitingCacheState(then: .advance), watched: observed.contains(key))
        return (id, [.readCacheState(id, key: key)])
    }

    /// The cache's state request `id` asked for (``Action/readCacheState(_:key:)``) arrived: the request chooses its
    /// next step. An answer for a request the machine no longer keeps (cancelled, failed, shut down while the read
    /// was queued) changes nothing.
    /// - Parameters:
    ///   - id: The request.
    ///   - cache: What the cache holds of the request's media, read on the I/O queue.
    mutating func cacheStateRead(_ id: RequestID, cache: CacheSnapshot) -> [Action] {
        settled(chosen(id, cache: cache))
    }

    private mutating func chosen(_ id: RequestID, cache: CacheSnapshot) -> [Action] {
        guard var request = requests[id], case .awaitingCacheState(let then) = request.step else { return [] }
        request.step = .idle
        requests[id] = request
        switch then {
        case .advance:
            return advance(id, cache: cache)
        case .fetchEnded(let endsAt):
            var actions: [Action] = []
            if let endsAt, length(of: request.key, cache: cache) == nil {
                // Delivered short with no error: the media ends there.
                actions += learnLength(endsAt, for: request.key)
            }
            if request.needsInformation, length(of: request.key, cache: cache) == nil {
                // The origin did not say the length, and AVFoundation cannot read a media of unknown length by ranges.
                requests[id] = nil
                return actions + [.fail(id, .unknownLength)]
            }
            return actions + advance(id, cache: cache)
        }
    }

    /// The cache read of `range` for request `id` returned `bytes` (`nil`: an error, or bytes missing); `cache` is the
    /// cache's state, read on the I/O queue just after the bytes.
    mutating func cacheRead(_ id: RequestID, range: Range<Int64>, bytes: Data?, cache: CacheSnapshot) -> [Action] {
        guard var request = requests[id], request.step == .readingCache(range) else { return [] }
        guard let bytes, Int64(bytes.count) == Int64(range.count) else {
            // Never wrong bytes: what the cache could not give, the origin gives (or another reader's fetch).
            let actions = fetchOrWait(id, &request, range: range, cache: cache)
            requests[id] = request
            return settled(actions)
        }
        request.position = range.upperBound
        request.step = .idle
        requests[id] = request
        return settled([.respond(id, bytes)] + advance(id, cache: cache))
    }

    /// A piece of fetch `fetch` arrived: it goes into the cache, and to each request riding the fetch the part it
    /// still wants.
    /// - Parameters:
    ///   - id: The request that started the fetch (the riders are found by the fetch).
    ///   - fetch: The fetch.
    ///   - chunk: The piece.
    mutating func originReceived(_ id: RequestID, fetch: FetchID, chunk: ByteChunk) -> [Action] {
        guard var running = fetches[fetch] else { return [] }
        running.next = max(running.next, chunk.range.upperBound)
        fetches[fetch] = running
        guard !chunk.bytes.isEmpty else { return [] }
        written[running.key, default: RangeSet()].insert(contentsOf: chunk.range)
        return [.write(key: running.key, chunk)] + riders(of: fetch).flatMap { deliver(chunk, to: $0, from: fetch) }
    }

    /// The part of `chunk` request `id` still wants, responded.
    private mutating func deliver(_ chunk: ByteChunk, to id: RequestID, from fetch: FetchID) -> [Action] {
        var actions: [Action] = []
        guard var request = requests[id], case .fetching(fetch, _) = request.step, !request.needsInformation,
            let position = request.position
        else { return actions }
        let lower = max(chunk.offset, position)
        let upper = min(chunk.range.upperBound, request.end ?? .max)
        guard chunk.offset <= position, lower < upper else { return actions }
        let start = chunk.bytes.startIndex + Int(lower - chunk.offset)
        actions.append(.respond(id, chunk.bytes.subdata(in: start..<(start + Int(upper - lower)))))
        request.position = upper
        request.failures = 0
        requests[id] = request
        if let end = request.end, upper >= end {
            // All asked for: finish now; the fetch goes on, widened, into the cache.
            requests[id] = nil
            actions.append(.finish(id))
        }
        return actions
    }

    /// The head of fetch `fetch`'s answer said the media's length, before its body
    /// (``SeamlessPlayback/ByteSource/fetch(_:range:onLength:receive:)``). A request waiting on that fetch for its
    /// content information gets it now, not when the fetch ends: AVFoundation can start reading at once (a 256 KiB
    /// first fetch is about 2 s of transfer at 1 Mbit/s, by arithmetic), and the fetch's pieces are responded as they
    /// arrive. A request that asked for no data, or for none the media holds, finishes.
    mutating func originToldLength(_ id: RequestID, fetch: FetchID, length: Int64) -> [Action] {
        guard let key = fetches[fetch]?.key, length >= 0 else { return [] }
        return learnLength(length, for: key) + riders(of: fetch).flatMap { inform($0, length: length, from: fetch) }
    }

    /// Request `id`, riding `fetch`, gets its content information from the length the fetch's head told.
    private mutating func inform(_ id: RequestID, length: Int64, from fetch: FetchID) -> [Action] {
        var actions: [Action] = []
        guard var request = requests[id], case .fetching(fetch, _) = request.step, request.needsInformation,
            let contentType = request.contentType
        else { return actions }
        let information = ContentInformation(
            contentType: contentType, contentLength: length, isByteRangeAccessSupported: true)
        actions.append(.setContentInformation(id, information))
        request.needsInformation = false
        guard let position = request.position, position < min(request.end ?? .max, length) else {
            // Nothing to respond: done; the fetch goes on into the cache.
            requests[id] = nil
            return actions + [.finish(id)]
        }
        requests[id] = request
        return actions
    }

    /// Fetch `fetch` ended, having delivered `read.range`: each request that rode it asks for the cache's state, and
    /// goes on when it arrives (``cacheStateRead(_:cache:)``).
    mutating func originFinished(_ id: RequestID, fetch: FetchID, read: ByteRangeRead) -> [Action] {
        guard let key = fetches.removeValue(forKey: fetch)?.key else { return [] }
        var actions = note(nil, for: key)
        if let total = read.totalLength { actions += learnLength(total, for: key) }
        return riders(of: fetch).reduce(actions) { $0 + fetchEnded(for: $1, fetch: fetch, read: read) }
    }

    /// Request `id` rode `fetch`, which ended having delivered `read.range`.
    private mutating func fetchEnded(for id: RequestID, fetch: FetchID, read: ByteRangeRead) -> [Action] {
        guard var request = requests[id], case .fetching(fetch, let range) = request.step else { return [] }
        let endsAt = read.range.upperBound < range.upperBound ? read.range.upperBound : nil
        let ask = ask(id, &request, then: .fetchEnded(endsAt: endsAt))
        requests[id] = request
        return [ask]
    }

    /// Fetch `fetch` failed. A failure that may pass keeps the request, to fetch again after a backoff
    /// (``Action/scheduleRetry(_:attempt:after:)``, or at the foreground while held); a permanent one, or the
    /// ``maximumAttempts``th in a row without a byte, fails it. Every failure but the loader's own cancellation is
    /// noted for the engine (``Action/noteOriginFailure(key:_:)``).
    mutating func originFailed(_ id: RequestID, fetch: FetchID, error: ByteSourceError) -> [Action] {
        guard let key = fetches.removeValue(forKey: fetch)?.key else { return [] }
        return riders(of: fetch).reduce([]) { $0 + fetchFailed(for: $1, fetch: fetch, key: key, error: error) }
    }

    /// Request `id` rode `fetch`, which failed with `error`.
    private mutating func fetchFailed(
        for id: RequestID, fetch: FetchID, key: String, error: ByteSourceError
    ) -> [Action] {
        guard var request = requests[id], case .fetching(fetch, let range) = request.step else { return [] }
        if case .rangeNotSatisfiable(let told) = error, (told ?? range.lowerBound) <= range.lowerBound {
            // The media ends where the fetch began: what the media holds was responded; the rest is decided with the
            // cache's state.
            let actions = learnLength(told ?? range.lowerBound, for: key)
            let ask = ask(id, &request, then: .advance)
            requests[id] = request
            return actions + [ask]
        }
        let noted = note(error, for: key)
        request.failures += 1
        guard Self.isTransient(error), request.failures < Self.maximumAttempts else {
            requests[id] = nil
            return noted + [.fail(id, .origin(error))]
        }
        request.step = .waitingToRetry(attempt: request.failures)
        requests[id] = request
        guard !isHeld else { return noted }
        return noted + [
            .scheduleRetry(id, attempt: request.failures, after: Self.retryDelay(attempt: request.failures))
        ]
    }

    /// Retry `attempt` of request `id` fires: the request asks for the cache's state, and then fetches again from the
    /// next byte it needs (what the cache gained meanwhile is served from it). A retry the request no longer waits
    /// for, or one that fires while held, changes nothing.
    mutating func retryFired(_ id: RequestID, attempt: Int) -> [Action] {
        guard !isHeld, var request = requests[id], request.step == .waitingToRetry(attempt: attempt) else { return [] }
        let ask = ask(id, &request, then: .advance)
        requests[id] = request
        return [ask]
    }

    /// The app moved to the background or back. With ``holdsInBackground``, retries wait while it is there; on its
    /// return every waiting request's retry is scheduled at once.
    mutating func appMoved(toBackground isInBackground: Bool) -> [Action] {
        let wasHeld = isHeld
        isHeld = holdsInBackground && isInBackground
        guard wasHeld, !isHeld else { return [] }
        return requests.sorted { $0.key.rawValue < $1.key.rawValue }.compactMap { id, request in
            guard case .waitingToRetry(let attempt) = request.step else { return nil }
            return .scheduleRetry(id, attempt: attempt, after: .zero)
        }
    }

    /// Whether an origin's failure may pass, so that the request fetches again: a lost or refused connection, a
    /// timeout, a body cut short, a server's 5xx, 408 or 429, a read cancelled by anyone but the loader (a session
    /// torn down). A missing media, a status or range the read cannot use, and other transport failures (App
    /// Transport Security, cellular data off) meet the same answer again.
    static func isTransient(_ error: ByteSourceError) -> Bool {
        switch error {
        case .connectionLost, .shortRead, .unreachable, .timedOut, .serverError, .cancelled: true
        case .unexpectedStatus(let status): status == 408 || status == 429
        case .notFound, .rangeNotSatisfiable, .badContentRange, .transport: false
        }
    }

    /// How long retry `attempt` (from 1) waits: 0.5 s, doubling, at most 8 s.
    static func retryDelay(attempt: Int) -> Duration {
        let doublings = min(max(attempt - 1, 0), 4)
        return .milliseconds(500 * (1 << doublings))
    }

    /// AVFoundation cancelled request `id` (`resourceLoader(_:didCancel:)`): it is forgotten, its fetch cancelled; a
    /// cache state or cache read it asked for is answered into nothing.
    mutating func requestCancelled(_ id: RequestID) -> [Action] {
        guard let request = requests.removeValue(forKey: id) else { return [] }
        // A fetch another request rides goes on for it.
        if case .fetching(let fetch, _) = request.step, riders(of: fetch).isEmpty {
            return settled([.cancelFetch(fetch)])
        }
        return settled([])
    }

    /// The media changed in the cache (bytes written, its length set, a claim released: the shell's observation,
    /// ``Action/observeChanges(key:)``): each request of it that waits for another reader asks for the cache's state
    /// again; a state read already asked for may predate the change, so a request that reads it does not wait on it.
    mutating func cacheChanged(_ key: String) -> [Action] {
        var actions: [Action] = []
        for id in requests.keys.sorted(by: { $0.rawValue < $1.rawValue }) {
            guard var request = requests[id], request.key == key else { continue }
            switch request.step {
            case .awaitingOthers: actions.append(ask(id, &request, then: .advance))
            case .awaitingCacheState, .readingCache: request.watched = false
            case .idle, .fetching, .waitingToRetry: continue
            }
            requests[id] = request
        }
        return actions
    }

    /// The cache granted fetch `fetch` only `granted`, the start of the range it was to read: another reader claimed
    /// the rest meanwhile. The fetch reads `granted`, and its requests wait on it for no more; a request that waited
    /// on it for bytes past `granted` asks for the cache's state again.
    mutating func fetchNarrowed(_ fetch: FetchID, to granted: Range<Int64>) -> [Action] {
        guard var running = fetches[fetch], !granted.isEmpty, granted.lowerBound == running.range.lowerBound,
            granted.upperBound < running.range.upperBound
        else { return [] }
        running.range = granted
        fetches[fetch] = running
        var actions: [Action] = []
        for id in riders(of: fetch) {
            guard var request = requests[id], case .fetching(_, let wanted) = request.step else { continue }
            if wanted.lowerBound < granted.upperBound {
                request.step = .fetching(fetch, wanted.lowerBound..<min(wanted.upperBound, granted.upperBound))
            } else {
                actions += askWatched(id, &request)
            }
            requests[id] = request
        }
        return actions
    }

    /// The cache refused fetch `fetch` its claim: another reader claimed its first byte meanwhile, and nothing was
    /// fetched. The fetch is forgotten; each request that waited on it asks for the cache's state again while the
    /// media's changes are observed, and waits for the other reader's bytes if they are still on their way.
    mutating func fetchRefused(_ fetch: FetchID) -> [Action] {
        guard fetches.removeValue(forKey: fetch) != nil else { return [] }
        var actions: [Action] = []
        for id in riders(of: fetch) {
            guard var request = requests[id] else { continue }
            actions += askWatched(id, &request)
            requests[id] = request
        }
        return actions
    }

    /// The loader goes away: every open request fails (``ResourceLoadingFailure/shutDown``), so that AVFoundation
    /// holds none of them open on a loader that will answer no more, every fetch is cancelled, and no new request is
    /// taken. Only the first call does anything.
    mutating func shutdown() -> [Action] {
        guard !isShutDown else { return [] }
        isShutDown = true
        let open = requests.keys.sorted { $0.rawValue < $1.rawValue }
        requests = [:]
        return open.map { .fail($0, .shutDown) }
            + fetches.keys.sorted { $0.rawValue < $1.rawValue }.map(Action.cancelFetch) + settled([])
    }

    /// What is wrong with the machine's bookkeeping: nothing, when empty. Tests call it after every step.
    func invariantViolations() -> [String] {
        var violations: [String] = []
        for (id, request) in requests {
            switch request.step {
            case .idle: violations.append("\(id) idle between events")
            case .awaitingCacheState: break
            case .readingCache(let range):
                if request.needsInformation { violations.append("\(id) reads the cache before its information") }
                if request.position != range.lowerBound { violations.append("\(id) reads away from its position") }
            case .fetching(let fetch, let range):
                guard let running = fetches[fetch], running.key == request.key else {
                    violations.append("\(id) waits on \(fetch), not running")
                    break
                }
                if !running.range.contains(range.lowerBound) {
                    violations.append("\(id) waits on \(fetch) for bytes it does not read")
                }
            case .waitingToRetry(let attempt):
                if attempt != request.failures { violations.append("\(id) retries attempt \(attempt) of another") }
            case .awaitingOthers:
                if !observed.contains(request.key) { violations.append("\(id) waits for others unobserved") }
            }
            if request.watched, request.step.asksOrAwaits, !observed.contains(request.key) {
                violations.append("\(id) watched unobserved")
            }
            if request.failures >= Self.maximumAttempts { violations.append("\(id) kept past its last attempt") }
            if let position = request.position, let end = request.end, position >= end {
                violations.append("\(id) kept with all its bytes responded")
            }
        }
        for key in observed where !requests.values.contains(where: { $0.key == key && $0.step.asksOrAwaits }) {
            violations.append("\(key) observed for no request")
        }
        return violations
    }

    // MARK: Deciding

    /// The request's next step from where it stands.
    private mutating func advance(_ id: RequestID, cache: CacheSnapshot) -> [Action] {
        guard var request = requests[id] else { return [] }
        var actions: [Action] = []
        let length = length(of: request.key, cache: cache)
        if request.needsInformation {
            guard let contentType = request.contentType else {
                requests[id] = nil
                return [.fail(id, .unknownContentType)]
            }
            guard let length else {
                // Only the origin knows the length: its first bytes go to the cache, the length to the answer.
                let start = request.position ?? 0
                let actions = fetchOrWait(id, &request, range: start..<Self.sum(start, leastFetch), cache: cache)
                requests[id] = request
                return actions
            }
            let information = ContentInformation(
                contentType: contentType, contentLength: length, isByteRangeAccessSupported: true)
            actions.append(.setContentInformation(id, information))
            request.needsInformation = false
        }
        let wantedEnd = min(request.end ?? .max, length ?? .max)
        guard let position = request.position, position < wantedEnd else {
            requests[id] = nil
            return actions + [.finish(id)]
        }
        let cached = cache.cached.union(written[request.key] ?? RangeSet())
        let plan = CachedReadPlan.plan(position..<wantedEnd, cached: cached, length: length, minimumFetch: leastFetch)
        guard let first = plan.segments.first else {
            requests[id] = nil
            return actions + [.finish(id)]
        }
        switch first.source {
        case .cache:
            let range = first.range.lowerBound..<min(first.range.upperBound, Self.sum(position, cacheReadLimit))
            request.step = .readingCache(range)
            request.watched = observed.contains(request.key)
            actions.append(.readCache(id, key: request.key, range: range))
        case .origin:
            actions += fetchOrWait(id, &request, range: first.range, cache: cache)
        }
        requests[id] = request
        return actions
    }

    /// The request waits for `range` from the origin: on a running fetch of its media that has yet to deliver the
    /// range's first byte; on another reader's fetch, when another reader claimed that byte; else on a new fetch that
    /// ends where the next claim begins (another reader's, or a running fetch's of the machine's own).
    private mutating func fetchOrWait(
        _ id: RequestID, _ request: inout Request, range: Range<Int64>, cache: CacheSnapshot
    ) -> [Action] {
        guard riddenFetch(of: request.key, from: range.lowerBound) == nil else {
            return startFetch(id, &request, range: range)
        }
        let others = claimedByOthers(request.key, cache: cache)
        guard !others.contains(range.lowerBound) else { return awaitOthers(id, &request) }
        // Claims never overlap: the fetch ends where the next claim begins, another reader's or the machine's own.
        let key = request.key
        let own = fetches.values.filter { $0.key == key }.map(\.range.lowerBound)
        let claimsStart = (others.ranges.map(\.lowerBound) + own).filter { $0 > range.lowerBound }.min() ?? .max
        return startFetch(id, &request, range: range.lowerBound..<min(range.upperBound, claimsStart))
    }

    /// What other readers claimed of the media: every claim the snapshot shows but the machine's running fetches'
    /// (claims of one media never overlap, so what a fetch of the machine's own covers is its claim).
    private func claimedByOthers(_ key: String, cache: CacheSnapshot) -> RangeSet<Int64> {
        var others = cache.claimed
        for fetch in fetches.values where fetch.key == key { others.remove(contentsOf: fetch.range) }
        return others
    }

    /// The request waits for another reader's bytes, if its state was read while the media's changes were observed
    /// and none was reported since; else it asks again, the observation started first.
    private mutating func awaitOthers(_ id: RequestID, _ request: inout Request) -> [Action] {
        guard request.watched else { return askWatched(id, &request) }
        request.step = .awaitingOthers
        return []
    }

    /// The request asks for the cache's state while the media's changes are observed (starting the observation).
    private mutating func askWatched(_ id: RequestID, _ request: inout Request) -> [Action] {
        var actions: [Action] = []
        if observed.insert(request.key).inserted { actions.append(.observeChanges(key: request.key)) }
        return actions + [ask(id, &request, then: .advance)]
    }

    /// The request asks for the cache's state; `then` says what it does when the state arrives.
    private func ask(_ id: RequestID, _ request: inout Request, then: AfterCacheState) -> Action {
        request.step = .awaitingCacheState(then: then)
        request.watched = observed.contains(request.key)
        return .readCacheState(id, key: request.key)
    }

    /// Stops observing the media none of whose requests waits for another reader or asks for the cache's state. The
    /// stops come first: a refused claim carried out among `actions` may start an observation again.
    private mutating func settled(_ actions: [Action]) -> [Action] {
        let needed = Set(requests.values.lazy.filter(\.step.asksOrAwaits).map(\.key))
        let stopped = observed.subtracting(needed).sorted()
        observed.subtract(stopped)
        return stopped.map { .stopObservingChanges(key: $0) } + actions
    }

    /// A running fetch of `key` that has yet to deliver `offset`.
    private func riddenFetch(of key: String, from offset: Int64) -> (FetchID, Fetch)? {
        fetches.filter { _, fetch in fetch.key == key && fetch.next <= offset && offset < fetch.range.upperBound }
            .min { $0.key.rawValue < $1.key.rawValue }.map { ($0.key, $0.value) }
    }

    /// The request waits for `range` from the origin: on a running fetch of its media that has yet to deliver the
    /// range's first byte, else on a new fetch (the one action returned).
    private mutating func startFetch(
        _ id: RequestID, _ request: inout Request, range: Range<Int64>
    ) -> [Action] {
        if let (fetch, joined) = riddenFetch(of: request.key, from: range.lowerBound) {
            request.step = .fetching(fetch, range.lowerBound..<min(range.upperBound, joined.range.upperBound))
            return []
        }
        let fetch = FetchID(rawValue: nextID())
        fetches[fetch] = Fetch(key: request.key, range: range, next: range.lowerBound)
        request.step = .fetching(fetch, range)
        return [.fetch(id, fetch, url: request.origin, range: range)]
    }

    /// The requests waiting on `fetch`, oldest first.
    private func riders(of fetch: FetchID) -> [RequestID] {
        requests.compactMap { id, request in
            if case .fetching(fetch, _) = request.step { id } else { nil }
        }.sorted { $0.rawValue < $1.rawValue }
    }

    /// Notes the origin's last failure for `key` when it changed.
    private mutating func note(_ failure: ByteSourceError?, for key: String) -> [Action] {
        guard originFailures[key] != failure else { return [] }
        originFailures[key] = failure
        return [.noteOriginFailure(key: key, failure)]
    }

    private mutating func learnLength(_ length: Int64, for key: String) -> [Action] {
        guard lengths[key] != length else { return [] }
        lengths[key] = length
        return [.recordLength(key: key, length)]
    }

    private func length(of key: String, cache: CacheSnapshot) -> Int64? {
        lengths[key] ?? cache.length
    }

    private mutating func nextID() -> UInt64 {
        lastID += 1
        return lastID
    }

    private static func sum(_ a: Int64, _ b: Int64) -> Int64 {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? .max : sum
    }
}

extension ResourceLoadingStateMachine.Step {
    /// Whether a request at this step needs its media's changes reported: it waits for another reader, or asks for
    /// the cache's state (or reads the cache, whose answer carries the state) and may decide to wait on the answer.
    var asksOrAwaits: Bool {
        switch self {
        case .awaitingCacheState, .readingCache, .awaitingOthers: true
        case .idle, .fetching, .waitingToRetry: false
        }
    }
}
