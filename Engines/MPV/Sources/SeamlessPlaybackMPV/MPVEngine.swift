import Foundation
@_spi(EngineSupport) import SeamlessPlayback

/// A ``SeamlessPlayback/PlaybackEngine`` backed by one libmpv player.
///
/// ```swift
/// let pool = PlayerPool { try await MPVEngine(options: .init(mpvOptions: ["vo": "gpu", "wid": "\(windowID)"])) }
/// ```
///
/// Each engine owns one mpv handle and one thread, which creates the handle and then drains its
/// events. Every call is sent to mpv asynchronously and resumed by that thread when mpv replies, so
/// no call blocks its caller's executor. With the default ``Options`` the player is headless
/// (`vo=null`, `ao=null`): it decodes and keeps time like a real one, which is what tests and
/// benchmarks need. With ``Options/rendersFrames`` it draws its pictures with mpv's software renderer, on a
/// thread of its own, into the ``FrameHost`` that shows it.
///
/// ``SeamlessPlayback/PlaybackSettings/volume`` is a linear amplitude gain (0.5 halves the
/// amplitude, about −6 dB), as on Apple platforms; mpv's own volume is cubic, so the engine sends
/// mpv the cube root of the gain, times 100.
public final class MPVEngine: PlaybackEngine {
    /// The options the engine was created with.
    public let options: Options
    let client: MPVClient
    private let lastApplyFailure = Protected<MPVError?>(nil)
    /// The depth the pool last told the engine (``setPreloadDepth(_:)``).
    private let preloadDepth = Protected(PreloadDepth.standard)

    /// Creates and initialises an mpv player on a thread of its own, so the caller's executor
    /// (and the cooperative pool) never blocks in `mpv_create` or `mpv_initialize`.
    /// - Parameter options: mpv options and timeouts; the default is a headless player.
    /// - Throws: ``MPVError/creationFailed``, ``MPVError/optionRejected(name:value:reason:)`` or
    ///   ``MPVError/initializationFailed(_:)``.
    public convenience init(options: Options = Options()) async throws(MPVError) {
        try await self.init(options: options, streams: nil)
    }

    /// Creates the player, with the `seamlesscache://` protocol registered on it when `streams` is given.
    init(options: Options, streams: CacheStreamProtocol?) async throws(MPVError) {
        self.options = options
        client = try await MPVClient.make(
            options: options.resolvedMPVOptions, rendersFrames: options.rendersFrames, streams: streams)
        streams?.observeOrigin { [weak client] source, failure in
            client?.originReported(source: source, failure: failure)
        }
    }

    /// The software renderer that draws into ``FrameHost``s, for an engine that renders frames.
    var frameRenderer: FrameRenderer? { client.renderer }

    deinit {
        client.requestStop()
    }

