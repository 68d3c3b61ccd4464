/// One report of a player's state: its phase, where it is and how long the media is.
///
/// Engines report it when something changes (``PlaybackEngine/onStatusChange(_:)``); pages read it from
/// ``PageSession/status(of:)`` while they are the player's active holder.
public struct PlaybackStatus: Hashable, Sendable {
    /// What the player is doing.
    public var phase: PlaybackPhase
    /// The playback position when the report was made.
    public var position: Duration
    /// The media's length; `nil` while it is unknown, or for a live stream.
    public var duration: Duration?

    /// Creates a status.
    /// - Parameters:
    ///   - phase: What the player is doing.
    ///   - position: The playback position when the report was made.
    ///   - duration: The media's length; `nil` while unknown or live.
    public init(phase: PlaybackPhase, position: Duration, duration: Duration?) {
        self.phase = phase
        self.position = position
        self.duration = duration
    }
}

extension PlaybackStatus {
    /// Whether the engine's settings `settings` account for this report. A report they do not account for — paused
    /// for any reason but ``PauseReason/requested`` while they play, playing while they pause, or ended while they
    /// loop — means the engine changed by itself, and the settings can no longer be counted as live.
    /// - Parameter settings: The settings last put on the engine.
    /// - Returns: `false` when the engine changed behind the settings' back.
    func isExplained(by settings: PlaybackSettings) -> Bool {
        switch phase {
        case .loading, .buffering: true
        case .playing: !settings.isPaused
        case .paused(.requested): true
        case .paused: settings.isPaused
        case .ended: settings.endAction == .pause
        }
    }

    /// Whether the engine reports a pause it did not ask for.
    var isSystemPause: Bool {
        if case .paused(let reason) = phase { reason != .requested } else { false }
    }
}
