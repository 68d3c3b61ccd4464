/// What the engine knows about the media playing since its last load finished, and whether it died.
///
/// Pure: ``EngineStateMachine`` feeds it mpv's events and observed properties (`time-pos`, `duration`,
/// `eof-reached`, `seekable`) and reads back the position and the first failure. It decides what counts as a failure:
///
/// - the entry a finished load plays ends with mpv's error reason;
/// - that entry reaches its end (`eof-reached`, or an `end-file` with reason EOF) more than
///   ``endTolerance`` short of its duration: the stream was cut, and mpv took the cut for an end;
/// - the origin fails the stream that entry reads through the cache (``originFailed(source:reason:)``): mpv takes a
///   failed read for the end of the file, wherever its position stands, so the playback cannot go on; a preloaded
///   player, paused, would otherwise look healthy until played, or stand "ended" on media it never had. A failure
///   during the load that the load survived counts when the entry ends, unless a later read of the stream succeeded.
///   A load through the cache waits for the engine's word: the engine checks the origin once the load finished and
///   throws when it failed (``loadAbandoned(source:)``), or confirms it (``loadConfirmed(source:)``), and only from
///   then on is a failure the playback's: one failure is never both the load's and the engine's;
/// - mpv's core shuts down by itself;
/// - mpv refuses a setting (an apply that did not land).
///
/// Reaching the end of a file is not a failure, and nothing before a load has finished is one:
/// a load that fails throws instead. Only the first failure is kept.
struct PlaybackWatch: Hashable, Sendable {
    /// How far short of its duration a stream may end and still count as a normal end, in seconds:
    /// the last frame's time is one frame before the duration, and audio and video may end apart.
    static let endTolerance = 1.0

    /// The entry a finished load plays, and its source.
    struct Playing: Hashable, Sendable {
        let entry: Int64
        let source: String
        /// Whether the engine took the load as done. A load through the cache is confirmed by the engine once it has
        /// checked that the origin did not fail meanwhile (``loadConfirmed(source:)``); until then an origin failure
        /// is the load's, which the engine throws, and not the playback's (``loadAbandoned(source:)``).
        var isConfirmed = true
    }

    /// The last `time-pos` mpv reported, in seconds; `nil` when it has none (nothing loaded).
    private(set) var position: Double?
    /// The last `duration` mpv reported, in seconds; `nil` when unknown.
    private(set) var duration: Double?
    /// mpv's `eof-reached`: playback stands at the end, on the last frame (`keep-open`).
    private(set) var isAtEnd = false
    /// The entry a finished load plays; `nil` while a load is in progress or after that entry ended.
    private(set) var playing: Playing?
    /// The entry a finished load played ended at its end of file (mpv closed it: `keep-open=no`, or encoding).
    private(set) var endedAtEndOfFile = false
    /// The first failure seen, kept for good.
    private(set) var failure: String?
    /// Whether any load has finished: from then on the core quitting is a failure.
    private(set) var hasPlayed = false
    /// mpv's `seekable`: whether the file can seek anywhere; `nil` while unknown. A stream that cannot may still seek
    /// within what mpv has cached.
    private(set) var isSeekable: Bool?
    /// Where the last seek landed and where it aimed, until the first `time-pos` report after it
    /// (see ``seekLanded(at:target:)``).
    private(set) var landedSeek: Landing?
    /// The origin's failure of the stream mpv last read a source through, since the last load started; `nil` once a
    /// later read of that stream succeeded.
    private(set) var originFailure: OriginFailure?

    /// The origin's failure of a source's stream.
    struct OriginFailure: Hashable, Sendable {
        let source: String
        let reason: String
    }

    /// A seek's landing: the position read after its first frame, and the position it was sent to.
    struct Landing: Hashable, Sendable {
        let position: Double
        let target: Double

        /// Whether a `time-pos` report may have been read after the landing.
        func admits(_ reported: Double) -> Bool {
            if reported == target, abs(target - position) > PlaybackWatch.frameSlack { return false }
            return reported >= position - PlaybackWatch.frameSlack && reported <= position + PlaybackWatch.landingSlack
        }
    }

    /// A little more than one frame at 30 fps, in seconds.
    static let frameSlack = 0.05

    /// How far past the position a seek landed on the first `time-pos` report after it may be and still count as
    /// read after the seek, in seconds: playback moves on from the landing while the report is on its way.
    static let landingSlack = 0.5

    /// A load started: until it finishes, nothing the old entry does is a failure, and the old entry's duration and
    /// seekability are not the new one's.
    mutating func loadStarted() {
        playing = nil
        originFailure = nil
        endedAtEndOfFile = false
        duration = nil
        isSeekable = nil
        landedSeek = nil
    }

    /// A seek to `target` has its first frame out at `position` (read from mpv after its `playback-restart`).
    ///
    /// mpv reads an observed property some time after it changes, and one read may be under way across the seek: the
    /// first `time-pos` report after the landing may carry the position from before the seek, or the target itself
    /// (mpv's `time-pos` while it seeks), where a keyframe seek lands elsewhere. A first report that lies before the
    /// landing (beyond one frame), more than ``landingSlack`` after it, or on a target the seek did not land on is that
    /// read, and is dropped; the reports after it are taken as they come.
    mutating func seekLanded(at position: Double, target: Double) {
        self.position = position
        landedSeek = Landing(position: position, target: target)
    }