    /// Loads the media and returns when its first frame is out (mpv's `playback-restart`).
    ///
    /// The source is the item's URL (a file URL as its path), or else its ``SeamlessPlayback/MediaItem/id``
    /// when that is a path or a URL such as `av://lavfi:testsrc`. It replaces whatever was playing.
    /// A playlist (e.g. an `.m3u`) is followed: the load returns when the entry it leads to plays.
    /// The load sets none of the settings: those applied before stay on the engine through it. An engine paused before
    /// its load (a preload carrying the pool's idle settings) loads paused: mpv decodes the first frame, the load
    /// returns when it is out, and the player stands on it, at the start, until settings that play are applied.
    /// A load that throws after reaching mpv (cancelled, timed out) has stopped mpv first: nothing
    /// plays on, and the engine takes the next load as usual. Cancelling the task stops mpv at once, even while it
    /// is still connecting to a server that does not answer.
    ///
    /// When the media is at fault the load throws a ``SeamlessPlayback/MediaFailure``, which the pool answers by
    /// keeping the engine: ``SeamlessPlayback/MediaFailure/Kind/notFound`` for HTTP 404 or 410 or a missing file,
    /// ``SeamlessPlayback/MediaFailure/Kind/network`` for a refused or reset connection, a host that does not resolve
    /// or HTTP 5xx, ``SeamlessPlayback/MediaFailure/Kind/unsupported`` for a file mpv cannot demux,
    /// ``SeamlessPlayback/MediaFailure/Kind/timedOut`` when no frame came within ``Options/loadTimeout``, and
    /// ``SeamlessPlayback/MediaFailure/Kind/other`` when mpv failed to load it for another reason. The kind is read
    /// from mpv's `end-file` error and its log (see ``MediaFailureClassifier``), or, for a media read through the
    /// cache, from the origin's answer.
    ///
    /// An engine made with a ``SeamlessPlayback/MediaCache`` (``init(options:cache:byteSource:)``) reads progressive
    /// HTTP(S) media through it; HLS, files and other sources load as without one.
    /// - Throws: A ``SeamlessPlayback/MediaFailure``, or ``MPVError/noSource(mediaID:)``,
    ///   ``MPVError/loadRejected(source:reason:)``, ``MPVError/playbackFailed(source:reason:)`` (mpv's outputs
    ///   failed), ``MPVError/cancelled`` or ``MPVError/shutDown``.
    public func load(_ item: MediaItem) async throws {
        let source = try item.mpvSource()
        guard let streams = client.streams, let url = URL(string: source),
            let cachedSource = CacheStreamProtocol.source(for: url)
        else {
            return try await client.loadFile(source, timeout: options.loadTimeout)
        }
        try await loadThroughCache(url, as: cachedSource, streams: streams)
    }

    /// Sets `mute`, `volume`, `speed`, `pause`, `panscan` (fill 1, fit 0), `loop-file` (`inf` for
    /// ``SeamlessPlayback/EndAction/loop``, `no` for ``SeamlessPlayback/EndAction/pause``) and how far ahead mpv reads
    /// (``Options/readAheadWhilePlaying`` while playing; while paused ``Options/readAheadWhilePaused``, or
    /// ``Options/leanReadAheadWhilePaused`` after ``setPreloadDepth(_:)`` said lean), in that order, and returns when
    /// mpv has set every one. Through a cache, the origin fetches that follow are sized by whether the settings pause
    /// (``Options/leastFetchWhilePaused``, or ``Options/leanFetchWhilePaused`` while lean).
    ///
    /// `volume` goes to mpv as `100 × ∛volume`, so that the gain mpv applies is `volume` itself. A loop seeks back to
    /// the start of the same file: nothing is reloaded (``fileLoadedCount`` stays). At the end of a file that does
    /// not loop the last frame stays on screen.
    /// The engine keeps at most a few hundred requests in flight and waits for room rather than
    /// overfill mpv's reply queue, so a burst of reads cannot push the settings out. A property mpv
    /// refuses does not stop the others; the refusal is kept in ``lastApplyError`` and reported
    /// through ``onFailure(_:)``: the settings did not land. An engine that renders frames then hands the content
    /// mode to its renderer, which lays each ``FrameHost`` out itself.
    public func apply(_ settings: PlaybackSettings) async {
        client.streams?.engineApplies(paused: settings.isPaused)
        let depth = preloadDepth.withLock { $0 }
        let failure = await client.setProperties(options.properties(applying: settings, depth: depth))
        lastApplyFailure.withLock { $0 = failure }
        // The renderer lays each host's picture out itself; the host attached next takes this mode.
        client.renderer?.applied(settings.contentMode)
    }

    /// Takes how much to read ahead while paused, from the next apply on: at ``SeamlessPlayback/PreloadDepth/lean``,
    /// ``Options/leanReadAheadWhilePaused`` instead of ``Options/readAheadWhilePaused``, and through a cache origin
    /// fetches of at least ``Options/leanFetchWhilePaused`` (from the next fetch) instead of
    /// ``Options/leastFetchWhilePaused``. Returns at once.
    /// - Parameter depth: How much to read ahead while paused.
    public func setPreloadDepth(_ depth: PreloadDepth) {
        preloadDepth.withLock { $0 = depth }
        client.streams?.engineTold(depth)
    }

