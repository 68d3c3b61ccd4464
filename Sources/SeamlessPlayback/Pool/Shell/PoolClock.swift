/// The pool's view of its clock: time as a `Duration` since the pool started.
///
/// Wrapping the caller's `any Clock<Duration>` once keeps the state machine free of clock types
/// and lets timers sleep on the very clock the caller injected (a manual clock in tests).
package struct PoolClock: Sendable {
    package let now: @Sendable () -> Duration
    package let sleep: @Sendable (_ until: Duration) async throws -> Void

    package init(_ clock: any Clock<Duration>) {
        self = Self.wrap(clock)
    }

    private init(
        now: @escaping @Sendable () -> Duration,
        sleep: @escaping @Sendable (Duration) async throws -> Void
    ) {
        self.now = now
        self.sleep = sleep
    }

    private static func wrap<C: Clock<Duration>>(_ clock: C) -> PoolClock {
        let start = clock.now
        return PoolClock(
            now: { start.duration(to: clock.now) },
            sleep: { offset in
                // The machine never asks for more than a century; clocks trap on deadlines they cannot represent.
                let bounded = min(offset, .seconds(Int64(Int32.max) * 2))
                try await clock.sleep(until: start.advanced(by: bounded), tolerance: nil)
            }
        )
    }
}
