import Foundation

/// What ``PrefetchScheduler`` reads of the cache: which bytes of a medium are there, which an origin fetch is
/// bringing (``MediaCache/claim(_:for:)``), and its length when known. ``MediaCache`` is one; tests use a dictionary.
protocol PrefetchCacheView {
    func cachedRanges(for key: String) -> RangeSet<Int64>
    func claimedRanges(for key: String) -> RangeSet<Int64>
    func length(for key: String) -> Int64?
}

extension MediaCache: PrefetchCacheView {}

/// The decisions of ``MediaPrefetcher``, with no awaiting and no I/O: which item's which bytes to fetch next, which
/// fetches to cancel, given the plan, what the cache holds and what is in flight.
///
/// Inputs are events — ``planChanged(_:cache:)`` and ``fetchEnded(_:outcome:cache:)`` — and each returns the actions
/// the shell carries out, in order. The rules:
/// - An item is eligible when it has a URL that is not HLS (path extension `m3u8`: a playlist, not progressive
///   bytes); its key is the URL's `absoluteString`. An item twice in the plan counts once, at its nearest place.
/// - Each eligible item wants its first ``BytePrefetchPlan/bytesPerItem`` bytes, clamped to its length when the cache
///   knows it. With a ``HeadSizing`` and a measured ``linkRate``, they want their share of what the link brings in a
///   dwell instead, never less than its least (a rate that rises lets them deepen). A fetch asks for the first range
///   that is neither cached nor claimed by another fetch (an engine's reading the same media), only; the next starts
///   when it ends. A fetch that finds its range claimed when it
///   starts yields (``Outcome/yielded``): nothing is settled, and the next fetch plans around the claim.
/// - Fetches start nearest first, at most `maxConcurrentFetches` in flight, and at most one per item. A cancelled
///   fetch keeps its slot and its item until it has ended, so that the bytes it wrote are seen before the next fetch
///   of that item is planned and the cap holds on the wire.
/// - While the plan is held, every fetch is cancelled and none starts. An item that leaves the plan is cancelled.
/// - An item whose fetch failed for good (the origin said the media is not there, the cache refused the bytes), or
///   completed without progress, is not fetched again while it stays in the plan. One whose fetch failed for now (a
///   network failure, a server error) is tried again after ``retryDelay(before:)`` while it stays in the plan, up to
///   ``maxTries`` fetches in all; then it is not fetched again while it stays in the plan. Its tries count afresh once
///   it has left the plan and come back (a new focus).
struct PrefetchScheduler: Sendable {
    /// The most fetches of one item that fail for now before the scheduler gives it up while it stays in the plan.
    static let maxTries = 3
    /// A fetch's identity, fresh for each fetch started.
    struct FetchID: Hashable, Sendable, Comparable, CustomStringConvertible {
        var raw: UInt64
        static func < (lhs: FetchID, rhs: FetchID) -> Bool { lhs.raw < rhs.raw }
        var description: String { "#\(raw)" }
    }

    /// A fetch to start.
    struct Job: Hashable, Sendable {
        var id: FetchID
        var item: MediaItem
        var key: String
        var url: URL
        var range: Range<Int64>
    }

    /// What the shell must do.
    enum Action: Hashable, Sendable {
        case start(Job)
        case cancel(FetchID)
        /// Report ``retryDue(_:cache:)`` for the item of this key after the delay.
        case retry(key: String, after: Duration)
    }

    /// How a fetch ended, as the shell reports it.
    enum Outcome: Hashable, Sendable {
        /// It delivered this range (empty when the medium had nothing there).
        case completed(Range<Int64>)
        /// It failed for good: the origin said the media is not there, or the cache refused its bytes.
        case failed
        /// It failed for now (a network failure, a server error): worth another try later.
        case failedForNow
        case cancelled
        /// It fetched nothing: another fetch had claimed the first byte of its range when it started.
        case yielded
    }

