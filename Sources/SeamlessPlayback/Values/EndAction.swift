/// What a player does when it reaches the end of its media.
public enum EndAction: Hashable, Sendable, CaseIterable {
    /// Stop on the last frame, which stays on screen; the engine reports ``PlaybackPhase/ended``.
    case pause
    /// Start again from the beginning, on the same player and with no reload, as a short-video feed does.
    case loop
}
