/// A real player: AVPlayer, libmpv, or a simulation.
///
/// The pool is the only caller of `load`, `applyImmediately`, `apply`, `seek`, `unload` and `shutdown`, and it calls one
/// engine strictly one operation at a time: a `load`, apply, seek or unload never overlaps another on the same engine,
/// and they arrive in the order the pool decided them. `shutdown` is called exactly once, last. Implementations
/// therefore need no ordering logic of their own, only thread safety for their own state, since pages may read
/// `currentPosition` at any time.
///
/// While no page holds its player, an engine carries the pool's idle settings
/// (``PlayerPool/Configuration/idleSettings``, by default paused and muted). They come through ``apply(_:)`` like any
/// page's: nothing about them is special.
///
/// The pool applies settings before an engine's first load and never loads on an engine's defaults: a new engine
/// gets the settings of the page that wants the media (its acquire or borrow) or, for a preload, the idle settings,
/// and its load begins once they are on it. A load that replaces other media begins under the idle settings, or under
/// the settings of the page it is for; the page's settings follow it when they are not on the engine yet. So the one thing an engine must do is keep the
/// settings on it through a load: a load never starts playback, unmutes or changes the rate that the settings on the
/// engine do not ask for, so that a muted page's clip is silent from its first sample and a preloaded clip stands
/// still on its first frame.
public protocol PlaybackEngine: AnyObject, Sendable {
    /// Loads the media and returns when playback can start, keeping the settings on the engine: paused settings leave
    /// the new media standing on its first frame, at its start.
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
    /// Moves the playback position and returns when the picture at the new position is out.
    ///
    /// The pool calls it on the engine's lane, between its loads and applies, only for the page that is the
    /// player's active holder when the seek's turn comes. A position past the end is the engine's to clamp.
    /// - Parameter position: The new position, never negative.
    /// - Throws: Any error when the engine cannot seek there (a live stream, a file without an index); the pool
    ///   answers ``PlayerPoolError/seekFailed(_:)`` and keeps the engine in service.
    func seek(to position: Duration) async throws
    /// Called once by the pool, before the engine's first load. The engine calls `report` whenever its state
    /// changes — loading, playing, buffering, paused (and why), ended — from any thread. Report every change
    /// the engine made by itself (a system pause, a stall, the end): the pool's isolation of each page's settings
    /// depends on it.
    /// - Parameter report: Tells the pool the engine's new status.
    func onStatusChange(_ report: @escaping @Sendable (PlaybackStatus) -> Void)
    /// Lets go of the loaded media, and of everything it still reads over the network, and returns when it has.
    ///
    /// The pool calls it on the engine's lane, only while no page holds the player, when a feed's focus moved away
    /// from the media and nobody else wants it (see <doc:FeedPreloading>): on a link every connection shares, a
    /// paused player that keeps reading takes bytes from the clip on screen. What follows is a ``load(_:)`` (perhaps
    /// after an apply of its page's settings) or ``shutdown()``. The engine keeps its settings, and reports no failure
    /// for the media it let go of.
    func unload() async
    /// Tells the engine how much to read ahead while it is paused, from now on: ``PreloadDepth/lean`` while the pool
    /// has measured a link that brings the clip on screen at least twice what it plays, ``PreloadDepth/standard``
    /// otherwise.
    ///
    /// An engine has ``PreloadDepth/standard`` until it is told otherwise. The pool calls it on its own executor: on
    /// a new engine before its first job when the pool's depth is lean, and on every engine each time the depth it
    /// should have changes — the pool's measure moved, or the engine starts or ends the load of the feed's focused
    /// item, which it loads at ``PreloadDepth/standard`` (the clip the user is about to watch is no waiting preload).
    /// It may come while another of the engine's operations runs: it must return promptly, never block, and be safe
    /// alongside them. An engine goes by it from its next apply or load on, as suits it; what a paused engine is
    /// reading may run on.
    /// - Parameter depth: How much a paused engine reads ahead.
    func setPreloadDepth(_ depth: PreloadDepth)
}

extension PlaybackEngine {
    /// Engines that apply settings only asynchronously need not implement it.
    /// - Parameter settings: Ignored.
    /// - Returns: `false`: the pool calls ``apply(_:)``.
    public func applyImmediately(_ settings: PlaybackSettings) -> Bool { false }

    /// Engines that never fail after their load need not implement it.
    /// - Parameter report: Ignored.
    public func onFailure(_ report: @escaping @Sendable (String) -> Void) {}

    /// Engines that cannot seek need not implement it.
    /// - Parameter position: Ignored.
    /// - Throws: ``PlaybackEngineError/seekNotSupported``, always.
    public func seek(to position: Duration) async throws {
        throw PlaybackEngineError.seekNotSupported
    }

    /// Engines that report no status need not implement it: their pages' status streams stay silent.
    /// - Parameter report: Ignored.
    public func onStatusChange(_ report: @escaping @Sendable (PlaybackStatus) -> Void) {}

    /// Engines that read nothing once loaded, or cannot let go of their media, need not implement it: the media
    /// stays on the engine until the next load replaces it.
    public func unload() async {}

    /// Engines whose paused read-ahead does not change need not implement it.
    /// - Parameter depth: Ignored.
    public func setPreloadDepth(_ depth: PreloadDepth) {}
}

/// What the protocol's default implementations throw.
public enum PlaybackEngineError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The engine does not implement ``PlaybackEngine/seek(to:)``.
    case seekNotSupported

    /// A sentence for logs.
    public var description: String {
        switch self {
        case .seekNotSupported: "this engine cannot seek"
        }
    }
}