    /// The last `time-pos` mpv reported, or zero when nothing is playing or the engine is shut down.
    ///
    /// mpv reports the position on every change (property observation), so a read sends no request
    /// and cannot fail. After the end of a file the player keeps its last frame (`keep-open`), and
    /// the position stays at that frame's time, about one frame before the duration.
    /// `time-pos` is the last frame mpv handed to the video output, which mpv does up to `video-timing-offset` before
    /// the frame is due (50 ms unless set; 0 for an engine that renders frames): while playing, the position may be a
    /// frame ahead of the picture due, and a clip that stood on its first frame may read its second a few milliseconds
    /// after it starts (measured headless at 30 fps: 2 ms after an unpause).
    public func currentPosition() async -> Duration {
        guard let seconds = client.position, abs(seconds) < 1e12 else { return .zero }
        return .seconds(seconds)
    }

    /// Moves the position (`seek <seconds> absolute+exact`) and returns when mpv has shown the first frame there
    /// (its `playback-restart`); ``currentPosition()`` then reads the position from there (read from mpv just after
    /// that frame) and goes on from it.
    ///
    /// A position past the end is clamped to the duration (the last frame). A file that cannot seek (served without
    /// range requests, a live stream) seeks only within what mpv has cached; elsewhere the seek is refused at once.
    /// Not cut short by cancellation: mpv has the seek, and its first frame comes soon.
    /// - Parameter position: The new position, never negative.
    /// - Throws: ``MPVError/seekRefused(position:reason:)`` (mpv cannot seek there),
    ///   ``MPVError/seekInterrupted(position:reason:)`` (a newer load replaced the media, or it ended, first),
    ///   ``MPVError/seekTimedOut(position:timeout:)`` (no frame within ``Options/seekTimeout``) or
    ///   ``MPVError/shutDown``.
    public func seek(to position: Duration) async throws(MPVError) {
        _ = try await seek(to: position, precision: .exact)
    }

    /// Moves the position as ``seek(to:)`` does, with the given precision, and returns where its first frame is.
    /// - Parameters:
    ///   - position: The new position, never negative.
    ///   - precision: ``SeekPrecision/exact`` lands on the position; ``SeekPrecision/keyframe`` on the keyframe at or
    ///     before it, which is faster.
    /// - Returns: Where the seek landed: `time-pos` read just after its `playback-restart`, that is the first frame's
    ///   time plus what playback ran until the read (nothing, or a frame, on an idle machine).
    /// - Throws: As ``seek(to:)``.
    @discardableResult
    public func seek(to position: Duration, precision: SeekPrecision) async throws(MPVError) -> Duration {
        let landed = try await client.seek(to: position, precision: precision, timeout: options.seekTimeout)
        return landed.isFinite && abs(landed) < 1e12 ? .seconds(landed) : .zero
    }

    /// Keeps `report` and calls it with every change of status, from the engine's event thread (or the caller's,
    /// for the ``SeamlessPlayback/PlaybackPhase/loading`` of a load), in the order of the changes.
    ///
    /// The status comes from the properties mpv reports on every change, with no request per report: a load in
    /// progress is ``SeamlessPlayback/PlaybackPhase/loading``; `paused-for-cache` is
    /// ``SeamlessPlayback/PlaybackPhase/buffering``; `eof-reached` without a loop is
    /// ``SeamlessPlayback/PlaybackPhase/ended``; `pause` is ``SeamlessPlayback/PauseReason/requested`` when the
    /// engine set it and ``SeamlessPlayback/PauseReason/system`` when something else did (another mpv client: the
    /// IPC socket, a script, a media-key plugin); a player that something else unpaused reports
    /// ``SeamlessPlayback/PlaybackPhase/playing``. A report carries the position and the duration (`nil` while
    /// unknown, or for a stream whose length keeps growing: a live stream, the synthetic lavfi source), and is made
    /// when the phase changes or the duration becomes known or unknown. Reports are made under the engine's lock,
    /// so `report` must only queue them (the pool's does).
    /// - Parameter report: Tells the pool the engine's new status.
    public func onStatusChange(_ report: @escaping @Sendable (PlaybackStatus) -> Void) {
        client.onStatusChange(report)
    }

