import Foundation

/// Carries out a feed's byte tier: fetches the first bytes of the plan's items into a ``MediaCache``, no player spent.
///
/// On each ``update(_:)`` it fetches, for each item of the plan, the first ``BytePrefetchPlan/bytesPerItem`` bytes the
/// cache lacks — only the missing ranges — nearest the focus first, at most `maxConcurrentFetches` at a time, writing
/// the bytes into the cache as they arrive so that a cancelled fetch keeps its progress. Items dropped from the plan
/// are cancelled, and so is every fetch of a prefetcher nobody holds any more, which starts no other; while the plan is
/// held, every fetch is cancelled and none starts until a plan that is not held. Errors are counted in ``stats`` and
/// reported to `onEvent`. A fetch that failed for now (a network failure, a server's 5xx, a body cut short) is tried
/// again after `retryDelay`, doubling, while its item stays in the plan, three fetches in all; one that failed for good
/// (404 or 410, another status, the cache refusing the bytes) is not, nor is an item past its tries, until it leaves
/// the plan and comes back.
///
/// It fits what it fetches to the link. It measures what its fetches get (the bytes they brought per second in which
/// one was receiving, weighted towards the latest fetches), and when the plan's items would not all get their
/// ``BytePrefetchPlan/bytesPerItem`` within a `dwell` at that rate, each gets an equal share of what it brings instead
/// (in multiples of 16 KiB), never less than `leastBytesPerItem`. Every item of the plan is fetched, nearest first:
/// what one dwell does not bring, the next brings while the item stays in the plan. The wait for an answer's first
/// bytes is not counted (a stalled origin says nothing of the link), so fetches of a few kilobytes measure the link
/// too; as later fetches measure a faster link, the items' heads deepen towards ``BytePrefetchPlan/bytesPerItem``. The
/// rate is measured only by fetches: while nothing is left to fetch, it stays what they last measured. Until its
/// fetches have received for a fifth of a second and brought 32 KiB, every item gets its whole
/// ``BytePrefetchPlan/bytesPerItem``.
///
/// Skipped: items without a URL, and HLS items (URL path extension `m3u8`), whose bytes are a playlist rather than
/// the start of the media. The cache key of an item is its URL's `absoluteString`.
///
/// `PrefetchScheduler` (internal) makes every decision; this class runs its fetches, one task each.
public final class MediaPrefetcher: BytePrefetching {
    private struct State {
        var scheduler: PrefetchScheduler
        var tasks: [PrefetchScheduler.FetchID: Task<Void, Never>] = [:]
        /// The waits before retries, by item key.
        var retries: [String: Task<Void, Never>] = [:]
        var fetchedBytes: Int64 = 0
        var throughput = LinkThroughput()
        /// Events decided but not yet delivered, oldest first, and whether a call is delivering them now.
        var undelivered: [Event] = []
        var delivering = false
    }

    /// What a fetch's task needs, without the prefetcher itself: a prefetcher nobody holds goes away, and its
    /// fetches are cancelled.
    private struct Context: Sendable {
        let cache: MediaCache
        let source: any ByteSource
        let state: Protected<State>
        let onEvent: (@Sendable (Event) -> Void)?
        /// The time since a fixed moment, for ``LinkThroughput``.
        let now: @Sendable () -> Duration
    }

    private let context: Context

    /// The time the byte tier expects to have for a plan, by default: 2 seconds.
    public static let defaultDwell = Duration.seconds(2)
    /// The least a sized item gets, by default: 96 KiB.
    public static let defaultLeastBytesPerItem: Int64 = 96 << 10

