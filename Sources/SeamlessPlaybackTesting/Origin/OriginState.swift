import Foundation

/// What a ``TestOrigin``'s threads share: its resources, faults and pacing, its counters, its stop flag.
///
/// An `NSCondition` guards it, so that a thread waiting out a delay or a pace wakes at once when the origin stops,
/// and ``TestOrigin/stop()`` can wait for the last thread to leave.
final class OriginState: @unchecked Sendable {
    // `@unchecked`: every stored property below is read and written only with `condition` locked.
    private let condition = NSCondition()

    struct Values {
        var resources: [String: TestOrigin.Resource]
        var faults: [String: TestOrigin.Fault] = [:]
        var faultForEveryPath: TestOrigin.Fault?
        /// For a fault set for a number of requests (``TestOrigin/setFault(_:for:times:)``): how many are left.
        var faultBudgets: [String: Int] = [:]
        var pacing: TestOrigin.Pacing
        /// The link every connection shares when ``TestOrigin/Pacing/linkBytesPerSecond`` is set.
        var link = OriginLink()
        var stats = TestOrigin.Stats()
        var log: [TestOrigin.Request] = []
        /// Bumped by ``TestOrigin/releaseStalled()``: a stalled request answers once it sees a later generation.
        var stallGeneration = 0
        var isStopped = false
        var liveThreads = 0
        var watchers: [(isMet: @Sendable (TestOrigin.Stats) -> Bool, continuation: CheckedContinuation<Void, Never>)] =
            []
    }

    private var values: Values

    init(resources: [String: TestOrigin.Resource], pacing: TestOrigin.Pacing) {
        values = Values(resources: resources, pacing: pacing)
    }

    /// Reads or changes the values; changes to the stats resume the watchers they satisfy.
    func withLock<Result>(_ body: (inout Values) -> Result) -> Result {
        condition.lock()
        let before = values.stats
        let result = body(&values)
        var met: [CheckedContinuation<Void, Never>] = []
        if values.stats != before {
            let stats = values.stats
            met = values.watchers.filter { $0.isMet(stats) }.map(\.continuation)
            values.watchers.removeAll { $0.isMet(stats) }
        }
        condition.broadcast()
        condition.unlock()
        for continuation in met { continuation.resume() }
        return result
    }

    var isStopped: Bool { withLock { $0.isStopped } }

    /// The fault for a request of `path`, counting it against the path's budget when it has one.
    static func takeFault(for path: String, in values: inout Values) -> TestOrigin.Fault? {
        guard let fault = values.faults[path] else { return values.faultForEveryPath }
        if let left = values.faultBudgets[path] {
            if left <= 1 {
                values.faults[path] = nil
                values.faultBudgets[path] = nil
            } else {
                values.faultBudgets[path] = left - 1
            }
        }
        return fault
    }

    /// Waits until `deadline` or the origin stops, whichever comes first.
    /// - Returns: Whether the origin stopped.
    func pause(until deadline: ContinuousClock.Instant) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while !values.isStopped {
            let left = ContinuousClock.now.duration(to: deadline)
            if left <= .zero { return false }
            let seconds = Double(left.components.seconds) + Double(left.components.attoseconds) * 1e-18
            _ = condition.wait(until: Date(timeIntervalSinceNow: seconds))
        }
        return true
    }

    /// Waits until every thread has left (``leave()``).
    func waitForThreads() {
        condition.lock()
        defer { condition.unlock() }
        while values.liveThreads > 0 { condition.wait() }
    }

    /// Counts a thread in, unless the origin has stopped.
    /// - Returns: Whether the thread may run.
    func enter() -> Bool {
        withLock { values in
            guard !values.isStopped else { return false }
            values.liveThreads += 1
            return true
        }
    }

    /// Counts a thread out.
    func leave() { withLock { $0.liveThreads -= 1 } }

    /// Returns once `isMet` holds for the stats (at once if it holds now); a stopped origin resumes every waiter.
    func wait(until isMet: @escaping @Sendable (TestOrigin.Stats) -> Bool) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let now = withLock { values -> Bool in
                if values.isStopped || isMet(values.stats) { return true }
                values.watchers.append((isMet, continuation))
                return false
            }
            if now { continuation.resume() }
        }
    }

    /// Marks the origin stopped and resumes every stats waiter.
    func markStopped() {
        let waiting = withLock { values -> [CheckedContinuation<Void, Never>] in
            values.isStopped = true
            defer { values.watchers = [] }
            return values.watchers.map(\.continuation)
        }
        for continuation in waiting { continuation.resume() }
    }
}
