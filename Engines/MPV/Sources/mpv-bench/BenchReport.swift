import Foundation

/// The benchmark's figures, as a table and as JSON.
struct BenchReport {
    static let ratioTarget = 300.0
    static let gapTarget = 1000.0 / 60

    let repetitions: Int
    let mpvVersion: String
    let media: String
    let creations: Samples
    let coldStarts: Samples
    let handoff: HandoffBench.Result
    let applies: ApplyBench.Result
    let seeks: SeekBench.Result

    var ratio: Double {
        let handoffMedian = handoff.handoffs.median
        return handoffMedian > 0 ? coldStarts.median / handoffMedian : 0
    }

    var positionGapMilliseconds: Double { handoff.positionGap.milliseconds }

    /// What the pool adds to a handoff: its p50 minus the p50 of the engine's own apply of the same change, called
    /// without the pool between the handoffs.
    var poolShareMilliseconds: Double { handoff.handoffs.median - handoff.directApplies.median }

    /// The same, as the median of each round's handoff minus that round's own apply: steadier than the difference
    /// of two medians when the machine's speed drifts.
    var pairedPoolShareMilliseconds: Double {
        var differences = Samples()
        for (handoff, direct) in zip(handoff.handoffs.milliseconds, handoff.directApplies.milliseconds) {
            differences.append(.nanoseconds(Int64((handoff - direct) * 1e6)))
        }
        return differences.median
    }

    /// The media as the header names it.
    private var mediaName: String {
        media == BenchArguments.syntheticMedia ? "lavfi testsrc 640×360@30 + sine (synthetic)" : media
    }

    var meetsTargets: Bool {
        ratio >= Self.ratioTarget && handoff.reloads == 0 && positionGapMilliseconds < Self.gapTarget
            && handoff.settingsAlwaysLive
    }

    /// A plain-text table for the terminal.
    var table: String {
        func row(_ name: String, _ samples: Samples) -> String {
            name.padding(toLength: 28, withPad: " ", startingAt: 0)
                + [samples.median, samples.percentile(0.9), samples.minimum, samples.maximum]
                .map { format($0).leftPadded(to: 10) }.joined()
        }
        return """
            mpv-bench — \(mpvVersion), \(repetitions) repetitions, media: \(mediaName)

            measurement                      p50 ms    p90 ms    min ms    max ms
            \(row("engine creation", creations))
            \(row("cold start (create + load)", coldStarts))
            \(row("handoff (borrow → live)", handoff.handoffs))
            \(row("give back (→ owner live)", handoff.giveBacks))
            \(row("same change, engine alone", handoff.directApplies))
            \(row("engine apply, separate run", applies.contentModeChanges))
            \(row("  same, content mode kept", applies.sameContentMode))

            pool's share of a handoff  \(format(poolShareMilliseconds)) ms  (handoff p50 − engine alone p50; target ≤ 0.030)
              paired, round by round   \(format(pairedPoolShareMilliseconds)) ms  (median of handoff − engine alone)
            cold / handoff ratio       \(format(ratio, digits: 0))  (target ≥ \(format(Self.ratioTarget, digits: 0)))
            reloads on handoff         \(handoff.reloads)  (target 0)
            position gap               \(format(positionGapMilliseconds)) ms  (target < \(format(Self.gapTarget, digits: 1)) ms)
            settings live every move   \(handoff.settingsAlwaysLive ? "yes" : "NO")
            all targets met            \(meetsTargets ? "yes" : "NO")

            \(seekTable)
            """
    }

    /// The seek figures: call → first frame at the new position, p50 and p95.
    private var seekTable: String {
        if let skipped = seeks.skipped { return "seeks: not measured (\(skipped))" }
        func row(_ name: String, _ samples: Samples) -> String {
            name.padding(toLength: 34, withPad: " ", startingAt: 0)
                + [samples.median, samples.percentile(0.95), samples.minimum, samples.maximum]
                .map { format($0).leftPadded(to: 10) }.joined()
        }
        let media = seeks.media == media ? "the same media" : seeks.media
        return """
            seeks in \(media): call → first frame at the new position
            measurement                            p50 ms    p95 ms    min ms    max ms
            \(row("seek, exact (engine)", seeks.exact))
            \(row("seek, keyframe (engine)", seeks.keyframe))
            \(row("page seek, exact (pool)", seeks.pageExact))
            exact landing error        \(format(seeks.exactLandingErrors.median)) ms p50, \(format(seeks.exactLandingErrors.maximum)) ms max  (time-pos read after the first frame)
            keyframe lands before      \(format(seeks.keyframeLandingOffsets.median)) ms  (p50: the keyframe at or before the target)
            """
    }

    /// The figures as a JSON object.
    func json() throws -> Data {
        let object: [String: Any] = [
            "repetitions": repetitions,
            "mpv_version": mpvVersion,
            "media": media,
            "pool_share_ms_p50": poolShareMilliseconds,
            "pool_share_paired_ms_p50": pairedPoolShareMilliseconds,
            "engine_create_ms_p50": creations.median,
            "cold_start_ms_p50": coldStarts.median,
            "cold_start_ms": coldStarts.milliseconds,
            "handoff_ms_p50": handoff.handoffs.median,
            "handoff_ms_p90": handoff.handoffs.percentile(0.9),
            "handoff_ms": handoff.handoffs.milliseconds,
            "give_back_ms_p50": handoff.giveBacks.median,
            "engine_apply_ms_p50": handoff.directApplies.median,
            "engine_apply_separate_run_ms_p50": applies.contentModeChanges.median,
            "engine_apply_same_content_mode_ms_p50": applies.sameContentMode.median,
            "cold_to_handoff_ratio": ratio,
            "reloads_on_handoff": handoff.reloads,
            "position_gap_ms": positionGapMilliseconds,
            "settings_live_after_every_move": handoff.settingsAlwaysLive,
            "targets_met": meetsTargets,
            "seek_media": seeks.media,
            "seek_skipped": seeks.skipped ?? NSNull(),
            "seek_exact_ms_p50": seeks.exact.median,
            "seek_exact_ms_p95": seeks.exact.percentile(0.95),
            "seek_exact_ms": seeks.exact.milliseconds,
            "seek_keyframe_ms_p50": seeks.keyframe.median,
            "seek_keyframe_ms_p95": seeks.keyframe.percentile(0.95),
            "seek_keyframe_ms": seeks.keyframe.milliseconds,
            "page_seek_exact_ms_p50": seeks.pageExact.median,
            "page_seek_exact_ms_p95": seeks.pageExact.percentile(0.95),
            "seek_exact_landing_error_ms_p50": seeks.exactLandingErrors.median,
            "seek_exact_landing_error_ms_max": seeks.exactLandingErrors.maximum,
            "seek_keyframe_landing_offset_ms_p50": seeks.keyframeLandingOffsets.median,
        ]
        return try ReportFile.json(object: object)
    }

    private func format(_ value: Double, digits: Int = 3) -> String {
        String(format: "%.\(digits)f", value)
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
