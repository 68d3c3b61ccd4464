import Foundation
import SeamlessPlayback

/// `stress --feed`: the same user, the same seed, swiping through the feed once with the preload policy
/// and once without; then what a call of the policy costs. Exits non-zero on a violation only: a missed
/// target is reported, with the figures that show why.
enum FeedRun {
    static let coldStart = Duration.milliseconds(250)

    static func main(_ options: Options, violations: Violations) async -> Int32 {
        let plan = SwipePlan(swipes: options.feedSwipes, seed: options.seed)
        let window = PreloadWindow(ahead: options.feedAhead, behind: options.feedBehind)
        StandardError.write(
            "stress --feed: seed \(options.seed), \(options.feedSwipes) swipes, \(options.feedPlayers) players, "
                + "window \(window.ahead) ahead / \(window.behind) behind, cold start 250 ms (virtual clock)\n")
        let simulation = FeedSimulation(
            plan: plan, players: options.feedPlayers, window: window,
            coldStart: coldStart, violations: violations)
        let with = await simulation.run(policy: true)
        let without = await simulation.run(policy: false)
        var focusCall: FocusCallBenchmark.Figures?
        var floor: Latencies?
        if !options.skipBenchmarks {
            StandardError.write("stress --feed: benchmarks: floor, focus call\n")
            floor = await FloorBenchmark.run(samples: 100_000, budget: 300_000_000)
            focusCall = await FocusCallBenchmark.run(samples: 100_000, budget: 300_000_000)
        }
        print(summary(with: with, without: without, focusCall: focusCall, floor: floor))
        let report = FeedReport(
            options: options, with: with, without: without, focusCall: focusCall, floor: floor,
            violations: violations)
        if let path = options.jsonPath {
            RunOutput.writeJSON(report, to: path)
        }
        if let path = options.feedSVGPath {
            let svg = FeedSVG.document(with: with, without: without, coldStartMilliseconds: 250)
            RunOutput.writeText(svg, to: path)
        }
        return RunOutput.verdict(violations, seed: options.seed)
    }

    static func summary(
        with: FeedFigures, without: FeedFigures, focusCall: FocusCallBenchmark.Figures?,
        floor: Latencies?
    ) -> String {
        func row(_ name: String, _ a: String, _ b: String) -> String {
            name.padding(toLength: 40, withPad: " ", startingAt: 0)
                + a.padding(toLength: 18, withPad: " ", startingAt: 0) + b
        }
        func ms(_ value: Double) -> String { "\(Format.fixed(value, 1)) ms" }
        func percent(_ value: Double) -> String { "\(Format.fixed(value * 100, 1)) %" }
        var lines = [
            "",
            row("feed (\(with.swipes) swipes)", "with policy", "without policy"),
            row("swipes that start warm", percent(with.warmShare), percent(without.warmShare)),
            row("swipe to first frame p50", ms(with.firstFrame(50)), ms(without.firstFrame(50))),
            row("swipe to first frame p95", ms(with.firstFrame(95)), ms(without.firstFrame(95))),
            row("swipe to first frame p99", ms(with.firstFrame(99)), ms(without.firstFrame(99))),
            row("loads", "\(with.loads)", "\(without.loads)"),
            row("loads per item shown", Format.fixed(with.loadsPerItem, 2), Format.fixed(without.loadsPerItem, 2)),
            row(
                "wasted loads (loaded, never shown)",
                "\(with.wastedLoads) (\(percent(with.loads == 0 ? 0 : Double(with.wastedLoads) / Double(with.loads))))",
                "\(without.wastedLoads)"),
            row("players created", "\(with.playersCreated)", "\(without.playersCreated)"),
            row("detail pages (lend, borrow, give back)", "\(with.taps)", "\(without.taps)"),
            row(
                "virtual time / real time",
                "\(Format.fixed(with.virtualSeconds, 0)) s / \(Format.fixed(with.realSeconds, 2)) s",
                "\(Format.fixed(without.virtualSeconds, 0)) s / \(Format.fixed(without.realSeconds, 2)) s"),
        ]
        let wasted = with.loads == 0 ? 0 : Double(with.wastedLoads) / Double(with.loads)
        let met = with.warmShare >= 0.95 && with.firstFrame(95) <= 20 && wasted <= 0.25
        lines.append("target (≥ 95 % warm, p95 ≤ 20 ms, wasted ≤ 25 % of loads): \(met ? "met" : "MISSED")")
        if let focusCall, let floor, floor.p50 > 0 {
            lines.append("")
            lines.append(
                "focus(on:in:) per call, awaited (4 players, 1,000 items): same item "
                    + "\(Format.duration(nanoseconds: focusCall.same.p50)) p50, "
                    + "\(Format.fixed(focusCall.same.p50 / floor.p50, 2))× the floor "
                    + "(\(Format.duration(nanoseconds: floor.p50)) for three awaited calls); moving on one item "
                    + "\(Format.duration(nanoseconds: focusCall.moving.p50)) p50, "
                    + "\(Format.fixed(focusCall.moving.p50 / floor.p50, 2))× the floor")
        }
        return lines.joined(separator: "\n")
    }
}