    private struct Flight: Hashable, Sendable {
        var job: Job
        var isCancelling = false
    }

    /// The most fetches in flight, cancelling ones included; at least 1.
    let maxConcurrentFetches: Int
    private(set) var plan = BytePrefetchPlan.empty
    private var flights: [String: Flight] = [:]
    /// Items not to fetch again while they stay in the plan.
    private(set) var settled: Set<String> = []
    /// Fetches of each item that failed for now, while it stays in the plan.
    private(set) var failedTries: [String: Int] = [:]
    /// Items waiting for their retry's delay.
    private(set) var backingOff: Set<String> = []
    private var nextID: UInt64 = 0
    /// Fetches ended, by outcome.
    private(set) var completed = 0
    private(set) var failed = 0
    private(set) var cancelled = 0

    /// The wait before an item's first retry; each later one waits twice as long.
    let retryDelay: Duration
    /// How the items' heads fit the link, or `nil` to want every item's whole ``BytePrefetchPlan/bytesPerItem``.
    let sizing: HeadSizing?
    /// What the link delivers to the fetches, in bytes per second (``LinkThroughput``), as the shell last measured it;
    /// `nil` while nothing is measured. Read at each event.
    var linkRate: Double?

    init(maxConcurrentFetches: Int, retryDelay: Duration = .milliseconds(500), sizing: HeadSizing? = nil) {
        self.maxConcurrentFetches = max(1, maxConcurrentFetches)
        self.retryDelay = max(.zero, retryDelay)
        self.sizing = sizing
    }

    /// The bytes from each item's start the plan wants now, and the items that want them, nearest first, each once.
    var heads: (bytes: Int64, items: [(item: MediaItem, key: String)]) {
        var seen: Set<String> = []
        var eligible: [(item: MediaItem, key: String)] = []
        for item in plan.items {
            guard let key = Self.key(for: item), seen.insert(key).inserted else { continue }
            eligible.append((item, key))
        }
        guard let sizing else { return (plan.bytesPerItem, eligible) }
        return (sizing.bytesPerItem(of: eligible.count, bytesPerItem: plan.bytesPerItem, rate: linkRate), eligible)
    }

    /// The fetches in flight, by ID, cancelling ones included.
    var inFlight: [FetchID: Job] {
        Dictionary(uniqueKeysWithValues: flights.values.map { ($0.job.id, $0.job) })
    }

    /// The fetches being cancelled.
    var cancelling: Set<FetchID> { Set(flights.values.filter(\.isCancelling).map(\.job.id)) }

    /// The cache key of an item the prefetcher fetches, or `nil` for one it skips (no URL, or HLS).
    static func key(for item: MediaItem) -> String? {
        guard let url = item.url, url.pathExtension.lowercased() != "m3u8" else { return nil }
        return url.absoluteString
    }

    /// The cache keys of the plan's items.
    private var wantedKeys: Set<String> { Set(plan.items.compactMap(Self.key)) }

    /// The plan changed: cancel what it no longer wants (everything while held), start what it wants next.
    mutating func planChanged(_ plan: BytePrefetchPlan, cache: some PrefetchCacheView) -> [Action] {
        self.plan = plan
        let wanted = wantedKeys
        settled.formIntersection(wanted)
        backingOff.formIntersection(wanted)
        failedTries = failedTries.filter { wanted.contains($0.key) }
        var actions: [Action] = []
        for (key, flight) in flights.sorted(by: { $0.value.job.id < $1.value.job.id })
        where !flight.isCancelling && (plan.isHeld || !wanted.contains(key)) {
            flights[key]?.isCancelling = true
            actions.append(.cancel(flight.job.id))
        }
        return actions + fill(cache)
    }

