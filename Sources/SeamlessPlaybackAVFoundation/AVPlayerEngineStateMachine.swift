import SeamlessPlayback

/// Every decision of an `AVPlayerEngine`: which player commands to send, when a load or a seek is finished, which
/// observed changes are failures, which phase to report, and what the iOS system's interruptions, route changes and
/// moves between background and foreground do to the player.
///
/// It never touches AVFoundation, never awaits and never resumes a continuation. The main-actor shell
/// feeds it what it observed (item status, layer readiness, item notifications, player readings, system events),
/// stamped with the ``LoadID`` of the item they came from where they concern an item, and carries out the
/// ``Action``s it returns, in order. Observations stamped with an older load are dropped, so a late callback from a
/// replaced item can never finish or fail the current load.
///
/// Load states and their moves (see ``LoadState``):
/// - `idle` → `replacing` (a load starts)
/// - `replacing` → `waitingForReady` (the item is on the player), `cancelled`, `shutDown`
/// - `waitingForReady` → `waitingForFirstFrame` (status `.readyToPlay`), `ready` (when the first frame was
///   already seen, the app is in the background, or the video plays on an external device), `failed`, `cancelled`,
///   `shutDown`
/// - `waitingForFirstFrame` → `ready` (the layer is ready for display, the app entered the background, or external
///   playback began), `failed`, `cancelled`, `shutDown`
/// - `ready` → `failed` (a failure in mid-playback, reported once), `replacing` (the next load), `shutDown`
/// - `failed`, `cancelled` → `replacing` (the next load), `shutDown`
/// - `shutDown` is final.
///
/// The parts: loads in `+Load`, applies, player readings and status reports in `+Playback`, seeks in `+Seek`, the
/// system's events in `+System`, how far ahead the item buffers in `+ForwardBuffer`.
struct AVPlayerEngineStateMachine {
    /// Identifies one load: one `AVPlayerItem` and the observations made for it.
    typealias LoadID = UInt64
    /// Identifies one seek sent to the player: a page's, or the loop's seek to the start.
    typealias SeekID = UInt64

    /// Where the current load is.
    enum LoadState: Hashable, Sendable {
        /// Nothing was ever loaded.
        case idle
        /// The load's commands (pause, detach the layer, replace the item, reattach) are being sent.
        case replacing(LoadID)
        /// The item is on the player; its status is not `.readyToPlay` yet. `firstFrameSeen` records a
        /// first frame that arrived before the status did.
        case waitingForReady(LoadID, firstFrameSeen: Bool)
        /// The item is ready to play; the layer has not shown its first frame yet.
        case waitingForFirstFrame(LoadID)
        /// The load finished: ready to play and the first frame is on the layer (or, in the background, ready to
        /// play).
        case ready(LoadID)
        /// The load failed, or the ready item failed later (reported through the failure path).
        case failed(LoadID, reason: String)
        /// The load's task was cancelled before it finished.
        case cancelled(LoadID)
        /// The engine was shut down; nothing follows.
        case shutDown
    }

    /// An `AVPlayerItem.Status`, with the item's error when it failed.
    enum ItemStatus: Hashable, Sendable {
        case unknown
        case readyToPlay
        case failed(ItemError)
    }

    /// One entry of the item's error log (`AVPlayerItemErrorLogEvent`).
    struct ErrorLogEntry: Hashable, Sendable {
        let domain: String
        let code: Int
        let comment: String?
    }

    /// Something the shell observed on the load's item or on the layer, stamped with the load whose item it watched.
    enum Observation: Hashable, Sendable {
        /// The item's `status`, read on the main actor.
        case itemStatus(ItemStatus)
        /// The layer's `isReadyForDisplay`, read on the main actor.
        case layerReadyForDisplay(Bool)
        /// `AVPlayerItem.failedToPlayToEndTimeNotification`, with the error it carried.
        case failedToPlayToEnd(ItemError)
        /// `AVPlayerItem.newErrorLogEntryNotification`, with one new entry of the log: diagnostics, never a failure
        /// (`AVPlayerItem.h` describes the log as such; the player retries what it can).
        case errorLogEntry(ErrorLogEntry)
        /// The item's `duration` in seconds (`CMTimeGetSeconds`), read on the main actor: NaN while it is
        /// indefinite (not loaded yet, or a live stream).
        case duration(seconds: Double)
        /// `AVPlayerItem.didPlayToEndTimeNotification`.
        case playedToEnd
        /// The item's `canPlayFastForward` and `canPlaySlowForward`, read on the main actor once it is ready to play.
        case rateCapabilities(RateCapabilities)
        /// The item's `isPlaybackLikelyToKeepUp`, read on the main actor.
        case likelyToKeepUp(Bool)
        /// The item's `loadedTimeRanges` and the player's position, read together on the main actor.
        case loadedRanges(LoadedRanges)
    }

