/// Something that happened in a pool, streamed by ``PlayerPool/events()`` for logging and tests.
public enum PoolEvent: Hashable, Sendable {
    /// A new engine was created.
    case created(PlayerID)
    /// Media finished loading on an engine.
    case loaded(PlayerID, MediaItem)
    /// A page became a player's owner; `warm` when no load was needed.
    case acquired(PlayerID, session: String, warm: Bool)
    /// A page borrowed a player from another.
    case handedOff(PlayerID, from: String, to: String)
    /// A page gave a player back.
    case returned(PlayerID, session: String)
    /// A page took a player back from the pages above it.
    case reclaimed(PlayerID, session: String)
    /// A page's lease was revoked.
    case revoked(PlayerID, session: String)
    /// An idle player's media was replaced (recycling), let go of (a feed's focus moved away from it and nobody else
    /// wants it: its engine unloads it, ``PlaybackEngine/unload()``, once the idle settings are on it, unless the
    /// window wants it again or the focus ends first), or the player was trimmed.
    case evicted(PlayerID, MediaItem?)
    /// An engine was shut down.
    case destroyed(PlayerID)
    /// An acquire started waiting for a free player.
    case queued(session: String, MediaItem)
    /// An acquire gave up waiting.
    case timedOut(session: String, MediaItem)
    /// A call ended because its task was cancelled.
    case cancelled(session: String)
    /// Creating or loading an engine failed, or the engine failed later (it reported a failure, or a call
    /// on it outlasted its timeout).
    case engineFailed(PlayerID, String)
    /// A load of the media on the player failed because of the media; the engine stays. `willRetry` tells whether
    /// the pool tries it again.
    case mediaFailed(PlayerID, MediaItem, MediaFailure, willRetry: Bool)
    /// A borrowed lease has been held longer than ``PlayerPool/Configuration/borrowWarningThreshold``.
    /// Nothing is revoked: it is a hint that a page does not give back promptly.
    case borrowHeldLong(PlayerID, session: String, heldFor: Duration)
    /// A lease's run as its player's active holder ended (it gave the player back, lent it, was revoked, or its page
    /// closed): its figures so far, as ``PageSession/quality(of:)`` reads them. Built only while someone subscribes.
    case qualityReported(PlayerID, session: String, PlaybackQuality)
}
