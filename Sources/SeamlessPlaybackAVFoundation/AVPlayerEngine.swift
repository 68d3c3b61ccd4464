#if canImport(AVFoundation) && !os(watchOS)  // AVPlayerLayer is unavailable on watchOS
import AVFoundation
import SeamlessPlayback

/// An `AVPlayer` as a ``SeamlessPlayback/PlaybackEngine``: one player, one `AVPlayerLayer`, handed from
/// page to page by the pool.
///
/// Every AVFoundation object lives on the main actor, inside a main-actor controller; the engine itself
/// holds only that controller and three small lock-protected boxes (the failure and status reporters, and the depth
/// the pool told last), so it is `Sendable` as checked by the compiler. Every decision (the order of the player
/// calls, when a load or a seek is done, what counts as a failure, which status to report, what an audio
/// interruption, a lost route or the background does, how far ahead a paused item buffers) is made by a pure state
/// machine tested on every platform; this type only carries it out.
///
/// ```swift
/// let pool = PlayerPool(configuration: .init(capacity: 4)) { await AVPlayerEngine() }
/// ```
public final class AVPlayerEngine: PlaybackEngine {
    private let controller: PlayerController
    private let failures: FailureReporter
    private let statuses: StatusReporter
    private let depths = PreloadDepthBox()

    /// Creates a player and its layer, with nothing loaded. A paused item buffers as ``PausedBuffering``'s defaults
    /// say: a second ahead, a quarter of a second at the lean depth.
    /// - Parameters:
    ///   - system: The pool's system side: its background policy, and the audio session's and the app's events. Give
    ///     every engine of a pool the same one; `nil` (the default) uses ``AVPlaybackSystem/shared``, whose policy is
    ///     ``BackgroundPolicy/pauseInBackground``.
    ///   - cachedReading: Read progressive `http(s)` media (`mp4`, `mov`, `m4v`) through a cache: its bytes served
    ///     from the cache where it holds them, the rest fetched and written into it. HLS, files and other media are
    ///     read by AVFoundation directly. `nil` (the default): every media is read directly.
    @MainActor
    public convenience init(system: AVPlaybackSystem? = nil, cachedReading: CachedReading? = nil) {
        self.init(system: system, cachedReading: cachedReading, pausedBuffering: PausedBuffering())
    }

    /// Creates a player and its layer, with nothing loaded, whose item buffers as `pausedBuffering` says while the
    /// player stands paused.
    /// - Parameters:
    ///   - system: As in ``init(system:cachedReading:)``.
    ///   - cachedReading: As in ``init(system:cachedReading:)``.
    ///   - pausedBuffering: How far ahead the item buffers while the player stands paused (a preload, a paused page),
    ///     at each `PreloadDepth`.
    @MainActor
    public init(
        system: AVPlaybackSystem? = nil, cachedReading: CachedReading? = nil, pausedBuffering: PausedBuffering
    ) {
        let failures = FailureReporter()
        let statuses = StatusReporter()
        self.failures = failures
        self.statuses = statuses
        controller = PlayerController(
            system: system ?? .shared, failures: failures, statuses: statuses, depths: depths,
            cachedReading: cachedReading, pausedBuffering: pausedBuffering)
    }

    /// Creates a player and its layer; `errorLogLimit` is ignored.
    /// - Parameters:
    ///   - system: As in ``init(system:)``.
    ///   - errorLogLimit: Ignored: the item's error log is diagnostics, never a failure.
    @available(*, deprecated, message: "the error log is diagnostics, never a failure: use init(system:)")
    @MainActor
    public convenience init(system: AVPlaybackSystem? = nil, errorLogLimit: Int) {
        self.init(system: system)
    }

    /// The layer that shows the player's picture. A `PlayerHostView` puts it in the page's view hierarchy and sets
    /// its `videoGravity` to the host's page's content mode with the move; a layer placed by other means keeps the
    /// gravity it last had.
    @MainActor
    public var layer: AVPlayerLayer { controller.layer }

    /// The layer moves into `host`: sets its `videoGravity` as the host's page lays the picture out (the mode on the
    /// engine when `isActive`, else the host's own until its page's settings land). Call it inside the transaction
    /// that moves the layer, so the two are drawn together.
    /// - Parameters:
    ///   - host: The view the layer moves into.
    ///   - isActive: Whether the lease the host shows is the player's active lease now; read again at a later change
    ///     of the content mode.
    @MainActor
    package func layerMoved(into host: any LayerHost, isActive: @escaping @MainActor () -> Bool) {
        controller.layerMoved(into: host, isActive: isActive)
    }

    /// `host` let the layer go.
    /// - Parameter host: The view the layer left.
    @MainActor
    package func layerLeft(_ host: any LayerHost) {
        controller.layerLeft(host)
    }