    /// The time ranges an item holds ready to play (`AVPlayerItem.loadedTimeRanges`, in seconds) and the player's
    /// position when they were read: how much it holds past the position is the status's
    /// ``SeamlessPlayback/PlaybackStatus/bufferedAhead``.
    struct LoadedRanges: Hashable, Sendable {
        /// The ranges that are times: finite, not negative, start before end, ending within ``longest``.
        let ranges: [ClosedRange<Double>]
        /// The player's position, in seconds; zero when it is no time.
        let position: Double

        /// Keeps the ranges given as start and duration that are times, and the position.
        init(ranges: [(start: Double, duration: Double)], position: Double) {
            self.ranges = ranges.compactMap { range in
                let end = range.start + range.duration
                guard range.start.isFinite, end.isFinite, range.start >= 0, range.duration >= 0, end < Self.longest
                else { return nil }
                return range.start...end
            }
            self.position = position.isFinite && position > 0 && position < Self.longest ? position : 0
        }

        /// How much past the position the range holding it reaches; zero when no range holds it. A range that
        /// starts a little after the position (within ``slack``, a frame or two) holds it: the player stands on the
        /// last frame before it.
        var ahead: Duration {
            let ends = ranges.filter { $0.lowerBound - Self.slack <= position && position <= $0.upperBound }
            guard let end = ends.map(\.upperBound).max() else { return .zero }
            return .seconds(end - position)
        }

        /// How far before the position a range may start and still hold it, in seconds.
        static let slack = 0.1
        /// The latest time a range or the position may reach, in seconds (some 30 years): beyond it a reading is no
        /// time, and a `Duration` made of it could not be represented.
        static let longest = 1e9
    }

    /// Which rates an item ready to play can play (`AVPlayerItem.h`, `AVPlayerItemRateAndSteppingSupport`): 1–2×
    /// always; above 2× only with `canPlayFastForward`; below 1× only with `canPlaySlowForward`.
    struct RateCapabilities: Hashable, Sendable {
        let canPlayFastForward: Bool
        let canPlaySlowForward: Bool

        /// Whether the item plays at `rate`.
        func allows(_ rate: Double) -> Bool {
            if rate > 2 { return canPlayFastForward }
            if rate < 1 { return canPlaySlowForward }
            return true
        }
    }

    /// How a waiting load ends.
    enum LoadOutcome: Hashable, Sendable {
        case ready
        /// The engine failed: the pool retires it.
        case failed(AVPlayerEngineError)
        /// The media failed (its item's error, `ItemError+MediaFailure.swift`): the pool keeps the engine.
        case mediaFailed(MediaFailure)
    }

    /// How a page's seek ends.
    enum SeekOutcome: Hashable, Sendable {
        /// The player finished the seek.
        case done
        /// The seek did not start, or did not finish.
        case failed(AVPlayerEngineError)
    }

    /// A status for the pool, less the position, which the shell reads from the player when it reports.
    struct StatusReport: Hashable, Sendable {
        let phase: PlaybackPhase
        let duration: Duration?
        /// How much the item holds past the position, when its loaded ranges are known and it is not loading.
        var bufferedAhead: Duration? = nil
        /// ``SeamlessPlayback/PlaybackStatus/bufferedAheadStep`` of the same report, at the position of the reading.
        var bufferedAheadStep: Int? = nil

        /// Whether `other` tells the pool nothing new: the same phase and duration, and the buffer ahead in the
        /// same step (whole seconds, or holding the end), so that not every packet is reported.
        func says(sameAs other: StatusReport?) -> Bool {
            guard let other else { return false }
            return phase == other.phase && duration == other.duration && bufferedAheadStep == other.bufferedAheadStep
        }
    }

