import Foundation

/// The feed bench's figures, with the policy and without it, as a table and as JSON.
struct FeedBenchReport {
    static let warmTarget = 0.95
    static let p95TargetMilliseconds = 10.0
    static let worstRatioTarget = 1.25
    /// One frame of the feed's clips (30 fps): a warm swipe starts the clip within it of its beginning.
    static let startTargetMilliseconds = 1_000.0 / 30

    let mpvVersion: String
    let withPolicy: FeedBench.Result
    let withoutPolicy: FeedBench.Result

    /// The worst swipe with the policy over the worst without it, in the same run.
    var worstRatio: Double {
        let without = withoutPolicy.firstFrames.maximum
        return without > 0 ? withPolicy.firstFrames.maximum / without : 0
    }

    var warmShare: Double {
        withPolicy.swipes > 0 ? Double(withPolicy.warmHits) / Double(withPolicy.swipes) : 0
    }

    var meetsTargets: Bool {
        warmShare >= Self.warmTarget && withPolicy.firstFrames.percentile(0.95) <= Self.p95TargetMilliseconds
            && worstRatio <= Self.worstRatioTarget && withPolicy.startPositions.maximum < Self.startTargetMilliseconds
            && withPolicy.startPositions.minimum > -Self.startTargetMilliseconds
    }

    /// A plain-text table for the terminal.
    var table: String {
        func row(_ name: String, _ value: (FeedBench.Result) -> String) -> String {
            name.padding(toLength: 30, withPad: " ", startingAt: 0)
                + value(withPolicy).padding(toLength: 16, withPad: " ", startingAt: 0) + value(withoutPolicy)
        }
        let swipes = withPolicy.swipes
        return """
            mpv-bench --feed — \(mpvVersion): \(FeedMedia.clipCount) clips of \(FeedMedia.clipSeconds) s (H.264/AAC \
            640×360@30) over local HTTP, \(swipes) swipes of \(FeedBench.dwell), a pool of \(FeedBench.capacity)

            \("".padding(toLength: 30, withPad: " ", startingAt: 0))with policy     without
            \(row("swipes that were warm hits", { "\($0.warmHits) of \($0.swipes)" }))
            \(row("swipe → first frame p50", { ms($0.firstFrames.median) }))
            \(row("swipe → first frame p95", { ms($0.firstFrames.percentile(0.95)) }))
            \(row("first swipe (cold)", { ms($0.firstFrames.milliseconds.first ?? 0) }))
            \(row("worst swipe", { ms($0.firstFrames.maximum) }))
            \(row("warm, new clip: swipes", { "\($0.startPositions.milliseconds.count)" }))
            \(row("  started at p95", { ms($0.startPositions.percentile(0.95)) }))
            \(row("  started at max", { ms($0.startPositions.maximum) }))
            \(row("  time-pos then, max", { ms($0.startTimePositions.maximum) }))
            \(row("warm, back to a clip: swipes", { "\($0.resumedMoves.milliseconds.count)" }))
            \(row("  moved since left, max", { ms($0.resumedMoves.maximum) }))
            \(row("loads", { "\($0.loads)" }))
            \(row("wasted loads (never shown)", { "\($0.wastedLoads)" }))
            \(row("quality: startup p50", { ms($0.qualityStartups.median) }))
            \(row("quality: startup p95", { ms($0.qualityStartups.percentile(0.95)) }))
            \(row("quality: startup max", { ms($0.qualityStartups.maximum) }))
            \(row("quality ÷ timer, median", { String(format: "%.3f×", Self.median($0.startupRatios)) }))
            \(row("quality − timer, min", { ms($0.startupDifferences.minimum) }))
            \(row("quality − timer, max", { ms($0.startupDifferences.maximum) }))
            \(row("quality: swipes not started", { "\($0.unstarted)" }))
            \(row("quality: stalls, time", { "\($0.quality.stallCount), \(ms($0.quality.stallTime.milliseconds))" }))

            warm with the policy        \(String(format: "%.1f", warmShare * 100)) %  (target ≥ 95 %)
            first frame p95, policy     \(ms(withPolicy.firstFrames.percentile(0.95)))  (target ≤ 10 ms)
            worst with / worst without  \(String(format: "%.2f", worstRatio))×  (target ≤ 1.25×)
            started at, policy p95/max  \(ms(withPolicy.startPositions.percentile(0.95))) / \
            \(ms(withPolicy.startPositions.maximum))  (target < one frame, \(ms(Self.startTargetMilliseconds)))
            all targets met             \(meetsTargets ? "yes" : "NO")

            started at: the clip's playback position (mpv's audio-pts, the clock its pictures follow) when the acquire
            returned, the page's settings on and playing from there; time-pos is the last frame mpv handed to the
            output, up to 50 ms early; a clip back on the player that showed it, with no load since, resumes where it
            was given back (moved since left: how far its playback position had moved from there); quality: the
            pool's own figures (PageSession.quality(of:) per swipe at the end of its dwell, PlayerPool.quality for the
            stalls), its startup from the acquire call to the first .playing the pool heard, where the bench's timer
            runs from the focus call to the acquire's return
            """
    }

    /// The figures as a JSON object.
    func json() throws -> Data {
        func figures(_ result: FeedBench.Result) -> [String: Any] {
            [
                "swipes": result.swipes,
                "warm_hits": result.warmHits,
                "first_frame_ms_p50": result.firstFrames.median,
                "first_frame_ms_p95": result.firstFrames.percentile(0.95),
                "first_frame_ms_max": result.firstFrames.maximum,
                "first_frame_ms": result.firstFrames.milliseconds,
                "start_position_ms_p95": result.startPositions.percentile(0.95),
                "start_position_ms_max": result.startPositions.maximum,
                "start_position_ms": result.startPositions.milliseconds,
                "start_time_pos_ms_max": result.startTimePositions.maximum,
                "start_time_pos_ms": result.startTimePositions.milliseconds,
                "resumed_moved_ms_max": result.resumedMoves.maximum,
                "resumed_moved_ms": result.resumedMoves.milliseconds,
                "loads": result.loads,
                "wasted_loads": result.wastedLoads,
                "quality_startup_ms_p50": result.qualityStartups.median,
                "quality_startup_ms_p95": result.qualityStartups.percentile(0.95),
                "quality_startup_ms_max": result.qualityStartups.maximum,
                "quality_startup_ms": result.qualityStartups.milliseconds,
                "quality_over_timer_median": Self.median(result.startupRatios),
                "quality_over_timer": result.startupRatios,
                "quality_minus_timer_ms": result.startupDifferences.milliseconds,
                "quality_unstarted": result.unstarted,
                "quality_stalls": result.quality.stallCount,
                "quality_stall_ms": result.quality.stallTime.milliseconds,
                "quality_playing_ms": result.quality.playingTime.milliseconds,
            ]
        }
        let object: [String: Any] = [
            "mpv_version": mpvVersion,
            "clips": FeedMedia.clipCount,
            "capacity": FeedBench.capacity,
            "with_policy": figures(withPolicy),
            "without_policy": figures(withoutPolicy),
            "worst_with_over_worst_without": worstRatio,
            "targets_met": meetsTargets,
        ]
        return try ReportFile.json(object: object)
    }

    private func ms(_ value: Double) -> String { String(format: "%.2f ms", value) }

    /// The middle value (nearest rank, as ``Samples``); zero when empty.
    private static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? 0 : sorted[(sorted.count + 1) / 2 - 1]
    }
}
