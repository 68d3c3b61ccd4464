import Foundation
import SeamlessPlayback

/// The slow feed's figures in its three configurations, with the goals checked, as a table and as JSON.
struct SlowFeedReport {
    /// Byte-tier swipes with players + bytes: first-frame p95 at most this share of the same swipes' with players only.
    static let byteTierShareTarget = 0.25
    /// Player-tier swipes with players + bytes: first-frame p95 at most this times, or ``playerTierSlackMilliseconds``
    /// more than, the same with players only (whichever is more), and at least as many of them.
    static let playerTierRatioTarget = 1.25
    static let playerTierSlackMilliseconds = 5.0
    /// Bytes fetched with players + bytes at most this times those with players only.
    static let fetchedRatioTarget = 1.5

    let mpvVersion: String
    let originDelay: Duration
    let originLimit: OriginLimit
    let settings: SlowFeedBench.Settings
    let plan: SlowFeedPlan.Choice
    let shape: SlowFeedMedia.Shape
    /// The items' lengths in bytes, for their mean bit rate.
    let lengths: [Int64]
    let results: [SlowFeedBench.Result]

    private func result(_ configuration: SlowFeedBench.Configuration) -> SlowFeedBench.Result {
        results.first { $0.configuration == configuration } ?? SlowFeedBench.Result(configuration: configuration)
    }

    /// Byte-tier p95 with players + bytes over the same with players only.
    var byteTierShare: Double {
        let players = result(.playersOnly).firstFrames(.byte).percentile(0.95)
        return players > 0 ? result(.playersAndBytes).firstFrames(.byte).percentile(0.95) / players : 0
    }

    var meetsByteTierGoal: Bool {
        !result(.playersAndBytes).firstFrames(.byte).milliseconds.isEmpty && byteTierShare <= Self.byteTierShareTarget
    }

    var meetsPlayerTierGoal: Bool {
        let players = result(.playersOnly).firstFrames(.player)
        let both = result(.playersAndBytes).firstFrames(.player)
        let bound = max(
            players.percentile(0.95) * Self.playerTierRatioTarget,
            players.percentile(0.95) + Self.playerTierSlackMilliseconds)
        return both.milliseconds.count >= players.milliseconds.count && both.percentile(0.95) <= bound
    }

    /// Bytes fetched with players + bytes over those with players only.
    var fetchedRatio: Double {
        let players = result(.playersOnly).fetchedBytes
        return players > 0 ? Double(result(.playersAndBytes).fetchedBytes) / Double(players) : 0
    }

    var meetsFetchedGoal: Bool { fetchedRatio <= Self.fetchedRatioTarget }

    /// The items' mean bit rate, sound and container included, in Mbit/s.
    var meanMegabits: Double {
        guard !lengths.isEmpty, shape.clipSeconds > 0 else { return 0 }
        let mean = Double(lengths.reduce(0, +)) / Double(lengths.count)
        return mean * 8 / Double(shape.clipSeconds) / 1e6
    }

