#if canImport(AVFoundation) && !os(watchOS)  // AVPlayerLayer is unavailable on watchOS
import AVFoundation
import SeamlessPlayback

/// An `AVPlayer` as a ``SeamlessPlayback/PlaybackEngine``: one player, one `AVPlayerLayer`, handed from
/// page to page by the pool.
///
/// Every AVFoundation object lives on the main actor, inside a main-actor controller; the engine itself
/// holds only that controller and a lock-protected failure reporter, so it is `Sendable` as checked by
/// the compiler. Every decision (the order of the player calls, when a load is done, what counts as a
/// failure) is made by a pure state machine tested on every platform; this type only carries it out.
///
/// ```swift
/// let pool = PlayerPool(configuration: .init(capacity: 4)) { await AVPlayerEngine() }
/// ```
public final class AVPlayerEngine: PlaybackEngine {
    private let controller: PlayerController
    private let failures: FailureReporter

    /// Creates a player and its layer, with nothing loaded.
    /// - Parameter errorLogLimit: How many error-log entries with the same domain and code one item may
    ///   log before the engine reports that it can no longer play. Defaults to 3; values below 1 count as 1.
    @MainActor
    public init(errorLogLimit: Int = 3) {
        let failures = FailureReporter()
        self.failures = failures
        controller = PlayerController(errorLogLimit: errorLogLimit, failures: failures)
    }

    /// The layer that shows the player's picture. Put it in the page's view hierarchy; it already carries
    /// the active page's `videoGravity`.
    @MainActor
    public var layer: AVPlayerLayer { controller.layer }

    /// Replaces the player's item with one for the media's URL and returns when the item is ready to play
    /// **and** its first frame is on the layer (`AVPlayerLayer.isReadyForDisplay`). The player is left paused;
    /// the pool's next ``apply(_:)`` starts it.
    ///
    /// An item without a video track never shows a first frame, so its load waits until it is cancelled.
    /// - Parameter item: The media; its ``SeamlessPlayback/MediaItem/url`` is what the player plays.
    /// - Throws: ``AVPlayerEngineError/noURL(mediaID:)``, ``AVPlayerEngineError/itemFailed(reason:)`` with the
    ///   item's error, ``AVPlayerEngineError/playbackFailed(reason:)``, ``AVPlayerEngineError/cancelled`` (the
    ///   item is removed from the player), ``AVPlayerEngineError/superseded`` or ``AVPlayerEngineError/shutDown``.
    public func load(_ item: MediaItem) async throws {
        guard let url = item.url else { throw AVPlayerEngineError.noURL(mediaID: item.id) }
        try await controller.load(url)
    }

    /// Sets `isMuted`, `volume`, the layer's `videoGravity` and `defaultRate`, then calls `pause()` for a
    /// paused page or `play()` (which plays at `defaultRate`) for a playing one. Returns when every call has
    /// been made on the player; it completes even when its task is cancelled.
    /// - Parameter settings: The active page's settings.
    public func apply(_ settings: PlaybackSettings) async {
        await controller.apply(settings)
    }

    /// The player's `currentTime()`, or zero when it is not a valid time (nothing loaded).
    public func currentPosition() async -> Duration {
        await controller.position()
    }

    /// Pauses, removes the item (which frees its decoder), detaches the layer from the player and stops
    /// every observation. A load still waiting fails with ``AVPlayerEngineError/shutDown``.
    public func shutdown() async {
        await controller.shutdown()
    }

    /// Keeps the pool's failure handler. After a load has finished, the engine calls it, once, when the
    /// item's status becomes `.failed`, when the item fails to play to its end, or when its error log
    /// repeats one fault `errorLogLimit` times.
    /// - Parameter report: Tells the pool why the engine can no longer play.
    public func onFailure(_ report: @escaping @Sendable (String) -> Void) {
        failures.setHandler(report)
    }
}
#endif
