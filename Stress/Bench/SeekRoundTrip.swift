import SeamlessPlayback

/// The seek round trip: the active holder seeks on a ``NoopEngine`` whose seek returns at once, in a pool with
/// `sessions` pages open, the same pool as the handoff round trip's. The seek takes its turn on the engine's lane, so
/// it pays the hop to the lane and back that an apply taken at once does not.
enum SeekRoundTripBenchmark {
    /// Latencies of one seek from the call to its return.
    static func run(sessions: Int, samples: Int, budget: UInt64, violations: Violations) async -> Latencies {
        guard let pair = await RoundTripBenchmark.Pair(sessions: sessions) else {
            violations.record("seek round-trip benchmark: could not set up its pool")
            return Latencies([])
        }
        let failures = Box(0)
        let (feed, lease) = (pair.feed, pair.lease)
        let latencies = await measure(samples: samples, budget: budget) {
            do {
                try await feed.seek(lease, to: .seconds(1))
            } catch {
                failures.value += 1
            }
        }
        if failures.value > 0 { violations.record("seek round-trip benchmark: \(failures.value) seeks failed") }
        await pair.close()
        return latencies
    }
}
