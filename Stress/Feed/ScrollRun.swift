import Foundation
import SeamlessPlayback

/// `stress --feed --scroll`: a user scrolls a feed of mixed heights; `FeedAutoplay` against the naive rule. Exits
/// non-zero on a violation, when one of the three zeros is not zero, or when autoplay's flicker starts exceed 5 % of
/// the naive rule's.
enum ScrollRun {
    static func main(_ options: Options, violations: Violations) async -> Int32 {
        StandardError.write(
            "stress --feed --scroll: seed \(options.seed), \(options.scrollGestures) gestures, 4 players, "
                + "cold start 250 ms, frames of 16 ms (virtual clock)\n")
        let started = Nanoseconds.now()
        let simulation = ScrollSimulation(
            gestures: options.scrollGestures, seed: options.seed, coldStart: FeedRun.coldStart,
            violations: violations)
        let outcome = await simulation.run()
        let realSeconds = Double(Nanoseconds.now() - started) / 1e9
        let auto = outcome.autoplay
        let naive = outcome.naive
        if auto.twoPlayingAtOnce > 0 {
            violations.record("scroll run: two cells played at once \(auto.twoPlayingAtOnce) times")
        }
        if auto.userPausedStartedByAutoplay > 0 {
            violations.record("scroll run: autoplay started \(auto.userPausedStartedByAutoplay) cells the user paused")
        }
        if auto.leasesLeaked > 0 { violations.record("scroll run: \(auto.leasesLeaked) leases leaked") }
        if Double(auto.flickerStarts) > 0.05 * Double(naive.flickerStarts) {
            violations.record(
                "scroll run: \(auto.flickerStarts) flicker starts, more than 5 % of the naive rule's \(naive.flickerStarts)"
            )
        }
        print(summary(outcome, realSeconds: realSeconds))
        if let path = options.jsonPath {
            var values: [String: Double] = [
                "seed": Double(options.seed), "scroll_gestures": Double(options.scrollGestures),
                "scroll_flings": Double(outcome.flings), "scroll_rests": Double(outcome.rests),
                "scroll_user_pauses": Double(outcome.pauses), "scroll_user_plays": Double(outcome.plays),
                "scroll_feed_changes": Double(outcome.changes), "scroll_items_appended": Double(outcome.appended),
                "scroll_items_inserted_above": Double(outcome.inserted),
                "scroll_playing_kept_through_changes": Double(outcome.keptThroughChanges),
                "scroll_virtual_seconds": outcome.virtualSeconds, "scroll_real_seconds": realSeconds,
                "violations": Double(violations.total),
            ]
            for (prefix, figures) in [("autoplay_", auto), ("naive_", naive)] {
                values[prefix + "starts"] = Double(figures.starts)
                values[prefix + "flicker_starts"] = Double(figures.flickerStarts)
                values[prefix + "flicker_starts_while_moving"] = Double(figures.flickerStartsWhileMoving)
                values[prefix + "rest_to_playing_p50_ms"] = figures.restToPlaying(50)
                values[prefix + "rest_to_playing_p95_ms"] = figures.restToPlaying(95)
                values[prefix + "two_playing_at_once"] = Double(figures.twoPlayingAtOnce)
                values[prefix + "user_paused_started"] = Double(figures.userPausedStartedByAutoplay)
                values[prefix + "leases_leaked"] = Double(figures.leasesLeaked)
            }
            values["autoplay_rests_without_start"] = Double(auto.restsWithoutStart)
            RunOutput.writeJSON(values, to: path)
        }
        return RunOutput.verdict(violations, seed: options.seed)
    }

    static func summary(_ outcome: ScrollSimulation.Outcome, realSeconds: Double) -> String {
        func row(_ name: String, _ a: String, _ b: String) -> String {
            name.padding(toLength: 44, withPad: " ", startingAt: 0)
                + a.padding(toLength: 16, withPad: " ", startingAt: 0) + b
        }
        func ms(_ value: Double) -> String { "\(Format.fixed(value, 0)) ms" }
        let (auto, naive) = (outcome.autoplay, outcome.naive)
        return [
            "",
            "scroll: \(outcome.flings) flings, \(outcome.rests) rests, \(outcome.pauses) pauses, \(outcome.plays) plays",
            "feed: \(outcome.changes) changes (\(outcome.keptThroughChanges) while a cell played, which kept its player), "
                + "\(outcome.appended) items appended, \(outcome.inserted) inserted above the playing cell",
            row("", "FeedAutoplay", "naive rule"),
            row("cells started", "\(auto.starts)", "\(naive.starts)"),
            row("flicker starts (stopped within 300 ms)", "\(auto.flickerStarts)", "\(naive.flickerStarts)"),
            row(
                "  of which started while the list moved", "\(auto.flickerStartsWhileMoving)",
                "\(naive.flickerStartsWhileMoving)"),
            row("rest → playing p50", ms(auto.restToPlaying(50)), ms(naive.restToPlaying(50)) + " (loads nothing)"),
            row("rest → playing p95", ms(auto.restToPlaying(95)), ms(naive.restToPlaying(95))),
            row("rests with a candidate and no start", "\(auto.restsWithoutStart)", "-"),
            row("times two cells played at once", "\(auto.twoPlayingAtOnce)", "\(naive.twoPlayingAtOnce)"),
            row(
                "user-paused cells started by autoplay", "\(auto.userPausedStartedByAutoplay)",
                "\(naive.userPausedStartedByAutoplay)"),
            row("leases leaked", "\(auto.leasesLeaked)", "-"),
            row(
                "virtual time / real time",
                "\(Format.fixed(outcome.virtualSeconds, 0)) s / \(Format.fixed(realSeconds, 2)) s", ""),
        ].joined(separator: "\n")
    }
}