    /// The last status the engine reported, or `nil` before the first.
    public var status: PlaybackStatus? { client.status }

    /// Keeps `report` and calls it, once, when mpv can no longer play what a finished load started.
    ///
    /// Reported: an `end-file` with an error; a stream that reaches its end more than a second short
    /// of its duration (a cut connection, which mpv itself takes for an end of file); mpv's core
    /// shutting down by itself; a setting mpv refused. Not reported: reaching the end of a file,
    /// anything during a load (the load throws instead), and ``shutdown()``. A failure found before
    /// this is called is reported at once. Called from the engine's event thread.
    /// - Parameter report: Receives a sentence that says what broke.
    public func onFailure(_ report: @escaping @Sendable (String) -> Void) {
        client.onFailure(report)
    }

    /// Lets go of the loaded file (mpv's `stop`) and returns at mpv's reply: mpv closes the file's stream, and with
    /// it its connection to the origin (or, through a cache, its fetch), and idles with nothing loaded. The settings
    /// stay; no failure is reported for the file. A failed or shut-down engine returns at once.
    public func unload() async {
        try? await client.command(["stop"])
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

    /// Whether playback stands at the end of the file, on its last frame (mpv's `eof-reached`).
    public var isAtEnd: Bool { client.isAtEnd }

    /// Loads `source`, the cache's protocol over `url`; a load that failed because the origin did says so.
    private func loadThroughCache(_ url: URL, as source: String, streams: CacheStreamProtocol) async throws {
        streams.clearFailure(for: url)
        do {
            try await client.loadFile(source, timeout: options.loadTimeout, awaitsConfirmation: true)
        } catch let failure as MediaFailure {
            guard let origin = streams.failure(for: url) else { throw failure }
            throw MediaFailureClassifier.refined(failure, byOrigin: origin)
        }
        // mpv takes a failed read for the end of the file, and may show a first frame from the bytes that came before:
        // a load the origin failed meanwhile (and no later read of the stream made good) has no media to play on. The
        // watch counts no failure of the load until it is confirmed here, so the failure is the load's alone: the pool
        // hears a media failure (and retries it), not an engine that failed.
        guard streams.failure(for: url) == nil, client.confirmLoad(of: source) else {
            client.abandonLoad(of: source)
            let origin = streams.failure(for: url)
            try? await client.command(["stop"])
            throw MediaFailure(
                origin.map(MediaFailureClassifier.kind(origin:)) ?? .network,
                reason: "the origin failed while \(url.absoluteString) loaded: \(origin.map { "\($0)" } ?? "a read")")
        }
    }

    /// Tests only: parks the engine's event thread (see ``MPVClient/holdEvents()``).
    func holdEvents() async -> MPVClient.EventHold {
        await client.holdEvents()
    }

    /// Runs an mpv command, such as `quit`, for diagnostics and tests.
    func command(_ arguments: [String]) async throws(MPVError) {
        try await client.command(arguments)
    }

    /// Requests made and not answered yet (tests only).
    var requestsPending: Int { client.requestsPending }

    /// Reads one property for diagnostics and tests.
    func property(_ name: String, as format: MPVClient.Format) async throws(MPVError) -> MPVValue? {
        try await client.property(name, as: format)
    }
}
