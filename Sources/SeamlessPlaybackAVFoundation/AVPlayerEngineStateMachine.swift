import SeamlessPlayback

/// Every decision of an `AVPlayerEngine`: which player commands to send, when a load is finished, and
/// which observed changes are failures.
///
/// It never touches AVFoundation, never awaits and never resumes a continuation. The main-actor shell
/// feeds it what it observed (item status, layer readiness, item notifications), stamped with the
/// ``LoadID`` of the item they came from, and carries out the ``Action``s it returns, in order.
/// Observations stamped with an older load are dropped, so a late callback from a replaced item can
/// never finish or fail the current load.
///
/// Load states and their moves (see ``LoadState``):
/// - `idle` → `replacing` (a load starts)
/// - `replacing` → `waitingForReady` (the item is on the player), `cancelled`, `shutDown`
/// - `waitingForReady` → `waitingForFirstFrame` (status `.readyToPlay`), `ready` (when the first frame was
///   already seen), `failed`, `cancelled`, `shutDown`
/// - `waitingForFirstFrame` → `ready` (the layer is ready for display), `failed`, `cancelled`, `shutDown`
/// - `ready` → `failed` (a failure in mid-playback, reported once), `replacing` (the next load), `shutDown`
/// - `failed`, `cancelled` → `replacing` (the next load), `shutDown`
/// - `shutDown` is final.
struct AVPlayerEngineStateMachine {
    /// Identifies one load: one `AVPlayerItem` and the observations made for it.
    typealias LoadID = UInt64

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
        /// The load finished: ready to play and the first frame is on the layer.
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
        case failed(reason: String)
    }

    /// One entry of the item's error log (`AVPlayerItemErrorLogEvent`).
    struct ErrorLogEntry: Hashable, Sendable {
        let domain: String
        let code: Int
        let comment: String?
    }

    /// Something the shell observed on the player, stamped with the load whose item it watched.
    enum Observation: Hashable, Sendable {
        /// The item's `status`, read on the main actor.
        case itemStatus(ItemStatus)
        /// The layer's `isReadyForDisplay`, read on the main actor.
        case layerReadyForDisplay(Bool)
        /// `AVPlayerItem.failedToPlayToEndTimeNotification`, with the error it carried.
        case failedToPlayToEnd(reason: String)
        /// `AVPlayerItem.newErrorLogEntryNotification`, with one new entry of the log.
        case errorLogEntry(ErrorLogEntry)
    }

    /// How a waiting load ends.
    enum LoadOutcome: Hashable, Sendable {
        case ready
        case failed(AVPlayerEngineError)
    }

    /// What the shell does, in the order given.
    enum Action: Hashable, Sendable {
        /// Make these calls on the player and its layer, in order.
        case send([PlayerCommand])
        /// Start watching the load's item (status, failed-to-play-to-end, error log) and the layer's readiness.
        case startObserving(LoadID)
        /// Invalidate every observation made for the load and remove its notification observers.
        case stopObserving(LoadID)
        /// Resume the load's waiting caller.
        case finishLoad(LoadID, LoadOutcome)
        /// Tell the pool, through the engine's failure hook, that the engine can no longer play.
        case reportFailure(String)
    }

    /// How many error-log entries with the same domain and code one item may log before the fault is
    /// judged one the player is not recovering from.
    let errorLogLimit: Int
    private(set) var state = LoadState.idle
    private var lastLoad: LoadID = 0
    /// The layer was seen not ready for display since the current load's item went on the player, so a
    /// `true` that follows is this item's first frame and not the previous item's last.
    private var layerSeenNotReady = false
    /// Readings of the layer's readiness for this load: the first answers the observation's initial
    /// callback, every later one a change.
    private var layerReadings = 0
    private var errorLogCounts: [String: Int] = [:]

    /// Creates a machine with no load.
    /// - Parameter errorLogLimit: See ``errorLogLimit``; values below 1 count as 1.
    init(errorLogLimit: Int = 3) {
        self.errorLogLimit = max(1, errorLogLimit)
    }

    /// Whether the current load's observations are live and must be stopped before it is left.
    private var isObserving: Bool {
        switch state {
        case .replacing, .waitingForReady, .waitingForFirstFrame, .ready: true
        case .idle, .failed, .cancelled, .shutDown: false
        }
    }

    /// The load whose item is on the player, if one is in progress or finished.
    private var currentLoad: LoadID? {
        switch state {
        case .replacing(let id), .waitingForReady(let id, _), .waitingForFirstFrame(let id), .ready(let id),
            .failed(let id, _), .cancelled(let id):
            id
        case .idle, .shutDown:
            nil
        }
    }
}

// MARK: - Calls

extension AVPlayerEngineStateMachine {
    /// A load starts. Returns its ID and what to do: end the previous load's observation (and fail it, if
    /// it was still waiting), pause, detach the layer so its readiness restarts from the new item, put the
    /// new item on the player, reattach the layer, and start observing.
    mutating func loadRequested() -> (LoadID, [Action]) {
        lastLoad += 1
        let id = lastLoad
        if state == .shutDown { return (id, [.finishLoad(id, .failed(.shutDown))]) }
        var actions = leaveCurrentLoad(failingWaiterWith: .superseded)
        actions += [.send([.pause, .detachLayer, .replaceCurrentItem, .attachLayer]), .startObserving(id)]
        state = .replacing(id)
        layerSeenNotReady = false
        layerReadings = 0
        errorLogCounts = [:]
        return (id, actions)
    }

