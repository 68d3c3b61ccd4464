@_spi(EngineSupport) import SeamlessPlayback

/// Which ``SeamlessPlayback/PlaybackPhase`` the player is in, from what mpv reports, and when to tell the pool.
///
/// Pure: ``EngineStateMachine`` keeps it with mpv's `paused-for-cache` and the engine's `loop-file`, and asks it for
/// a report after every input, passing what the rest of the machine knows (``Inputs``). The phase is, in order:
///
/// - ``SeamlessPlayback/PlaybackPhase/loading`` while a load waits for its first frame;
/// - nothing (no report) when no finished load plays;
/// - ``SeamlessPlayback/PlaybackPhase/ended`` at the end of the file (`eof-reached`) unless mpv loops it;
/// - ``SeamlessPlayback/PlaybackPhase/paused(_:)`` while `pause` is on: ``SeamlessPlayback/PauseReason/requested``
///   when the engine set it, ``SeamlessPlayback/PauseReason/system`` when something outside did
///   (``PauseAttribution``);
/// - ``SeamlessPlayback/PlaybackPhase/buffering`` while mpv waits for data (`paused-for-cache`);
/// - ``SeamlessPlayback/PlaybackPhase/playing`` otherwise, also when something outside unpaused a pause the engine
///   set: the pool tells that from its settings.
///
/// A status is reported when its phase differs from the last one reported, when its duration becomes known or
/// unknown, or when what mpv holds ahead of the position (`demuxer-cache-duration`) crosses a whole second or comes to
/// hold the end; it carries the duration and the buffer ahead known then (none while loading). A duration that grows
/// by more than ``liveGrowth`` after it first became known (mpv's estimate for a stream of no fixed length: a live
/// stream, a generator) counts as unknown from then on, until the next load: a live stream's status has no duration.
struct StatusWatch: Hashable, Sendable {
    /// What the rest of the machine knows when a report is due.
    struct Inputs: Hashable, Sendable {
        /// A load waits for its first frame.
        var isLoading = false
        /// A finished load plays an entry that has not ended.
        var hasMedia = false
        /// mpv's `eof-reached`.
        var isAtEnd = false
        /// mpv's `pause` and who set it; `nil` before anything is known.
        var pause: PauseAttribution.Judged?
        /// The last `time-pos`, in seconds.
        var position: Double?
        /// The media's length, in seconds; `nil` while unknown or live.
        var duration: Double?
    }

    /// mpv's `paused-for-cache`: it wants to play but waits for data.
    private(set) var isBuffering = false
    /// mpv's `demuxer-cache-duration`: seconds of media its demuxer holds past the position; `nil` while unknown.
    private(set) var cachedAhead: Double?
    /// Whether mpv loops the file: the engine's last `loop-file` that mpv took.
    private(set) var loops = false
    /// The engine's sets of `loop-file` waiting for their replies, and whether each loops.
    private(set) var loopSets: [UInt64: Bool] = [:]
    /// The last status reported.
    private(set) var lastReported: PlaybackStatus?
    /// The first duration known since the last load.
    private(set) var firstDuration: Double?
    /// The duration moved away from the first one known: the stream has no fixed length.
    private(set) var isLive = false

    /// How far a duration may move after it first became known and still be the media's length, in seconds: mpv
    /// refines it by a frame or so as it reads the file.
    static let liveGrowth = 0.5

    /// mpv reported `paused-for-cache`; `nil` (no file) counts as not waiting.
    mutating func bufferingChanged(to value: Bool?) {
        isBuffering = value ?? false
    }

    /// mpv reported `demuxer-cache-duration`; `nil`, or a value that is no time, counts as unknown.
    mutating func cachedAheadChanged(to value: Double?) {
        cachedAhead = value.flatMap { $0.isFinite && $0 >= 0 && $0 < 1e9 ? $0 : nil }
    }

    /// The engine sent `loop-file`: `inf` loops, `no` stops at the end.
    mutating func loopSent(_ loops: Bool, request: UInt64) {
        loopSets[request] = loops
    }

    /// mpv answered a set of `loop-file`; only a value it took counts.
    mutating func loopAnswered(request: UInt64, succeeded: Bool) {
        guard let value = loopSets.removeValue(forKey: request), succeeded else { return }
        loops = value
    }

    /// The phase the inputs give, or `nil` when nothing plays.
    func phase(_ inputs: Inputs) -> PlaybackPhase? {
        if inputs.isLoading { return .loading }
        guard inputs.hasMedia else { return nil }
        if inputs.isAtEnd, !loops { return .ended }
        if let pause = inputs.pause, pause.isPaused { return .paused(pause.isOutside ? .system : .requested) }
        if isBuffering { return .buffering }
        return .playing
    }

    /// The status to report now, if its phase changed since the last report or its duration became known or unknown;
    /// it becomes the last.
    mutating func report(_ inputs: Inputs) -> PlaybackStatus? {
        noteDuration(inputs)
        guard let phase = phase(inputs) else { return nil }
        let duration = isLive || phase == .loading ? nil : inputs.duration.map { Duration.seconds($0) }
        let position = phase == .loading ? .zero : Self.duration(inputs.position)
        let ahead = phase == .loading ? nil : cachedAhead.map { Duration.seconds($0) }
        let status = PlaybackStatus(phase: phase, position: position, duration: duration, bufferedAhead: ahead)
        if let last = lastReported, last.phase == phase, (last.duration == nil) == (duration == nil),
            last.bufferedAheadStep == status.bufferedAheadStep
        {
            return nil
        }
        lastReported = status
        return status
    }

    /// Follows the duration since the last load, to tell a length from a live stream's growing estimate.
    private mutating func noteDuration(_ inputs: Inputs) {
        if inputs.isLoading {
            firstDuration = nil
            isLive = false
            return
        }
        guard let duration = inputs.duration else { return }
        guard let firstDuration else {
            firstDuration = duration
            return
        }
        if abs(duration - firstDuration) > Self.liveGrowth { isLive = true }
    }

    private static func duration(_ seconds: Double?) -> Duration {
        guard let seconds, seconds.isFinite, abs(seconds) < 1e12 else { return .zero }
        return .seconds(max(0, seconds))
    }
}
