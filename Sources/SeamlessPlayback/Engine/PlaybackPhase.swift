/// What a player is doing, as its engine reports it.
public enum PlaybackPhase: Hashable, Sendable {
    /// The media is being loaded.
    case loading
    /// The position advances.
    case playing
    /// The engine wants to play but waits for data (a spinner's cue).
    case buffering
    /// The position stands still; the reason says who paused it.
    case paused(PauseReason)
    /// The media played to its end and stopped there (``EndAction/pause``): the last frame stays on screen.
    case ended
}
