import SeamlessPlayback

/// Cost per operation as the number of open sessions grows, and what an idle session costs.
enum ScaleBenchmark {
    /// One session count's figures.
    struct Point: Sendable {
        let sessions: Int
        /// Median over batches of the mean round-trip cost, in nanoseconds.
        let nanosecondsPerRoundTrip: Double
        let residentBytesPerSession: Double
        let secondsToOpen: Double
    }

    static func run(counts: [Int], batches: Int = 15, batchSize: Int = 400, violations: Violations) async -> [Point] {
        var points: [Point] = []
        for count in counts {
            Memory.releaseFreeMemory()
            let resident = Memory.residentBytes()
            let opened = Nanoseconds.now()
            guard let pair = await RoundTripBenchmark.Pair(sessions: count) else {
                violations.record("scale benchmark: could not open \(count) sessions")
                continue
            }
            let secondsToOpen = Double(Nanoseconds.now() - opened) / 1e9
            let residentPerSession = Double(Memory.residentBytes() - resident) / Double(count)
            for _ in 0..<1_000 { await pair.roundTrip() }
            var means: [UInt64] = []
            for _ in 0..<batches {
                let start = Nanoseconds.now()
                for _ in 0..<batchSize { await pair.roundTrip() }
                means.append((Nanoseconds.now() - start) / UInt64(batchSize))
            }
            points.append(
                Point(
                    sessions: count, nanosecondsPerRoundTrip: Latencies(means).p50,
                    residentBytesPerSession: residentPerSession,
                    secondsToOpen: secondsToOpen))
            await pair.close()
        }
        return points
    }
}
