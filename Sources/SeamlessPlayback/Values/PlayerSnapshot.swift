/// One player as the pool sees it at one moment, from ``PlayerPool/snapshot()``.
public struct PlayerSnapshot: Hashable, Sendable {
    /// The player.
    public let player: PlayerID
    /// The media loaded (or loading), if any.
    public let media: MediaItem?
    /// Page names, owner first, active holder last; empty when the player is idle.
    public let holders: [String]
    /// The settings last applied to the engine, if any apply has finished since its last load.
    public let appliedSettings: PlaybackSettings?
    /// The settings of the active holder, which the engine carries at quiescence.
    public let activeSettings: PlaybackSettings?
}
