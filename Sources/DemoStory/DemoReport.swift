import SeamlessPlayback
import SeamlessPlaybackTesting

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
    /// The host showing that engine's picture after this step, as the surfaces decided; `nil` for none.
    public var picture: String?
    /// The status the page heard on its status stream at this step, if the story read it.
    public var heard: PlaybackPhase?
}

/// Everything the demo found out, for printing and for the test that checks the story.
public struct DemoReport: Sendable {
    /// The story, line by line.
    public var timeline: [DemoEvent] = []
    /// The feed-cell-to-detail-page transition.
    public var plan: TransitionPlan?
    /// Loads performed by the engine that was handed from page to page.
    public var handedOffEngineLoads = 0
    /// Applies that engine took: one per change of active holder or settings, and the re-apply after the phone call.
    public var handedOffEngineApplies = 0
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
    /// Every call the surfaces made on the pages' hosts, in order.
    public var hostCalls: [HostCall] = []
    /// The host holding the picture when the feed-to-detail transition starts.
    public var pictureAtTransition: String?
    /// Each page's playback quality for its lease, read when the page's part ended, in that order.
    public var pageQualities: [PageQuality] = []

    /// Successful borrows.
    public var handoffs: Int { metrics.handoffs }

    /// The cold-start time the handoffs avoided: one cold start each.
    public var coldStartAvoided: Duration { coldStart * handoffs }

    /// The feed-to-detail filmstrip, marking the host that holds the picture during the transition.
    public var filmstrip: TransitionFilmstrip? {
        plan.map { TransitionFilmstrip(plan: $0, pictureHost: pictureAtTransition) }
    }

    /// The timeline lines about one engine.
    public func lines(for player: PlayerID) -> [DemoEvent] { timeline.filter { $0.player == player } }
}
