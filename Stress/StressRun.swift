import Foundation

/// The whole run: workload and side pool together, then the benchmarks, then the report.
enum StressRun {
    /// Runs `stress` with its arguments; returns the exit status.
    static func main(_ arguments: [String]) async -> Int32 {
        let options: Options
        do {
            switch try Options.parse(arguments) {
            case .help:
                print(Options.usage)
                return 0
            case .run(let parsed):
                options = parsed
            }
        } catch {
            StandardError.write("stress: \(error)\n\n\(Options.usage)\n")
            return 2
        }
        let violations = Violations(seed: options.seed)
        if options.feed, options.scroll { return await ScrollRun.main(options, violations: violations) }
        if options.feed { return await FeedRun.main(options, violations: violations) }
        if let count = options.profileFeedGiveBacks {
            return await FeedGiveBackBenchmark.profile(count, idleAsFeed: options.idleAsFeed)
        }
        if let count = options.profileRoundTrips {
            return await RoundTripBenchmark.profile(
                count, awaitingEngine: options.profileAwaitingEngine, violations: violations)
        }
        let counters = RunCounters()
        let budget = options.operations.map { "\(Format.grouped($0)) operations" } ?? "\(options.seconds) s"
        StandardError.write(
            "stress: seed \(options.seed), \(options.pages) pages, \(options.players) players, "
                + "\(options.media) media, cancel rate \(options.cancelRate), apply latency "
                + "\(options.applyLatencyMicroseconds) µs, \(budget)\n")
        for problem in await CheckerSelfTest.run() {
            violations.record("linearizability checker self-test: \(problem)")
        }
        let side = SidePool(
            seed: options.seed, cancelRate: options.cancelRate, violations: violations, counters: counters)
        async let sideSummary = side.run(minimum: 1)
        let outcome = await Torture(options: options, violations: violations, counters: counters).run()
        counters.stopSidePool.store(true, ordering: .relaxed)
        let lin = await sideSummary
        let benchmarks = options.skipBenchmarks ? nil : await Benchmarks.run(options, violations: violations)
        let report = Report(
            options: options, outcome: outcome, side: lin, benchmarks: benchmarks, violations: violations)
        print(Summary.text(report, benchmarks: benchmarks))
        if let path = options.jsonPath {
            RunOutput.writeJSON(report, to: path)
        }
        if let path = options.svgPath, let benchmarks {
            let svg = HistogramSVG.document(
                roundTrip: benchmarks.roundTrip, floor: benchmarks.floor,
                sessions: benchmarks.roundTripSessions)
            RunOutput.writeText(svg, to: path)
        }
        return RunOutput.verdict(violations, seed: options.seed)
    }
}
