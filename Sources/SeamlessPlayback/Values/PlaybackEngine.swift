/// A real player: AVPlayer, libmpv, or a simulation.
///
/// The pool is the only caller of `load`, `applyImmediately`, `apply` and `shutdown`, and it calls one engine
/// strictly one operation at a time: a `load` or apply never overlaps another on the same engine, and they arrive
/// in the order the pool decided them. `shutdown` is called exactly once, last. Implementations
/// therefore need no ordering logic of their own, only thread safety for their own state, since
/// pages may read `currentPosition` at any time.
public protocol PlaybackEngine: AnyObject, Sendable {
    /// Loads the media and returns when playback can start.
    /// - Parameter item: The media to play.
    /// - Throws: Any error; the pool reports it as ``PlayerPoolError/engineFailed(_:)`` and retires the engine.
    func load(_ item: MediaItem) async throws
    /// Puts the settings on the player and returns when they are live.
    ///
    /// It may be called on a task that is (or becomes) cancelled: it must complete all the same, since
    /// the pool counts the settings as on the engine once it returns. It begins on the pool's thread and runs
    /// there until it first suspends, so it must never block the thread: wait for anything slow with `await`.
    /// - Parameter settings: The active page's settings.
    func apply(_ settings: PlaybackSettings) async
    /// Puts the settings on the player without waiting, if the engine can: one whose settings are plain properties
    /// sets them here and returns `true`, and the pool counts them as on the engine at once, without starting a
    /// task for ``apply(_:)``. Return `false` to have ``apply(_:)`` called for them instead.
    ///
    /// The pool calls it where it would call ``apply(_:)``, one call at a time with the engine's other calls and
    /// in their order, on the pool's own executor: it must return promptly and never block.
    /// - Parameter settings: The active page's settings.
    /// - Returns: Whether the settings are on the player; `false` leaves them for ``apply(_:)``.
    func applyImmediately(_ settings: PlaybackSettings) -> Bool
    /// The playback position in the loaded media.
    func currentPosition() async -> Duration
    /// Releases the player's resources. Called once; no call follows it.
    func shutdown() async
    /// Called once by the pool, before the engine's first load. The engine calls `report` when it can no
    /// longer play (the stream broke, the decoder died): from any thread, any number of times; only the
    /// first counts.
    /// - Parameter report: Tells the pool why the engine can no longer play.
    func onFailure(_ report: @escaping @Sendable (String) -> Void)
}

extension PlaybackEngine {
    /// Engines that apply settings only asynchronously need not implement it.
    /// - Parameter settings: Ignored.
    /// - Returns: `false`: the pool calls ``apply(_:)``.
    public func applyImmediately(_ settings: PlaybackSettings) -> Bool { false }

    /// Engines that never fail after their load need not implement it.
    /// - Parameter report: Ignored.
    public func onFailure(_ report: @escaping @Sendable (String) -> Void) {}
}
