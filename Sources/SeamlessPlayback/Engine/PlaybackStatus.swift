/// One report of a player's state: its phase, where it is, how long the media is and how much of it lies ready ahead.
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
    /// How much of the media past ``position`` the engine holds, ready to play without the network; `nil` when the
    /// engine does not say.
    ///
    /// An engine that says reports again when it crosses a whole second, and when it comes to hold the media's end;
    /// a negative value counts as nothing held.
    /// While a feed's focused clip plays short of its ``PreloadWindow/focusedBufferAhead`` (and of its end), the pool
    /// starts no preload and the byte tier fetches nothing: the clip on screen has the link first, unless its reports
    /// show it filling at least twice as fast as it plays. The libmpv engine
    /// (mpv's `demuxer-cache-duration`) and the AVPlayer engine (the item's `loadedTimeRanges`) report it; an engine
    /// that leaves it `nil` holds them only while it reports ``PlaybackPhase/buffering``.
    public var bufferedAhead: Duration?

    /// Creates a status.
    /// - Parameters:
    ///   - phase: What the player is doing.
    ///   - position: The playback position when the report was made.
    ///   - duration: The media's length; `nil` while unknown or live.
    ///   - bufferedAhead: How much of the media past `position` the engine holds; `nil` when it does not say.
    public init(phase: PlaybackPhase, position: Duration, duration: Duration?, bufferedAhead: Duration? = nil) {
        self.phase = phase
        self.position = position
        self.duration = duration
        self.bufferedAhead = bufferedAhead
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

    /// Whether the clip this report is of needs the link to itself: it stalls (``PlaybackPhase/buffering``), or it
    /// plays with less than `target` held ahead and short of its end. A clip paused or ended, one whose engine does
    /// not say what it holds, and a live stream (no duration) need nothing more.
    /// - Parameter target: How much a playing clip should hold ahead before others may use the link.
    func isShortOfBuffer(_ target: Duration) -> Bool {
        switch phase {
        case .buffering:
            return true
        case .playing:
            guard let ahead = bufferedAhead, duration != nil, ahead < target else { return false }
            return !holdsItsEnd
        case .loading, .paused, .ended:
            return false
        }
    }

    /// Whether ``bufferedAhead`` reaches the media's end: the engine holds the rest of the clip, and needs nothing
    /// more from the network to play it out. Within a quarter of a second, as an engine's last packet ends a frame or
    /// two before the media's length; `false` when either is unknown.
    public var holdsItsEnd: Bool {
        guard let ahead = bufferedAhead, let duration else { return false }
        // In seconds, so that no value, however large, can overflow.
        return position.inSeconds + max(0, ahead.inSeconds) + Self.endSlack >= duration.inSeconds
    }

    /// What ``bufferedAhead`` says, as coarsely as an engine reports it: whole seconds, one step (`Int.max`) once it
    /// holds the end, `nil` when unknown. An engine reports a new status when this changes, not on every packet.
    @_spi(EngineSupport) public var bufferedAheadStep: Int? {
        guard let ahead = bufferedAhead else { return nil }
        if holdsItsEnd { return .max }
        return Int(min(max(0, ahead.inSeconds), 1e9).rounded(.down))
    }

    /// How near the end a clip's buffer may stop and still hold its end, in seconds.
    static let endSlack = 0.25

    /// Whether the engine reports a pause it did not ask for.
    var isSystemPause: Bool {
        if case .paused(let reason) = phase { reason != .requested } else { false }
    }
}
