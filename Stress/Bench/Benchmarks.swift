/// Every benchmark of the run, in the order they run.
struct Benchmarks: Sendable {
    var floor = Latencies([])
    /// The round trip with two sessions open.
    var roundTripAlone = Latencies([])
    /// The round trip with two sessions open on a ``NoopEngine`` that takes no settings at once: a task per apply.
    var roundTripAwaiting = Latencies([])
    /// The round trip with `--pages` sessions open: the figure the targets are about.
    var roundTrip = Latencies([])
    var roundTripSessions = 0
    /// The active holder's seek with `--pages` sessions open, on an engine whose seek returns at once.
    var seekRoundTrip = Latencies([])
    /// The most handoff tokens the round trip's pool kept at once.
    var tokensKeptMax = 0
    var contendedOperationsPerSecond = 0.0
    var scale: [ScaleBenchmark.Point] = []
    var coldStart = ColdStartBenchmark.Figures(
        naiveGapNanoseconds: 0, handoffGapNanoseconds: 0, handoffKeptPosition: true)

    /// Runs them all, telling stderr what runs.
    static func run(_ options: Options, violations: Violations) async -> Benchmarks {
        var results = Benchmarks()
        let samples = 200_000
        StandardError.write("stress: benchmarks: floor")
        results.floor = await FloorBenchmark.run(samples: samples, budget: 500_000_000)
        StandardError.write(", round trip")
        let alone = await RoundTripBenchmark.run(
            sessions: 2, samples: samples, budget: 1_000_000_000,
            violations: violations)
        results.roundTripAlone = alone.latencies
        results.roundTripAwaiting =
            await RoundTripBenchmark.run(
                sessions: 2, awaitingEngine: true, samples: samples, budget: 1_000_000_000, violations: violations
            ).latencies
        results.roundTripSessions = options.pages
        let crowded = await RoundTripBenchmark.run(
            sessions: options.pages, samples: samples,
            budget: 1_000_000_000, violations: violations)
        results.roundTrip = crowded.latencies
        results.tokensKeptMax = max(alone.tokensKeptMax, crowded.tokensKeptMax)
        StandardError.write(", seek")
        results.seekRoundTrip = await SeekRoundTripBenchmark.run(
            sessions: options.pages, samples: samples, budget: 1_000_000_000, violations: violations)
        StandardError.write(", contended")
        results.contendedOperationsPerSecond = await ContendedBenchmark.run(
            pages: options.pages, players: options.players, media: options.media, seconds: 1.5, violations: violations)
        StandardError.write(", scale")
        let counts = [100, 10_000, 100_000].filter { $0 < options.scaleSessions } + [options.scaleSessions]
        results.scale = await ScaleBenchmark.run(counts: counts, violations: violations)
        StandardError.write(", cold start")
        results.coldStart = await ColdStartBenchmark.run(samples: 3, violations: violations)
        StandardError.write("\n")
        return results
    }

    /// The round trip's p50 over the floor's.
    var ratioToFloor: Double { floor.p50 > 0 ? roundTrip.p50 / floor.p50 : 0 }

    /// The seek round trip's p50 over the same floor's.
    var seekRatioToFloor: Double { floor.p50 > 0 ? seekRoundTrip.p50 / floor.p50 : 0 }

    /// Cost per round trip at the largest session count over the cost at the smallest.
    var scaleRatio: Double {
        guard let first = scale.first, let last = scale.last, first.nanosecondsPerRoundTrip > 0 else { return 0 }
        return last.nanosecondsPerRoundTrip / first.nanosecondsPerRoundTrip
    }

    /// Resident bytes per idle session at the largest session count.
    var bytesPerIdleSession: Double { scale.last?.residentBytesPerSession ?? 0 }
}
