@_spi(EngineSupport) import SeamlessPlayback

/// A clock that moves only when a test tells it to.
///
/// Give it to a `PlayerPool` (timeouts, token lifetimes) and to a
/// ``SimulatedEngine`` (position, latencies), then drive time with ``advance(by:)``. Sleepers wake in
/// deadline order; a cancelled sleeper throws `CancellationError` at once.
///
/// ```swift
/// let clock = ManualClock()
/// let pool = PlayerPool(configuration: .init(loadTimeout: nil, applyTimeout: nil), clock: clock) {
///     SimulatedEngine(clock: clock)
/// }
/// // … every player is held, and a page waits for one:
/// let waiting = Task { try await page.acquire(clip, timeout: .seconds(1)) }
/// await clock.waitForSleepers(count: 1)   // the acquire is waiting, its timer armed
/// clock.advance(by: .seconds(1))          // … and now it throws PlayerPoolError.timedOut
/// ```
///
/// The pool's call timeouts are off in this example: with them on, each engine call arms the pool's watchdog on
/// the same clock, and ``waitForSleepers(count:)`` could count it instead.
public final class ManualClock: Clock, Sendable {
    /// A point on a manual clock: the time since the clock was made.
    public struct Instant: InstantProtocol, Hashable, Sendable {
        /// The time since the clock was made.
        public var offset: Duration

        /// Creates an instant at `offset` from the clock's start.
        /// - Parameter offset: The time since the clock was made.
        public init(offset: Duration) { self.offset = offset }

        /// The instant `duration` later.
        /// - Parameter duration: How far to move; may be negative.
        /// - Returns: This instant moved by `duration`.
        public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }

        /// The time from this instant to `other`.
        /// - Parameter other: The later (or earlier) instant.
        /// - Returns: `other` minus this instant; negative when `other` is earlier.
        public func duration(to other: Instant) -> Duration { other.offset - offset }

        /// Orders instants by time.
        public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private enum Sleeper {
        case registering
        case waiting(Instant, CheckedContinuation<Void, any Error>)
        case cancelled
    }

    private struct State {
        var now = Instant(offset: .zero)
        var sleepers: [UInt64: Sleeper] = [:]
        var nextID: UInt64 = 0
        var sleeperWatchers: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

        var waitingCount: Int {
            sleepers.values.reduce(0) { count, sleeper in
                if case .waiting = sleeper { return count + 1 }
                return count
            }
        }

        /// Removes and returns the watchers satisfied by the current number of sleepers.
        mutating func satisfiedWatchers() -> [CheckedContinuation<Void, Never>] {
            let count = waitingCount
            let ready = sleeperWatchers.filter { $0.count <= count }.map(\.continuation)
            sleeperWatchers.removeAll { $0.count <= count }
            return ready
        }
    }

    private let state = Protected(State())

    /// Creates a clock at offset zero.
    public init() {}

    /// The current instant.
    public var now: Instant { state.withLock { $0.now } }

    /// Manual time has no granularity.
    public var minimumResolution: Duration { .zero }

    /// How many tasks are asleep on this clock now.
    public var sleeperCount: Int { state.withLock { $0.waitingCount } }

    /// The earliest deadline a task sleeps until now, if any: how far a simulation can move time before
    /// anything wakes.
    public var nextDeadline: Instant? {
        state.withLock { state in
            state.sleepers.values.compactMap { sleeper -> Instant? in
                if case .waiting(let deadline, _) = sleeper { return deadline }
                return nil
            }.min()
        }
    }

    /// Sleeps until the clock has been advanced to `deadline`; returns at once when it is there already.
    /// - Parameters:
    ///   - deadline: The instant to wake at.
    ///   - tolerance: Ignored: a manual clock wakes sleepers exactly at their deadline.
    /// - Throws: `CancellationError` when the task is cancelled.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        let id = state.withLock { state in
            state.nextID += 1
            state.sleepers[state.nextID] = .registering
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                enum Outcome { case wait, wake, cancel }
                let (outcome, watchers) = state.withLock { state -> (Outcome, [CheckedContinuation<Void, Never>]) in
                    if case .cancelled = state.sleepers[id] {
                        state.sleepers[id] = nil
                        return (.cancel, [])
                    }
                    if deadline <= state.now {
                        state.sleepers[id] = nil
                        return (.wake, [])
                    }
                    state.sleepers[id] = .waiting(deadline, continuation)
                    return (.wait, state.satisfiedWatchers())
                }
                switch outcome {
                case .wait: break
                case .wake: continuation.resume()
                case .cancel: continuation.resume(throwing: CancellationError())
                }
                for watcher in watchers { watcher.resume() }
            }
        } onCancel: {
            let continuation = state.withLock { state -> CheckedContinuation<Void, any Error>? in
                switch state.sleepers[id] {
                case .waiting(_, let continuation):
                    state.sleepers[id] = nil
                    return continuation
                case .registering:
                    state.sleepers[id] = .cancelled
                    return nil
                case .cancelled, nil:
                    return nil
                }
            }
            continuation?.resume(throwing: CancellationError())
        }
    }

    /// Moves time forward and wakes, in deadline order, every sleeper whose deadline has come.
    /// - Parameter duration: How far to move; negative durations do nothing.
    public func advance(by duration: Duration) {
        let due = state.withLock { state -> [CheckedContinuation<Void, any Error>] in
            guard duration > .zero else { return [] }
            state.now = state.now.advanced(by: duration)
            var due: [(Instant, UInt64, CheckedContinuation<Void, any Error>)] = []
            for (id, sleeper) in state.sleepers {
                if case .waiting(let deadline, let continuation) = sleeper, deadline <= state.now {
                    due.append((deadline, id, continuation))
                }
            }
            for entry in due { state.sleepers[entry.1] = nil }
            return due.sorted { ($0.0, $0.1) < ($1.0, $1.1) }.map(\.2)
        }
        for continuation in due { continuation.resume() }
    }

    /// Returns once at least `count` tasks are asleep on this clock.
    ///
    /// Use it before ``advance(by:)`` to know that the timer you mean to fire is armed.
    /// - Parameter count: How many sleepers to wait for.
    public func waitForSleepers(count: Int) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ready = state.withLock { state -> Bool in
                if state.waitingCount >= count { return true }
                state.sleeperWatchers.append((count, continuation))
                return false
            }
            if ready { continuation.resume() }
        }
    }
}
