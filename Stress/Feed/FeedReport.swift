import Foundation

/// The feed run's figures, as `--json` writes them with `--feed`.
struct FeedReport: Encodable, Sendable {
    var seed: UInt64
    var swipes: Int
    var players: Int
    var windowAhead: Int
    var windowBehind: Int
    var coldStartMs: Double
    var values: [String: Double]
    var violations: Int

    init(
        options: Options, with policy: FeedFigures, without: FeedFigures, focusCall: FocusCallBenchmark.Figures?,
        floor: Latencies?, violations: Violations
    ) {
        seed = options.seed
        swipes = options.feedSwipes
        players = options.feedPlayers
        windowAhead = options.feedAhead
        windowBehind = options.feedBehind
        coldStartMs = 250
        self.violations = violations.total
        var values: [String: Double] = [:]
        for (suffix, figures) in [("", policy), ("_without_policy", without)] {
            values["feed_warm_share" + suffix] = figures.warmShare
            values["feed_first_frame_p50_ms" + suffix] = figures.firstFrame(50)
            values["feed_first_frame_p95_ms" + suffix] = figures.firstFrame(95)
            values["feed_first_frame_p99_ms" + suffix] = figures.firstFrame(99)
            values["feed_loads" + suffix] = Double(figures.loads)
            values["feed_loads_per_item" + suffix] = figures.loadsPerItem
            values["feed_players_created" + suffix] = Double(figures.playersCreated)
            values["feed_wasted_loads" + suffix] = Double(figures.wastedLoads)
            values["feed_virtual_seconds" + suffix] = figures.virtualSeconds
            values["feed_real_seconds" + suffix] = figures.realSeconds
        }
        values["feed_taps"] = Double(policy.taps)
        if let focusCall, let floor {
            values["feed_focus_call_same_p50_ns"] = focusCall.same.p50
            values["feed_focus_call_moving_p50_ns"] = focusCall.moving.p50
            values["floor_ns"] = floor.p50
            values["feed_focus_call_ratio_to_floor"] = floor.p50 > 0 ? focusCall.same.p50 / floor.p50 : 0
            values["feed_focus_call_moving_ratio_to_floor"] = floor.p50 > 0 ? focusCall.moving.p50 / floor.p50 : 0
        }
        self.values = values
    }

    enum CodingKeys: String, CodingKey {
        case seed
        case swipes = "feed_swipes"
        case players = "feed_players"
        case windowAhead = "feed_window_ahead"
        case windowBehind = "feed_window_behind"
        case coldStartMs = "feed_cold_start_ms"
        case violations
    }

    /// Flat: the named fields and every figure at the top level.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(seed, forKey: .seed)
        try container.encode(swipes, forKey: .swipes)
        try container.encode(players, forKey: .players)
        try container.encode(windowAhead, forKey: .windowAhead)
        try container.encode(windowBehind, forKey: .windowBehind)
        try container.encode(coldStartMs, forKey: .coldStartMs)
        try container.encode(violations, forKey: .violations)
        var figures = encoder.container(keyedBy: FigureKey.self)
        for (key, value) in values { try figures.encode(value, forKey: FigureKey(key)) }
    }

    struct FigureKey: CodingKey {
        let stringValue: String
        init(_ name: String) { stringValue = name }
        init?(stringValue: String) { self.stringValue = stringValue }
        var intValue: Int? { nil }
        init?(intValue: Int) { nil }
    }
}
