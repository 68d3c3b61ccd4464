/// Why a player is paused.
///
/// Only ``requested`` is the page's own doing. The others are the system's: the pool never undoes them on its
/// own (that would fight the system and the user), but it stops counting the page's settings as live, so the next
/// change of active holder, or the active holder's next ``PageSession/update(_:)``, applies them in full again.
public enum PauseReason: Hashable, Sendable, CaseIterable {
    /// The active page's settings say ``PlaybackSettings/isPaused``.
    case requested
    /// An audio interruption: a phone call, an alarm, another app's audio.
    case interrupted
    /// The audio route went away (headphones unplugged). Apple's guidance is to pause and not resume by itself.
    case outputLost
    /// Any other pause the engine did not ask for: lock-screen or remote controls, another client, a policy.
    case system
    /// The media cannot play at the settings' ``PlaybackSettings/rate``, so the engine holds it paused rather than
    /// play it at another rate (an `AVPlayerItem` plays 1–2× always, faster only when it can play fast forward, slower
    /// only when it can play slow forward). Another rate, in the page's next update, plays it.
    case unsupportedRate
}