    /// The origin failed a read of the stream for `source` (`reason` says how), or, with `reason` `nil`, a later read
    /// of it succeeded. Once the entry's load finished, a failure is the playback's at once; during the load, the end
    /// that follows it is the failure's, not the media's.
    mutating func originFailed(source: String, reason: String?) {
        guard let reason else {
            if originFailure?.source == source { originFailure = nil }
            return
        }
        originFailure = OriginFailure(source: source, reason: reason)
        if let playing, playing.source == source { checkEnd(of: playing) }
    }

    /// A load finished: `entry` plays `source`; with `confirmed` `false`, the engine confirms or abandons it next.
    mutating func loadFinished(entry: Int64, source: String, confirmed: Bool = true) {
        playing = Playing(entry: entry, source: source, isConfirmed: confirmed)
        hasPlayed = true
    }

    /// The engine takes the load of `source` as done, unless the origin failed its stream since the load finished:
    /// then the load is abandoned (``loadAbandoned(source:)``) for the engine to throw, and nothing is recorded.
    /// - Returns: Whether the load is confirmed; an origin failure of its stream is the playback's from now on.
    mutating func loadConfirmed(source: String) -> Bool {
        guard var confirmed = playing, confirmed.source == source, !confirmed.isConfirmed else { return true }
        if originFailure?.source == source {
            loadAbandoned(source: source)
            return false
        }
        confirmed.isConfirmed = true
        playing = confirmed
        // An end reached meanwhile is judged now.
        if isAtEnd { checkEnd(of: confirmed) }
        return true
    }

    /// The engine failed the load of `source` after it finished (the origin failed meanwhile) and stopped it: the load
    /// threw, so nothing of it is the playback's failure.
    mutating func loadAbandoned(source: String) {
        if playing?.source == source { playing = nil }
        if originFailure?.source == source { originFailure = nil }
    }

    /// mpv reported a new value of an observed property.
    mutating func propertyChanged(_ name: String, to value: MPVValue?) {
        switch name {
        case "time-pos":
            let reported = value?.doubleValue.flatMap { $0.isFinite ? $0 : nil }
            if let landing = landedSeek {
                landedSeek = nil
                if let reported, !landing.admits(reported) { return }
            }
            position = reported
        case "duration":
            duration = value?.doubleValue.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
            if isAtEnd, let playing { checkEnd(of: playing) }
        case "seekable":
            isSeekable = value?.flagValue
        case "eof-reached":
            isAtEnd = value?.flagValue ?? false
            if isAtEnd, let playing { checkEnd(of: playing) }
        default:
            break
        }
    }

    /// A playlist entry ended.
    mutating func fileEnded(entry: Int64, reason: MPVEvent.EndReason, error: String?) {
        guard let playing, playing.entry == entry else { return }
        switch reason {
        case .error:
            record("playback of \(playing.source) failed: \(error ?? "mpv reported an error")")
        case .endOfFile:
            checkEnd(of: playing)
            endedAtEndOfFile = true
        case .stopped, .quit, .redirect, .unknown:
            break
        }
        self.playing = nil
    }

    /// The media's length as read from mpv after a load finished (the change report may come later, or not at all
    /// when the value equals the last one reported); `nil` leaves what is known.
    mutating func durationRead(_ value: MPVValue?) {
        guard let seconds = value?.doubleValue, seconds.isFinite, seconds > 0 else { return }
        duration = seconds
        // The end may have been reported before the length was known.
        if isAtEnd, let playing { checkEnd(of: playing) }
    }

    /// mpv's core shut down without being asked to (it ends the playing entry with reason `quit` first).
    mutating func coreShutDown() {
        guard hasPlayed else { return }
        record("mpv's core shut down")
    }

    /// Whether the file can seek, as read from mpv for a seek that came before mpv reported it.
    mutating func seekableRead(_ value: MPVValue?) {
        if let flag = value?.flagValue { isSeekable = flag }
    }

    /// mpv refused a setting: the apply did not land.
    mutating func settingRefused(_ error: MPVError) {
        record("mpv did not take the settings: \(error)")
    }

    private mutating func checkEnd(of playing: Playing) {
        // Until the engine confirms its load, an end or an origin failure is the load's to throw.
        guard playing.isConfirmed else { return }
        if let originFailure, originFailure.source == playing.source {
            record("the origin failed the stream of \(playing.source): \(originFailure.reason)")
            return
        }
        guard let duration else { return }
        let reached = position ?? 0
        guard duration - reached > Self.endTolerance else { return }
        record("the stream of \(playing.source) ended at \(Self.seconds(reached)) of \(Self.seconds(duration))")
    }

    private mutating func record(_ reason: String) {
        if failure == nil { failure = reason }
    }

    private static func seconds(_ value: Double) -> String {
        "\((value * 10).rounded() / 10) s"
    }
}
