import SeamlessPlayback
import SeamlessPlaybackTesting

/// The playback gap a navigation causes: a page that makes a fresh engine (cold start: create, load,
/// apply) against a page that borrows the playing one (lend, borrow: no load).
enum ColdStartBenchmark {
    /// The simulated cold-start latency of a load.
    static let coldStart: Duration = .milliseconds(250)

    struct Figures: Sendable {
        let naiveGapNanoseconds: Double
        let handoffGapNanoseconds: Double
        /// Whether the borrowed player kept its position across the handoff (the fresh one starts at zero).
        let handoffKeptPosition: Bool
    }

    static func run(samples: Int, violations: Violations) async -> Figures {
        let clip = MediaItem(id: "clip")
        var naive: [UInt64] = []
        for _ in 0..<samples {
            let start = Nanoseconds.now()
            let engine = SimulatedEngine(clock: ContinuousClock(), loadLatency: coldStart)
            try? await engine.load(clip)
            await engine.apply(RoundTripBenchmark.detailSettings)
            naive.append(Nanoseconds.now() - start)
        }
        let pool = PlayerPool(configuration: .init(capacity: 4)) {
            SimulatedEngine(clock: ContinuousClock(), loadLatency: coldStart)
        }
        var handoff: [UInt64] = []
        var keptPosition = true
        do {
            let feed = try await pool.makeSession(named: "feed", settings: RoundTripBenchmark.feedSettings)
            let detail = try await pool.makeSession(named: "detail", settings: RoundTripBenchmark.detailSettings)
            let lease = try await feed.acquire(clip)
            for _ in 0..<samples {
                try? await Task.sleep(for: .milliseconds(5))
                let before = await lease.engine.currentPosition()
                let start = Nanoseconds.now()
                let borrowed = try await detail.borrow(try await feed.lend(lease))
                handoff.append(Nanoseconds.now() - start)
                if await borrowed.engine.currentPosition() < before { keptPosition = false }
                try await detail.giveBack(borrowed)
            }
        } catch {
            violations.record("cold-start benchmark: the handoff failed: \(error)")
        }
        await pool.shutdown()
        return Figures(
            naiveGapNanoseconds: Latencies(naive).p50, handoffGapNanoseconds: Latencies(handoff).p50,
            handoffKeptPosition: keptPosition)
    }
}
