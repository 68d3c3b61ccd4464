import SeamlessPlayback

/// What the soak saw at one moment: each engine as the pool and mpv describe it, and what the harness's pages
/// believe they hold. ``SoakInvariants`` judges it.
package struct SoakObservation: Hashable, Sendable {
    /// One engine.
    package struct Engine: Hashable, Sendable {
        /// The player's name.
        package var player: String
        /// Its media's id, if any.
        package var media: String?
        /// The pages that hold it, by the pool's snapshot, owner first.
        package var holders: [String]
        /// The settings the pool last applied to it, and those of its active holder.
        package var applied: PlaybackSettings?
        /// The active holder's settings, if it has a holder.
        package var active: PlaybackSettings?
        /// Whether the pool's snapshots taken just before and just after mpv was read agree on this engine: only
        /// then is mpv's state judged against the pool's (an apply in flight between them is no fault).
        package var isSettled: Bool
        /// mpv's `mute` and `pause`, read between the two snapshots; `nil` when they could not be read.
        package var liveMuted: Bool?
        /// mpv's `pause`.
        package var livePaused: Bool?
        /// mpv's playback position in seconds, if it has one.
        package var position: Double?
        /// Whether a fault of the origin strikes this engine's media now (or struck it since the last observation).
        package var isFaulted: Bool

        /// An engine as observed.
        package init(
            player: String, media: String? = nil, holders: [String] = [], applied: PlaybackSettings? = nil,
            active: PlaybackSettings? = nil, isSettled: Bool = true, liveMuted: Bool? = nil, livePaused: Bool? = nil,
            position: Double? = nil, isFaulted: Bool = false
        ) {
            self.player = player
            self.media = media
            self.holders = holders
            self.applied = applied
            self.active = active
            self.isSettled = isSettled
            self.liveMuted = liveMuted
            self.livePaused = livePaused
            self.position = position
            self.isFaulted = isFaulted
        }
    }

    /// Seconds since the run began.
    package var seconds: Double
    /// Every engine alive.
    package var engines: [Engine]
    /// The players each page believes it actively holds (a lease it has not lent, given back or lost), by page.
    package var activeBeliefs: [String: [String]]
    /// The pages the harness has closed or dropped, with the seconds at which it let go of each.
    package var letGo: [String: Double]
    /// Bytes a cache stream served mpv that differ from the origin's, counted since the run began.
    package var differingReads: Int
    /// Failures that carried no type the soak expects, each described, since the last observation.
    package var untypedFailures: [String]

    /// An observation.
    package init(
        seconds: Double, engines: [Engine] = [], activeBeliefs: [String: [String]] = [:],
        letGo: [String: Double] = [:], differingReads: Int = 0, untypedFailures: [String] = []
    ) {
        self.seconds = seconds
        self.engines = engines
        self.activeBeliefs = activeBeliefs
        self.letGo = letGo
        self.differingReads = differingReads
        self.untypedFailures = untypedFailures
    }
}