    /// The load's commands and observations are in place: from now on its observations count.
    mutating func itemReplaced(_ id: LoadID) {
        guard state == .replacing(id) else { return }
        state = .waitingForReady(id, firstFrameSeen: false)
    }

    /// The load's task was cancelled: the item is removed so it holds no decoder.
    mutating func loadCancelled(_ id: LoadID) -> [Action] {
        guard isWaiting(id) else { return [] }
        state = .cancelled(id)
        return [.stopObserving(id), .send([.pause, .removeCurrentItem]), .finishLoad(id, .failed(.cancelled))]
    }

    /// The page's settings, as the ordered commands that put them on the player.
    func applyRequested(_ settings: PlaybackSettings) -> [Action] {
        state == .shutDown ? [] : [.send(PlayerCommand.applying(settings))]
    }

    /// The engine shuts down: pause, release the item (and its decoder), release the layer's player.
    /// Only the first call does anything.
    mutating func shutdownRequested() -> [Action] {
        guard state != .shutDown else { return [] }
        let actions = leaveCurrentLoad(failingWaiterWith: .shutDown)
        state = .shutDown
        return actions + [.send([.pause, .removeCurrentItem, .detachLayer])]
    }

    /// The playback position for an `AVPlayer.currentTime()` in seconds: zero when the time is not a
    /// finite, non-negative number (an invalid or indefinite `CMTime` reads as NaN).
    static func position(seconds: Double) -> Duration {
        seconds.isFinite && seconds > 0 ? .seconds(seconds) : .zero
    }

    private func isWaiting(_ id: LoadID) -> Bool {
        switch state {
        case .replacing(id), .waitingForReady(id, _), .waitingForFirstFrame(id): true
        default: false
        }
    }

    /// Stops the current load's observations and fails its waiter if it is still waiting.
    private mutating func leaveCurrentLoad(failingWaiterWith error: AVPlayerEngineError) -> [Action] {
        guard let id = currentLoad, isObserving else { return [] }
        return isWaiting(id) ? [.stopObserving(id), .finishLoad(id, .failed(error))] : [.stopObserving(id)]
    }
}

// MARK: - Observations

extension AVPlayerEngineStateMachine {
    /// Something was observed on the item of load `id`. Returns what to do; nothing for an older load's
    /// item, for a load not yet on the player, or once the load has failed, been cancelled or shut down.
    mutating func observed(_ observation: Observation, for id: LoadID) -> [Action] {
        switch (state, observation) {
        case (.waitingForReady(id, let firstFrameSeen), .itemStatus(.readyToPlay)):
            if firstFrameSeen { return finishReady(id) }
            state = .waitingForFirstFrame(id)
            return []
        case (.waitingForReady(id, _), .layerReadyForDisplay(let isReady)):
            guard countsAsFirstFrame(isReady) else { return [] }
            state = .waitingForReady(id, firstFrameSeen: true)
            return []
        case (.waitingForFirstFrame(id), .layerReadyForDisplay(let isReady)):
            return countsAsFirstFrame(isReady) ? finishReady(id) : []
        case (.waitingForReady(id, _), _), (.waitingForFirstFrame(id), _), (.ready(id), _):
            guard let failure = failure(in: observation) else { return [] }
            return fail(id, failure)
        default:
            return []
        }
    }

    /// Records the layer's readiness; `true` counts after a `false` for this item, or when it answers a
    /// change callback (a later reading): the initial `true` alone may be the previous item's frame, but a
    /// change after the new item went in means the layer became ready again, even if the main actor read it
    /// too late to see the `false` in between.
    private mutating func countsAsFirstFrame(_ isReady: Bool) -> Bool {
        layerReadings += 1
        if !isReady { layerSeenNotReady = true }
        return isReady && (layerSeenNotReady || layerReadings > 1)
    }

    /// Which observations are failures: a `.failed` status, a failure to play to the end, and the
    /// ``errorLogLimit``-th error-log entry with the same domain and code (the player retries what it can
    /// recover from, so a fault that keeps coming back is one it is not recovering from).
    private mutating func failure(in observation: Observation) -> AVPlayerEngineError? {
        switch observation {
        case .itemStatus(.failed(let reason)):
            return .itemFailed(reason: reason)
        case .failedToPlayToEnd(let reason):
            return .playbackFailed(reason: "failed to play to its end: \(reason)")
        case .errorLogEntry(let entry):
            let key = "\(entry.domain) \(entry.code)"
            let count = errorLogCounts[key, default: 0] + 1
            errorLogCounts[key] = count
            guard count >= errorLogLimit else { return nil }
            let comment = entry.comment.map { " (\($0))" } ?? ""
            return .playbackFailed(reason: "error log: \(entry.domain) \(entry.code)\(comment), \(count) times")
        case .itemStatus(.unknown), .itemStatus(.readyToPlay), .layerReadyForDisplay:
            return nil
        }
    }

    private mutating func finishReady(_ id: LoadID) -> [Action] {
        state = .ready(id)
        return [.finishLoad(id, .ready)]
    }

    /// A waiting load fails with the error; a ready one is reported once through the failure path.
    private mutating func fail(_ id: LoadID, _ error: AVPlayerEngineError) -> [Action] {
        let wasWaiting = isWaiting(id)
        state = .failed(id, reason: error.description)
        return [.stopObserving(id), wasWaiting ? .finishLoad(id, .failed(error)) : .reportFailure(error.description)]
    }
}