    /// What the shell does, in the order given.
    enum Action: Hashable, Sendable {
        /// Make these calls on the player and its layer, in order.
        case send([PlayerCommand])
        /// Start watching the load's item (status, duration, the end, failed-to-play-to-end, error log) and the
        /// layer's readiness.
        case startObserving(LoadID)
        /// Invalidate every observation made for the load and remove its notification observers.
        case stopObserving(LoadID)
        /// Resume the load's waiting caller.
        case finishLoad(LoadID, LoadOutcome)
        /// Resume the seek's waiting caller.
        case finishSeek(SeekID, SeekOutcome)
        /// Tell the pool, through the engine's failure hook, that the engine can no longer play.
        case reportFailure(String)
        /// Tell the pool, through the engine's status hook, the engine's new status (with the player's position).
        case report(StatusReport)
        /// After this long, call ``AVPlayerEngineStateMachine/stallCheckDue()``: a stalled loader-served player is
        /// tried again even if `isPlaybackLikelyToKeepUp` never changes.
        case checkStall(after: Duration)
        /// Tell the engine's resource loader whether its player stands paused at the lean depth: its origin fetches
        /// are then widened only to `CachedReading.minimumFetchWhileLean` (`+ForwardBuffer`).
        case fetchLeanly(Bool)
    }

    /// Where the current load is.
    var state = LoadState.idle
    /// The last load's ID.
    var lastLoad: LoadID = 0
    /// The layer was seen not ready for display since the current load's item went on the player, so a
    /// `true` that follows is this item's first frame and not the previous item's last.
    var layerSeenNotReady = false
    /// Readings of the layer's readiness for this load: the first answers the observation's initial
    /// callback, every later one a change.
    var layerReadings = 0
    /// The player plays its video on an external device (AirPlay video, `isExternalPlaybackActive`): the layer then
    /// shows no frame, so a load cannot wait for one.
    var isPlayingExternally = false
    /// The player itself failed (`+Load`, ``playerFailed(_:)``): no load can succeed on it any more.
    var playerFailure: String?
    /// What the player does and what the engine last reported (`+Playback`).
    var playback = Playback()
    /// The seeks sent to the player (`+Seek`).
    var seeks = Seeks()
    /// The system's side: background, interruptions, and the system's pause in force (`+System`).
    var holds: SystemHolds
    /// How far ahead a paused item buffers (`+ForwardBuffer`).
    let pausedBuffering: PausedBuffering
    /// The depth the pool told the engine last; ``SeamlessPlayback/PreloadDepth/standard`` until it told one.
    var preloadDepth = PreloadDepth.standard
    /// The forward buffer last set on the current item, in seconds; `nil` before the first load.
    var forwardBufferSet: Double?
    /// Whether the resource loader was last told the player stands paused at the lean depth.
    var fetchesLeanly = false

    /// Creates a machine with no load.
    /// - Parameters:
    ///   - backgroundPolicy: The pool's policy for the background.
    ///   - isInBackground: Whether the app is in the background when the engine is made.
    ///   - pausedBuffering: How far ahead a paused item buffers.
    init(
        backgroundPolicy: BackgroundPolicy = .pauseInBackground, isInBackground: Bool = false,
        pausedBuffering: PausedBuffering = PausedBuffering()
    ) {
        holds = SystemHolds(policy: backgroundPolicy, isInBackground: isInBackground)
        self.pausedBuffering = pausedBuffering
    }

    /// Whether the current load's observations are live and must be stopped before it is left.
    var isObserving: Bool {
        switch state {
        case .replacing, .waitingForReady, .waitingForFirstFrame, .ready: true
        case .idle, .failed, .cancelled, .shutDown: false
        }
    }

    /// The load whose item is on the player, if one is in progress or finished.
    var currentLoad: LoadID? {
        switch state {
        case .replacing(let id), .waitingForReady(let id, _), .waitingForFirstFrame(let id), .ready(let id),
            .failed(let id, _), .cancelled(let id):
            id
        case .idle, .shutDown:
            nil
        }
    }

    /// Whether the current load finished and its item is on the player.
    var isReady: Bool {
        if case .ready = state { true } else { false }
    }

    /// Whether the load `id` still waits for its item to be ready.
    func isWaiting(_ id: LoadID) -> Bool {
        switch state {
        case .replacing(id), .waitingForReady(id, _), .waitingForFirstFrame(id): true
        default: false
        }
    }

    /// `duration` in seconds.
    static func seconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) + Double(attoseconds) * 1e-18
    }

    /// The playback position for an `AVPlayer.currentTime()` in seconds: zero when the time is not a
    /// finite, non-negative number (an invalid or indefinite `CMTime` reads as NaN).
    static func position(seconds: Double) -> Duration {
        seconds.isFinite && seconds > 0 ? .seconds(seconds) : .zero
    }

    /// An item's duration for a `duration` reading in seconds: `nil` when it is not a finite, positive number
    /// (`kCMTimeIndefinite` reads as NaN: not loaded yet, or a live stream).
    static func duration(seconds: Double) -> Duration? {
        seconds.isFinite && seconds > 0 ? .seconds(seconds) : nil
    }
}