    /// Creates a prefetcher that fetches nothing until its first ``update(_:)``.
    /// - Parameters:
    ///   - cache: Where the bytes go; the key of an item is its URL's `absoluteString`.
    ///   - source: Where the bytes come from, such as an ``HTTPByteSource``.
    ///   - maxConcurrentFetches: The most fetches in flight at once, cancelled ones that have not yet ended
    ///     included. Default 2; values below 1 count as 1.
    ///   - retryDelay: The wait before an item's first retry after a fetch that failed for now; each later one
    ///     waits twice as long. Default half a second.
    ///   - dwell: The time the byte tier expects to have for a plan before the feed's focus moves on: what is fetched
    ///     is sized to arrive within it at the rate the fetches get. `nil` fetches every item's whole
    ///     ``BytePrefetchPlan/bytesPerItem`` whatever the link. Default 2 seconds, within the 1.5 to 3.5 seconds a
    ///     measured phone user dwells on a clip; on a 4 Mbit/s link every connection shares, as many flings found
    ///     their clip cached as with whole heads, with less fetched (the MPV engine's `BENCHMARKS.md`).
    ///   - leastBytesPerItem: The least a sized item gets: about what an engine needs to show a clip's first frame.
    ///     Default 96 KiB, with which libmpv showed a 1.2 Mbit/s H.264 clip's first frame from disk in 15–28 ms, where
    ///     48–87 KiB took one more round trip (the MPV engine's `BENCHMARKS.md`); values below 16 KiB count as 16 KiB,
    ///     and a plan's smaller ``BytePrefetchPlan/bytesPerItem`` wins.
    ///   - onEvent: Called with each fetch's start and end in the order the prefetcher decided them, one call at a
    ///     time, on the thread of a call or fetch that caused one of them; keep it short and do not call the
    ///     prefetcher from it. Default none.
    public convenience init(
        cache: MediaCache, source: any ByteSource, maxConcurrentFetches: Int = 2,
        retryDelay: Duration = .milliseconds(500), dwell: Duration? = defaultDwell,
        leastBytesPerItem: Int64 = defaultLeastBytesPerItem,
        onEvent: (@Sendable (Event) -> Void)? = nil
    ) {
        let clock = ContinuousClock()
        let start = clock.now
        self.init(
            cache: cache, source: source, maxConcurrentFetches: maxConcurrentFetches, retryDelay: retryDelay,
            sizing: dwell.map { HeadSizing(dwell: $0, leastBytesPerItem: leastBytesPerItem) },
            now: { clock.now - start }, onEvent: onEvent)
    }

    /// Creates a prefetcher whose link measurement reads the time from `now`.
    init(
        cache: MediaCache, source: any ByteSource, maxConcurrentFetches: Int, retryDelay: Duration,
        sizing: HeadSizing?, now: @escaping @Sendable () -> Duration, onEvent: (@Sendable (Event) -> Void)?
    ) {
        let scheduler = PrefetchScheduler(
            maxConcurrentFetches: maxConcurrentFetches, retryDelay: retryDelay, sizing: sizing)
        let state = Protected(State(scheduler: scheduler))
        context = Context(cache: cache, source: source, state: state, onEvent: onEvent, now: now)
    }

    deinit {
        // Nothing to fetch any more: the fetches cancelled here end into an empty plan and start no other.
        let context = context
        let tasks = context.state.withLock { state in
            _ = state.scheduler.planChanged(.empty, cache: context.cache)
            return Array(state.tasks.values) + Array(state.retries.values)
        }
        for task in tasks { task.cancel() }
    }

    /// Replaces the plan: cancels the fetches it no longer wants (all of them while it is held) and starts the next
    /// ones. Returns at once; the fetching happens in tasks of the prefetcher's own.
    /// - Parameter plan: The items whose first bytes to cache, nearest first.
    public func update(_ plan: BytePrefetchPlan) {
        let context = context
        Self.carryOut(context) { $0.scheduler.planChanged(plan, cache: context.cache) }
    }

    /// What the prefetcher has done so far.
    public var stats: Stats {
        context.state.withLock { state in
            var stats = Stats()
            stats.fetchedBytes = state.fetchedBytes
            stats.completedFetches = state.scheduler.completed
            stats.failedFetches = state.scheduler.failed
            stats.cancelledFetches = state.scheduler.cancelled
            stats.linkBytesPerSecond = state.throughput.bytesPerSecond
            return stats
        }
    }

    /// Feeds the scheduler one event and carries out its actions: tasks are started and filed under the lock (so
    /// that a fetch that ends at once finds its own), and cancelled outside it. `report` is queued for `onEvent`
    /// before the starts, once the scheduler has counted it, and every event leaves in the order it was decided:
    /// two fetches ending together on two threads never report their successors' starts out of order.
    private static func carryOut(
        _ context: Context, report: Event? = nil, _ event: (inout State) -> [PrefetchScheduler.Action]
    ) {
        let (cancelled, delivers) = context.state.withLock { state -> ([Task<Void, Never>], Bool) in
            var cancelled: [Task<Void, Never>] = []
            if let report { state.undelivered.append(report) }
            for action in event(&state) {
                switch action {
                case .start(let job):
                    state.throughput.fetchStarted()
                    state.tasks[job.id] = Task { await fetch(job, context) }
                    state.undelivered.append(.started(job.item, range: job.range))
                case .cancel(let id):
                    if let task = state.tasks[id] { cancelled.append(task) }
                case .retry(let key, let delay):
                    if let earlier = state.retries[key] { cancelled.append(earlier) }
                    state.retries[key] = Task {
                        try? await Task.sleep(for: delay)
                        guard !Task.isCancelled else { return }
                        carryOut(context) { state in
                            state.retries[key] = nil
                            return state.scheduler.retryDue(key, cache: context.cache)
                        }
                    }
                }
            }
            let delivers = !state.delivering && !state.undelivered.isEmpty
            if delivers { state.delivering = true }
            return (cancelled, delivers)
        }
        // Cancelled first: delivering may drain other threads' events a while.
        for task in cancelled { task.cancel() }
        if delivers { deliver(context) }
    }

