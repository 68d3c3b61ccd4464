import SeamlessPlayback

/// A ``SeamlessPlayback/PlaybackEngine`` backed by one libmpv player.
///
/// ```swift
/// let pool = PlayerPool { try MPVEngine(options: .init(mpvOptions: ["vo": "gpu", "wid": "\(windowID)"])) }
/// ```
///
/// Each engine owns one mpv handle and one thread that drains mpv's events. Every call is sent to
/// mpv asynchronously and resumed by that thread when mpv replies, so no call blocks its caller's
/// executor. With the default ``Options`` the player is headless (`vo=null`, `ao=null`): it decodes
/// and keeps time like a real one, which is what tests and benchmarks need.
public final class MPVEngine: PlaybackEngine {
    /// The options the engine was created with.
    public let options: Options
    private let client: MPVClient
    private let lastApplyFailure = Protected<MPVError?>(nil)

    /// Creates and initialises an mpv player.
    /// - Parameter options: mpv options and timeouts; the default is a headless player.
    /// - Throws: ``MPVError/creationFailed``, ``MPVError/optionRejected(name:value:reason:)`` or
    ///   ``MPVError/initializationFailed(_:)``.
    public init(options: Options = Options()) throws(MPVError) {
        self.options = options
        client = try MPVClient(options: options.resolvedMPVOptions)
    }

    deinit {
        client.requestStop()
    }

    /// Loads the media and returns when its first frame is out (mpv's `playback-restart`).
    ///
    /// The source is the item's URL (a file URL as its path), or else its ``SeamlessPlayback/MediaItem/id``
    /// when that is a path or a URL such as `av://lavfi:testsrc`. It replaces whatever was playing.
    /// - Throws: ``MPVError/noSource(mediaID:)``, ``MPVError/loadRejected(source:reason:)``,
    ///   ``MPVError/playbackFailed(source:reason:)`` (e.g. a missing file),
    ///   ``MPVError/loadTimedOut(source:timeout:)``, ``MPVError/cancelled`` or ``MPVError/shutDown``.
    public func load(_ item: MediaItem) async throws(MPVError) {
        try await client.loadFile(item.mpvSource(), timeout: options.loadTimeout)
    }

    /// Sets `mute`, `volume` (0…100), `speed`, `pause` and `panscan` (fill 1, fit 0), in that order,
    /// and returns when mpv has set every one.
    ///
    /// A property mpv refuses does not stop the others; the refusal is kept in ``lastApplyError``.
    public func apply(_ settings: PlaybackSettings) async {
        let failure = await client.setProperties(settings.mpvProperties)
        lastApplyFailure.withLock { $0 = failure }
    }

    /// mpv's `time-pos`, or zero when nothing is playing.
    public func currentPosition() async -> Duration {
        guard let seconds = try? await doubleProperty("time-pos"), seconds.isFinite else { return .zero }
        return .seconds(seconds)
    }

    /// Terminates mpv and destroys its handle; returns when it is gone.
    ///
    /// Calls waiting on the engine fail with ``MPVError/shutDown``. Safe to call more than once;
    /// later calls return once the first has finished.
    public func shutdown() async {
        await client.stop()
    }

    /// How many times mpv has reported `file-loaded`: one per media load that got as far as opening.
    public var fileLoadedCount: Int { client.fileLoadedCount }

    /// The property mpv refused during the last ``apply(_:)``, or `nil` when it set them all.
    public var lastApplyError: MPVError? { lastApplyFailure.withLock { $0 } }

    /// Whether ``shutdown()`` has finished and the handle is gone.
    public var isShutDown: Bool { client.lifecycle == .destroyed }

    /// Reads one property for diagnostics and tests.
    func property(_ name: String, as format: MPVClient.Format) async throws(MPVError) -> MPVValue? {
        try await client.property(name, as: format)
    }
}
