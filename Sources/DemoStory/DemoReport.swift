import SeamlessPlayback

/// One line of the demo's timeline.
public struct DemoEvent: Hashable, Sendable {
    /// Virtual time since the story began.
    public var time: Duration
    /// The page the line is about.
    public var page: String
    /// What happened, in words.
    public var event: String
    /// The playback position of the engine the page is looking at.
    public var position: Duration?
    /// The settings on that engine.
    public var settings: PlaybackSettings?
    /// Which engine the line is about.
    public var player: PlayerID?
}

/// Everything the demo found out, for printing and for the test that checks the story.
public struct DemoReport: Sendable {
    /// The story, line by line.
    public var timeline: [DemoEvent] = []
    /// The feed-cell-to-detail-page transition.
    public var plan: TransitionPlan?
    /// Loads performed by the engine that was handed from page to page.
    public var handedOffEngineLoads = 0
    /// The cold start one load costs on the simulated engine.
    public var coldStart: Duration = .zero
    /// What the forged deep link was refused with.
    public var forgedLinkError: PlayerPoolError?
    /// What the mini-player was told.
    public var miniPlayerNotices: [LeaseNotice] = []
    /// What the feed was told.
    public var feedNotices: [LeaseNotice] = []
    /// The pool's counters at the end.
    public var metrics = PoolMetrics()

    /// Successful borrows.
    public var handoffs: Int { metrics.handoffs }

    /// The cold-start time the handoffs avoided: one cold start each.
    public var coldStartAvoided: Duration { coldStart * handoffs }

    /// The timeline lines about one engine.
    public func lines(for player: PlayerID) -> [DemoEvent] { timeline.filter { $0.player == player } }
}