    /// Replaces the player's item with one for the media's URL and returns when the item is ready to play
    /// **and** its first frame is on the layer (`AVPlayerLayer.isReadyForDisplay`); while the app is in the
    /// background, or the video plays on an external device (AirPlay video, `isExternalPlaybackActive`), when the item
    /// is ready to play. The player is left paused; the pool's next ``apply(_:)`` starts it.
    ///
    /// An item without a video track never shows a first frame, so its load waits until it is cancelled.
    /// - Parameter item: The media; its ``SeamlessPlayback/MediaItem/url`` is what the player plays.
    /// - Throws: ``SeamlessPlayback/MediaFailure`` when the item fails because of its media (a missing file, a
    ///   network that is down, a format the player cannot play, or an item error of no known kind), with the item's
    ///   error as its reason: the pool keeps the engine. Otherwise an ``AVPlayerEngineError``:
    ///   ``AVPlayerEngineError/noURL(mediaID:)``, ``AVPlayerEngineError/decoderLimit(reason:)`` when no decoder was
    ///   free, ``AVPlayerEngineError/itemFailed(reason:)`` when the item's error is the player's own (out of memory,
    ///   media services reset, interrupted), ``AVPlayerEngineError/playbackFailed(reason:)`` when the player failed,
    ///   ``AVPlayerEngineError/cancelled`` (the item is removed from the player), ``AVPlayerEngineError/superseded``
    ///   or ``AVPlayerEngineError/shutDown``.
    public func load(_ item: MediaItem) async throws {
        guard let url = item.url else { throw AVPlayerEngineError.noURL(mediaID: item.id) }
        try await controller.load(url)
    }

    /// Sets `isMuted`, `volume`, `defaultRate` and `actionAtItemEnd` (`.pause`, or `.none` for a loop), then calls `pause()` for a paused page or `play()` (which plays at `defaultRate`) for a
    /// playing one, except where the engine does not start the player: at the end of an item that stops there, and
    /// in the background (see ``BackgroundPolicy``). The content mode becomes the layer's `videoGravity` in the host
    /// that shows it: with the layer's move into its page's host, or after a short grace when the page showing it
    /// changed its own mode (never in another page's view). Returns when every call has been made on the player; it
    /// completes even when its task is cancelled. An apply ends any system pause in force: it is a page's decision.
    /// - Parameter settings: The active page's settings.
    public func apply(_ settings: PlaybackSettings) async {
        await controller.apply(settings)
    }

    /// Seeks exactly (`seek(to:toleranceBefore:toleranceAfter:)` with zero tolerances) and returns when the player
    /// calls the seek's completion handler. A position past the item's known duration seeks to the end. From the end
    /// of an item that stopped there, a player whose settings play plays on.
    /// - Parameter position: The new position.
    /// - Throws: ``AVPlayerEngineError/seekInterrupted`` when the player reports the seek unfinished (another seek,
    ///   such as the loop's, or a new item interrupted it); ``AVPlayerEngineError/seekFailed(reason:)`` when nothing
    ///   is loaded or the item failed; ``AVPlayerEngineError/shutDown``.
    public func seek(to position: Duration) async throws {
        try await controller.seek(to: position)
    }

    /// The player's `currentTime()`, or zero when it is not a valid time (nothing loaded).
    public func currentPosition() async -> Duration {
        await controller.position()
    }

    /// Pauses and releases the item (`replaceCurrentItem(with: nil)`): the player stops loading it, over the network
    /// or through the cache, and holds no decoder. The settings stay; no failure is reported for the item.
    public func unload() async {
        await controller.unload()
    }

    /// Pauses, removes the item (which frees its decoder), detaches the layer from the player and stops
    /// every observation. A load still waiting fails with ``AVPlayerEngineError/shutDown``.
    public func shutdown() async {
        await controller.shutdown()
    }

    /// Bounds how far ahead the item buffers while the player stands paused: ``PausedBuffering/lean`` at
    /// `PreloadDepth.lean`, ``PausedBuffering/standard`` otherwise (`preferredForwardBufferDuration`;
    /// while the settings play, the player's own choice). Returns at once: the depth is kept for the next load and
    /// apply, and set on a paused item now on the player from the main actor.
    /// - Parameter depth: How much a paused player buffers ahead.
    public func setPreloadDepth(_ depth: PreloadDepth) {
        depths.set(depth)
        Task { @MainActor [controller] in controller.preloadDepthTold() }
    }

    /// Keeps the pool's failure handler. After a load has finished, the engine calls it, once, when the
    /// item's status becomes `.failed` or the item fails to play to its end. Entries of the item's error log are
    /// diagnostics (`AVPlayerItem.h`), never a failure: the player retries what it can.
    /// - Parameter report: Tells the pool why the engine can no longer play.
    public func onFailure(_ report: @escaping @Sendable (String) -> Void) {
        failures.setHandler(report)
    }

    /// Keeps the pool's status handler. The engine calls it, from the main actor and in order, whenever the phase it
    /// reports (or the item's duration) changes: `.loading` when a load starts; `.playing` and `.buffering` from the
    /// player's `timeControlStatus` and `reasonForWaitingToPlay`; `.paused(.requested)` when its settings pause;
    /// `.paused(.interrupted)`, `.paused(.outputLost)` or `.paused(.system)` when the player stands still while its
    /// settings play; `.ended` at the end of an item that stops there. The position is the player's current time.
    /// - Parameter report: Tells the pool the engine's new status.
    public func onStatusChange(_ report: @escaping @Sendable (PlaybackStatus) -> Void) {
        statuses.setHandler(report)
    }
}
#endif
