import SeamlessPlayback
import Synchronization

/// Drives a pool on a manual clock as fast as the machine allows: time moves only when everything that
/// can run has run (every engine job in flight is a load asleep on the clock), and then straight to the
/// next deadline. So 1,000 swipes of several seconds take a second or two of real time, and every
/// latency measured on the clock is exact.
///
/// For this package's simulations (the stress tool's feed run, the demo's feed): it relies on the pool's
/// engines sleeping on `clock` only in their loads (``SimulatedEngine`` with a load latency and no apply
/// latency, and no media duration: one arms a timer toward its end) and on a pool without call timeouts.
package struct VirtualTime: Sendable {
    package let clock: ManualClock
    package let pool: PlayerPool

    package init(clock: ManualClock, pool: PlayerPool) {
        self.clock = clock
        self.pool = pool
    }

    /// Why a simulation cannot go on.
    package struct Stuck: Error, CustomStringConvertible {
        package let description: String
    }

    /// The time since the clock started.
    package var now: Duration { clock.now.offset }

    /// Returns once nothing can happen without time moving; tells how many calls wait for the pool.
    @discardableResult
    package func settle() async -> Int {
        while true {
            let state = await pool.quiescence
            if state.jobs == state.loads, clock.sleeperCount == state.loads { return state.waitingCalls }
            await Task.yield()
        }
    }

    /// Lets time run to `target`, waking every sleeper on the way at its own deadline.
    package func run(until target: Duration) async {
        while true {
            await settle()
            let now = self.now
            if let next = clock.nextDeadline?.offset, next <= target {
                clock.advance(by: next - now)
            } else {
                clock.advance(by: target - now)
                await settle()
                return
            }
        }
    }

    /// Runs `operation` (a call into the pool) and moves time whenever it waits for the clock.
    package func pump<T: Sendable>(_ operation: @escaping @Sendable () async throws -> T) async throws -> T {
        let progress = Progress()
        let task = Task {
            progress.started.store(true, ordering: .sequentiallyConsistent)
            defer { progress.done.store(true, ordering: .sequentiallyConsistent) }
            return try await operation()
        }
        var idleSpins = 0
        while !progress.done.load(ordering: .sequentiallyConsistent) {
            let waiting = await settle()
            if progress.done.load(ordering: .sequentiallyConsistent) { break }
            if progress.started.load(ordering: .sequentiallyConsistent), waiting > 0, let next = clock.nextDeadline {
                clock.advance(by: next.offset - now)
                idleSpins = 0
            } else {
                idleSpins += 1
                // A call that waits while nothing sleeps on the clock would wait forever.
                if idleSpins > 1_000_000 {
                    task.cancel()
                    throw Stuck(description: "a pool call waits while nothing sleeps on the clock")
                }
                await Task.yield()
            }
        }
        return try await task.value
    }

    private final class Progress: Sendable {
        let started = Atomic(false)
        let done = Atomic(false)
    }
}
