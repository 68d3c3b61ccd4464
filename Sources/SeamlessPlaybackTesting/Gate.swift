@_spi(EngineSupport) import SeamlessPlayback

/// A barrier a test controls: tasks that reach it wait until the test lets them through.
///
/// Put one in a ``SimulatedEngine`` to hold its applies or loads in flight while the test makes
/// something else happen (a reclaim, a cancellation), then ``open()`` it or ``release(_:)`` one
/// task at a time. ``waitForArrivals(_:)`` tells the test that a task has reached the gate.
public final class Gate: Sendable {
    private struct State {
        var isOpen: Bool
        var permits = 0
        var arrivals = 0
        var blocked: [CheckedContinuation<Void, Never>] = []
        var arrivalWatchers: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    }

    private let state: Protected<State>

    /// Creates a gate.
    /// - Parameter isOpen: Whether tasks pass without waiting. Defaults to `false`.
    public init(isOpen: Bool = false) {
        state = Protected(State(isOpen: isOpen))
    }

    /// How many tasks have reached the gate so far, passed or not.
    public var arrivals: Int { state.withLock { $0.arrivals } }

    /// How many tasks are waiting at the gate now.
    public var waitingCount: Int { state.withLock { $0.blocked.count } }

    /// Waits until the gate is open or a permit is released for this task.
    public func pass() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let (passNow, watchers) = state.withLock { state -> (Bool, [CheckedContinuation<Void, Never>]) in
                state.arrivals += 1
                let count = state.arrivals
                let watchers = state.arrivalWatchers.filter { $0.count <= count }.map(\.continuation)
                state.arrivalWatchers.removeAll { $0.count <= count }
                if state.isOpen { return (true, watchers) }
                if state.permits > 0 {
                    state.permits -= 1
                    return (true, watchers)
                }
                state.blocked.append(continuation)
                return (false, watchers)
            }
            for watcher in watchers { watcher.resume() }
            if passNow { continuation.resume() }
        }
    }

    /// Lets every waiting task through, and every later one until ``close()``.
    public func open() {
        let blocked = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.isOpen = true
            defer { state.blocked = [] }
            return state.blocked
        }
        for continuation in blocked { continuation.resume() }
    }

    /// Makes later tasks wait again.
    public func close() {
        state.withLock { $0.isOpen = false }
    }

    /// Lets `count` tasks through, the longest waiting first; unused permits serve later arrivals.
    /// - Parameter count: How many tasks may pass; values below 0 count as 0. Default 1.
    public func release(_ count: Int = 1) {
        let released = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            let count = max(0, count)
            let now = min(count, state.blocked.count)
            state.permits += count - now
            defer { state.blocked.removeFirst(now) }
            return Array(state.blocked.prefix(now))
        }
        for continuation in released { continuation.resume() }
    }

    /// Returns once at least `count` tasks have reached the gate in total.
    /// - Parameter count: The total number of arrivals to wait for, counted since the gate was made.
    public func waitForArrivals(_ count: Int) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ready = state.withLock { state -> Bool in
                if state.arrivals >= count { return true }
                state.arrivalWatchers.append((count, continuation))
                return false
            }
            if ready { continuation.resume() }
        }
    }
}
