import SeamlessPlayback
import SeamlessPlaybackTesting

/// What one call of `PlayerPool.focus(on:in:window:)` costs the caller, awaited from outside the pool's
/// actor, with 4 players and a feed of 1,000 items: told again for the same item (what most scroll events
/// are), and moved on by one item each call (a new window: a drop, a recycle, a load queued).
enum FocusCallBenchmark {
    struct Figures: Sendable {
        var same = Latencies([])
        var moving = Latencies([])
    }

    static func run(samples: Int, budget: UInt64) async -> Figures {
        let clock = ManualClock()
        // Loads never finish on a clock that does not move: every window change finds lanes busy.
        let pool = PlayerPool(configuration: .init(capacity: 4, loadTimeout: nil, applyTimeout: nil), clock: clock) {
            SimulatedEngine(clock: clock, loadLatency: .milliseconds(250))
        }
        let items = (0..<1_000).map { MediaItem(id: "clip-\($0)") }
        var figures = Figures()
        await pool.focus(on: 500, in: items)
        figures.same = await measure(samples: samples, budget: budget) {
            await pool.focus(on: 500, in: items)
        }
        var index = 0
        figures.moving = await measure(samples: samples, budget: budget) {
            index = (index + 1) % items.count
            await pool.focus(on: index, in: items)
        }
        await pool.endFocus()
        // The engines' first loads never finish on this clock; the pool is left to be freed, unshut.
        return figures
    }
}