    /// A plain-text table for the terminal.
    var table: String {
        func row(_ name: String, _ value: (SlowFeedBench.Result) -> String) -> String {
            results.reduce(name.padding(toLength: 32, withPad: " ", startingAt: 0)) {
                $0 + value($1).padding(toLength: 22, withPad: " ", startingAt: 0)
            }
        }
        func frames(_ samples: Samples) -> String {
            samples.milliseconds.isEmpty
                ? "–"
                : String(format: "%.0f / %.0f / %.0f", samples.median, samples.percentile(0.95), samples.maximum)
        }
        func stalls(_ quality: PlaybackQuality) -> String {
            String(format: "%d, %.1f s", quality.stallCount, quality.stallTime.milliseconds / 1_000)
        }
        var lines = [
            """
            mpv-bench --feed --origin-delay \(Int(originDelay.milliseconds)) \(originLimit.option) \
            --bytes-per-item \(settings.bytesPerItem / 1_024) --prefetch-fetches \(settings.maxConcurrentFetches) \
            --prefetch-dwell \(String(format: "%g", (settings.prefetchDwell ?? .zero).milliseconds / 1_000)) \
            --read-ahead \(String(format: "%g", settings.readAhead.milliseconds / 1_000)) \
            --paused-read-ahead \(String(format: "%g", settings.pausedReadAhead.milliseconds / 1_000)) \
            --paused-fetch \(settings.pausedFetch / 1_024)\(settings.isLean ? "" : " --no-lean") \
            --focused-buffer \(String(format: "%g", settings.focusedBuffer.milliseconds / 1_000)) \
            --plan \(plan.rawValue) — \(mpvVersion): \(shape.clipCount) items (\(shape.distinctClips) clips of \
            \(shape.clipSeconds) s, H.264 \(shape.videoKilobits) kbit/s + AAC, 640×360@30, \
            \(String(format: "%.2f", meanMegabits)) Mbit/s in all) from a TestOrigin, \
            plan \(plan.rawValue): \(results.first?.swipes.count ?? 0) swipes, \(plan.dwellDescription), a pool of \
            \(SlowFeedBench.capacity)
            """,
            "",
            row("") { $0.configuration.rawValue },
            row("run time") { String(format: "%.1f s", $0.wallTime.milliseconds / 1_000) },
            row("first frame p50/p95/max, all") { frames($0.firstFrames()) },
            row("on-screen stalls, time, all") { stalls($0.stalls()) },
        ]
        for tier in SlowFeedPlan.Tier.allCases {
            lines.append(row("\(tier.rawValue) tier: swipes") { "\($0.firstFrames(tier).milliseconds.count)" })
            lines.append(row("  first frame p50/p95/max ms") { frames($0.firstFrames(tier)) })
            lines.append(row("  on-screen stalls, time") { stalls($0.stalls(tier)) })
        }
        lines += [
            row("byte tier, some cached: swipes") { "\($0.firstFrames(.byte, cached: true).milliseconds.count)" },
            row("  first frame p50/p95/max ms") { frames($0.firstFrames(.byte, cached: true)) },
            row("byte tier, none cached: swipes") { "\($0.firstFrames(.byte, cached: false).milliseconds.count)" },
            row("  first frame p50/p95/max ms") { frames($0.firstFrames(.byte, cached: false)) },
            row("bytes fetched (origin)") { Self.megabytes($0.fetchedBytes) },
            row("  of which by the prefetcher") { Self.megabytes($0.prefetchedBytes) },
            row("origin requests") { "\($0.requests)" },
            row("bytes played") { Self.megabytes($0.playedBytes) },
            row("fetched ÷ played") { String(format: "%.2f×", Self.ratio($0.fetchedBytes, $0.playedBytes)) },
            row("cached at the swipe (sum)") { Self.megabytes($0.cachedAtSwipes) },
            row("loads, wasted") { "\($0.loads), \($0.wastedLoads)" },
            "",
            String(
                format: "byte tier p95, bytes ÷ players only   %.3f  (goal ≤ %.2f)  %@", byteTierShare,
                Self.byteTierShareTarget, meetsByteTierGoal ? "met" : "NOT MET"),
            "player tier as warm and fast           (goal: as many, p95 ≤ max(1.25×, +5 ms))  "
                + (meetsPlayerTierGoal ? "met" : "NOT MET"),
            String(
                format: "bytes fetched, bytes ÷ players only   %.2f×  (goal ≤ %.1f×)  %@", fetchedRatio,
                Self.fetchedRatioTarget, meetsFetchedGoal ? "met" : "NOT MET"),
            "",
            """
            tiers: where each swipe's clip stood before the swipe's focus call: player = a player had it loaded or \
            loading (PlayerPool.snapshot()); bytes = in the byte tier of the plan the prefetcher held (without one: \
            of the default window around the previous swipe's clip); cold = neither; some cached: the cache held bytes \
            from the clip's start at the swipe. First frame: from the focus \
            call to the acquire's return. On-screen stalls: the pool's quality ledger for the swipe's lease at the \
            end of its dwell (PageSession.quality(of:)): entries into buffering after its first frame, and their \
            time, summed over the swipes. Bytes played: per clip shown, its length × the farthest playback position \
            it reached (audio-pts at the end of a dwell) ÷ its duration, summed. Cached at the swipe: the bytes from \
            each swipe's clip's start the cache held at the swipe, summed.
            """,
        ]
        return lines.joined(separator: "\n")
    }

    /// The figures as a JSON object.
    func json() throws -> Data {
        try ReportFile.json(object: object())
    }

