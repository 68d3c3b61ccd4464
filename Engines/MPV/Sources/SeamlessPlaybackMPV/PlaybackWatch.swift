/// What the engine knows about the media playing since its last load finished, and whether it died.
///
/// Pure: ``EngineStateMachine`` feeds it mpv's events and observed properties (`time-pos`, `duration`,
/// `eof-reached`) and reads back the position and the first failure. It decides what counts as a failure:
///
/// - the entry a finished load plays ends with mpv's error reason;
/// - that entry reaches its end (`eof-reached`, or an `end-file` with reason EOF) more than
///   ``endTolerance`` short of its duration: the stream was cut, and mpv took the cut for an end;
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
    }

    /// The last `time-pos` mpv reported, in seconds; `nil` when it has none (nothing loaded).
    private(set) var position: Double?
    /// The last `duration` mpv reported, in seconds; `nil` when unknown.
    private(set) var duration: Double?
    /// mpv's `eof-reached`: playback stands at the end, on the last frame (`keep-open`).
    private(set) var isAtEnd = false
    /// The entry a finished load plays; `nil` while a load is in progress or after that entry ended.
    private(set) var playing: Playing?
    /// The first failure seen, kept for good.
    private(set) var failure: String?
    /// Whether any load has finished: from then on the core quitting is a failure.
    private(set) var hasPlayed = false

    /// A load started: until it finishes, nothing the old entry does is a failure.
    mutating func loadStarted() {
        playing = nil
    }

    /// A load finished: `entry` plays `source`.
    mutating func loadFinished(entry: Int64, source: String) {
        playing = Playing(entry: entry, source: source)
        hasPlayed = true
    }

    /// mpv reported a new value of an observed property.
    mutating func propertyChanged(_ name: String, to value: MPVValue?) {
        switch name {
        case "time-pos":
            position = value?.doubleValue.flatMap { $0.isFinite ? $0 : nil }
        case "duration":
            duration = value?.doubleValue.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
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
        case .stopped, .quit, .redirect, .unknown:
            break
        }
        self.playing = nil
    }

    /// mpv's core shut down without being asked to (it ends the playing entry with reason `quit` first).
    mutating func coreShutDown() {
        guard hasPlayed else { return }
        record("mpv's core shut down")
    }

    /// mpv refused a setting: the apply did not land.
    mutating func settingRefused(_ error: MPVError) {
        record("mpv did not take the settings: \(error)")
    }

    private mutating func checkEnd(of playing: Playing) {
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