    /// Hands the queued events to `onEvent` outside the lock, oldest first, until none is left; events queued
    /// meanwhile by other threads are delivered by this loop too, so that only one call delivers at a time.
    private static func deliver(_ context: Context) {
        while true {
            let batch = context.state.withLock { state -> [Event] in
                let batch = state.undelivered
                state.undelivered = []
                if batch.isEmpty { state.delivering = false }
                return batch
            }
            if batch.isEmpty { return }
            if let onEvent = context.onEvent { for event in batch { onEvent(event) } }
        }
    }

    /// Whether a source's failure may pass: the network, a server's 5xx, a body cut short. A missing media, another
    /// status or a bad answer will not.
    static func isForNow(_ error: ByteSourceError) -> Bool {
        switch error {
        case .connectionLost, .unreachable, .timedOut, .shortRead, .serverError: true
        case .notFound, .unexpectedStatus, .rangeNotSatisfiable, .badContentRange, .cancelled, .transport: false
        }
    }

    /// Runs one fetch: writes each piece into the cache as it arrives, learns the length, reports the end.
    /// Its range is claimed in the cache first (``MediaCache/claim(_:for:)``): an engine that needs the same bytes
    /// meanwhile waits for them rather than fetching them again; a range whose start an engine claimed first is not
    /// fetched at all. The claim ends before the scheduler hears the end, so that its next plan sees what is missing.
    private static func fetch(_ job: PrefetchScheduler.Job, _ context: Context) async {
        guard let claim = context.cache.claim(job.range, for: job.key) else {
            carryOut(context, report: .cancelled(job.item)) { state in
                state.tasks[job.id] = nil
                measureEnd(&state, received: false, context)
                return state.scheduler.fetchEnded(job.id, outcome: .yielded, cache: context.cache)
            }
            return
        }
        let cacheFailure = Protected<MediaCacheError?>(nil)
        // Whether its first bytes arrived: from then on its time counts in the link's measurement.
        let received = Protected(false)
        let outcome: PrefetchScheduler.Outcome
        let event: Event
        do throws(ByteSourceError) {
            // The length goes into the cache with the answer's head: an engine that opens the medium meanwhile
            // knows where it ends and asks nothing past it.
            let onLength: @Sendable (Int64) -> Void = { try? context.cache.setLength($0, for: job.key) }
            let read = try await context.source.fetch(job.url, range: claim.range, onLength: onLength) { chunk in
                do throws(MediaCacheError) {
                    guard cacheFailure.withLock({ $0 == nil }) else { return }
                    try context.cache.write(chunk.bytes, for: job.key, at: chunk.offset)
                    let first = received.withLock { received in
                        defer { received = true }
                        return !received
                    }
                    context.state.withLock { state in
                        let count = Int64(chunk.bytes.count)
                        state.fetchedBytes += count
                        if first {
                            state.throughput.firstBytes(count, at: context.now())
                        } else {
                            state.throughput.delivered(count)
                        }
                    }
                } catch {
                    cacheFailure.withLock { $0 = error }
                    context.state.withLock { $0.tasks[job.id] }?.cancel()
                }
            }
            // A length the cache refuses (shorter than bytes it holds) leaves the cache as it was: nothing to undo.
            if let length = read.totalLength { try? context.cache.setLength(length, for: job.key) }
            (outcome, event) = (.completed(read.range), .completed(job.item, range: read.range))
        } catch {
            if let failure = cacheFailure.withLock({ $0 }) {
                (outcome, event) = (.failed, .failed(job.item, .cache(failure)))
            } else if error == .cancelled {
                (outcome, event) = (.cancelled, .cancelled(job.item))
            } else {
                (outcome, event) = (Self.isForNow(error) ? .failedForNow : .failed, .failed(job.item, .source(error)))
            }
        }
        context.cache.release(claim)
        let receivedAny = received.withLock { $0 }
        carryOut(context, report: event) { state in
            state.tasks[job.id] = nil
            measureEnd(&state, received: receivedAny, context)
            return state.scheduler.fetchEnded(job.id, outcome: outcome, cache: context.cache)
        }
    }

    /// A fetch ended: the link's measurement counts it, and the scheduler sizes what comes next to it.
    private static func measureEnd(_ state: inout State, received: Bool, _ context: Context) {
        state.throughput.fetchEnded(received: received, at: context.now())
        state.scheduler.linkRate = state.throughput.bytesPerSecond
    }
}