    /// The figures of several runs as JSON: one run's object as ``json()`` writes it, or for more than one an object
    /// whose `runs` holds each run's, in order.
    static func json(_ reports: [SlowFeedReport]) throws -> Data {
        if reports.count == 1, let only = reports.first { return try only.json() }
        return try ReportFile.json(object: ["runs": reports.map { $0.object() }])
    }

    private func object() -> [String: Any] {
        func frames(_ samples: Samples, stalls: PlaybackQuality? = nil) -> [String: Any] {
            var figures: [String: Any] = [
                "swipes": samples.milliseconds.count, "first_frame_ms_p50": samples.median,
                "first_frame_ms_p95": samples.percentile(0.95), "first_frame_ms_max": samples.maximum,
            ]
            if let stalls {
                figures["onscreen_stalls"] = stalls.stallCount
                figures["onscreen_stall_s"] = stalls.stallTime.milliseconds / 1_000
            }
            return figures
        }
        func figures(_ result: SlowFeedBench.Result) -> [String: Any] {
            var tiers: [String: Any] = [:]
            for tier in SlowFeedPlan.Tier.allCases {
                tiers[tier.rawValue] = frames(result.firstFrames(tier), stalls: result.stalls(tier))
            }
            tiers["byte_some_cached"] = frames(result.firstFrames(.byte, cached: true))
            tiers["byte_none_cached"] = frames(result.firstFrames(.byte, cached: false))
            return [
                "run_time_s": result.wallTime.milliseconds / 1_000,
                "all": frames(result.firstFrames(), stalls: result.stalls()),
                "tiers": tiers,
                "swipes": result.swipes.map {
                    [
                        "index": $0.index, "tier": $0.tier.rawValue, "first_frame_ms": $0.firstFrame.milliseconds,
                        "cached_at_swipe_bytes": $0.cachedAtSwipe, "onscreen_stalls": $0.onScreen.stallCount,
                        "onscreen_stall_ms": $0.onScreen.stallTime.milliseconds,
                    ] as [String: Any]
                },
                "fetched_bytes": result.fetchedBytes,
                "prefetched_bytes": result.prefetchedBytes,
                "origin_requests": result.requests,
                "played_bytes": result.playedBytes,
                "fetched_over_played": Self.ratio(result.fetchedBytes, result.playedBytes),
                "cached_at_swipe_bytes": result.cachedAtSwipes,
                "loads": result.loads,
                "wasted_loads": result.wastedLoads,
            ]
        }
        var configurations: [String: Any] = [:]
        for result in results { configurations[result.configuration.rawValue] = figures(result) }
        let object: [String: Any] = [
            "mpv_version": mpvVersion,
            "origin_delay_ms": originDelay.milliseconds,
            "origin_limit": originLimit.name,
            originLimit.jsonKey: originLimit.kilobits,
            "bytes_per_item": settings.bytesPerItem,
            "prefetch_fetches": settings.maxConcurrentFetches,
            "prefetch_dwell_s": (settings.prefetchDwell ?? .zero).milliseconds / 1_000,
            "read_ahead_s": settings.readAhead.milliseconds / 1_000,
            "focused_buffer_s": settings.focusedBuffer.milliseconds / 1_000,
            "paused_read_ahead_s": settings.pausedReadAhead.milliseconds / 1_000,
            "paused_fetch_kib": settings.pausedFetch / 1_024,
            "lean": settings.isLean,
            "items": shape.clipCount,
            "plan": plan.rawValue,
            "clip_seconds": shape.clipSeconds,
            "video_kbit": shape.videoKilobits,
            "clip_mbit_mean": meanMegabits,
            "capacity": SlowFeedBench.capacity,
            "configurations": configurations,
            "byte_tier_p95_bytes_over_players": byteTierShare,
            "byte_tier_goal_met": meetsByteTierGoal,
            "player_tier_goal_met": meetsPlayerTierGoal,
            "fetched_bytes_over_players": fetchedRatio,
            "fetched_goal_met": meetsFetchedGoal,
        ]
        return object
    }

    private static func megabytes(_ bytes: Int64) -> String { String(format: "%.2f MB", Double(bytes) / 1e6) }

    private static func ratio(_ a: Int64, _ b: Int64) -> Double { b > 0 ? Double(a) / Double(b) : 0 }
}