    /// A fetch ended: free its slot, remember a failure, start what comes next.
    mutating func fetchEnded(_ id: FetchID, outcome: Outcome, cache: some PrefetchCacheView) -> [Action] {
        guard let (key, flight) = flights.first(where: { $0.value.job.id == id }) else { return [] }
        flights[key] = nil
        let stillWanted = wantedKeys.contains(key)
        switch outcome {
        case .completed(let delivered):
            completed += 1
            let gap = Self.gap(key, heads.bytes, cache)
            if delivered.isEmpty || (gap.map { $0.lowerBound <= flight.job.range.lowerBound } ?? false) {
                if stillWanted { settled.insert(key) }
            }
        case .failed:
            failed += 1
            if stillWanted { settled.insert(key) }
        case .failedForNow:
            failed += 1
            guard stillWanted else { break }
            let tries = failedTries[key, default: 0] + 1
            failedTries[key] = tries
            guard tries < Self.maxTries else {
                settled.insert(key)
                break
            }
            backingOff.insert(key)
            return [.retry(key: key, after: retryDelay(before: tries + 1))] + fill(cache)
        case .yielded:
            break
        case .cancelled:
            cancelled += 1
            // Cancelled by nobody here: treated as a failure, so that it does not start again and again.
            if !flight.isCancelling, stillWanted { settled.insert(key) }
        }
        return fill(cache)
    }

    /// The delay before an item's retry ends: its fetch may start again, if the item is still in the plan.
    mutating func retryDue(_ key: String, cache: some PrefetchCacheView) -> [Action] {
        guard backingOff.remove(key) != nil else { return [] }
        return fill(cache)
    }

    /// The wait before fetch number `attempt` of an item (2 for the first retry): ``retryDelay``, doubling.
    func retryDelay(before attempt: Int) -> Duration {
        retryDelay * (1 << min(max(0, attempt - 2), 10))
    }

    /// Starts fetches, nearest first, while there are free slots.
    private mutating func fill(_ cache: some PrefetchCacheView) -> [Action] {
        guard !plan.isHeld else { return [] }
        var actions: [Action] = []
        let heads = heads
        for (item, key) in heads.items {
            guard flights.count < maxConcurrentFetches else { break }
            guard let url = item.url, flights[key] == nil, !settled.contains(key), !backingOff.contains(key),
                let range = Self.gap(key, heads.bytes, cache)
            else { continue }
            nextID += 1
            let job = Job(id: FetchID(raw: nextID), item: item, key: key, url: url, range: range)
            flights[key] = Flight(job: job)
            actions.append(.start(job))
        }
        return actions
    }

    /// The first range of an item's first `bytes` bytes that the cache lacks and no fetch has claimed.
    static func gap(_ key: String, _ bytes: Int64, _ cache: some PrefetchCacheView) -> Range<Int64>? {
        let end = min(bytes, cache.length(for: key) ?? bytes)
        guard end > 0 else { return nil }
        var missing = RangeSet(0..<end)
        missing.subtract(cache.cachedRanges(for: key))
        missing.subtract(cache.claimedRanges(for: key))
        return missing.ranges.first
    }

    /// Checks what must hold after every event; returns the violations (none when all is well).
    func invariantViolations() -> [String] {
        var violations: [String] = []
        if flights.count > maxConcurrentFetches { violations.append("\(flights.count) fetches in flight") }
        let wanted = wantedKeys
        if plan.isHeld, flights.values.contains(where: { !$0.isCancelling }) {
            violations.append("a fetch runs while the plan is held")
        }
        for (key, flight) in flights {
            if flight.job.key != key { violations.append("\(flight.job.id) filed under \(key)") }
            if !flight.isCancelling, !wanted.contains(key) { violations.append("\(key) runs outside the plan") }
        }
        if !settled.isSubset(of: wanted) { violations.append("settled items outside the plan") }
        if !backingOff.isSubset(of: wanted) { violations.append("items backing off outside the plan") }
        for (key, tries) in failedTries where tries >= Self.maxTries && !settled.contains(key) {
            violations.append("\(key) is past its tries but not given up")
        }
        return violations
    }
}
