/// What lanes, apply tasks, timers and engines tell the pool: each is one input, handed to the shell.
extension PlayerPool {
    func cancel(_ request: RequestID) { shell.cancel(request) }

    func timerFired(_ request: RequestID) { shell.timerFired(request) }

    func applyReturned(_ id: PlayerID, version: UInt64, noted failure: String?) {
        shell.applyReturned(id, version: version, noted: failure)
    }

    func laneCreationFailed(_ id: PlayerID, reason: String) { shell.laneCreationFailed(id, reason: reason) }

    /// - Returns: Whether the pool still wants the engine.
    func laneCreated(_ id: PlayerID, engine: any PlaybackEngine) -> Bool { shell.laneCreated(id, engine: engine) }

    func laneLoaded(_ id: PlayerID, media: MediaItem, failure: String?, mediaFailure: MediaFailure?) {
        shell.laneLoaded(id, media: media, failure: failure, mediaFailure: mediaFailure)
    }

    func retryDue(_ id: PlayerID, media: MediaItem, generation: UInt64) {
        shell.retryDue(id, media: media, generation: generation)
    }

    func laneApplied(_ id: PlayerID, version: UInt64) { shell.laneApplied(id, version: version) }

    func laneShutDown(_ id: PlayerID) { shell.laneShutDown(id) }

    func laneUnloaded(_ id: PlayerID) { shell.laneUnloaded(id) }

    func watchdogFired() { shell.watchdogFired() }

    /// An engine reported that it can no longer play.
    func engineReportedFailure(_ id: PlayerID, reason: String) { shell.engineReportedFailure(id, reason: reason) }

    func laneSeeked(_ id: PlayerID, request: RequestID, failure: String?) {
        shell.laneSeeked(id, request: request, failure: failure)
    }

    func unsubscribeStatus(_ key: UInt64) { shell.unsubscribeStatus(key) }

    /// Status reports of the player's engine are waiting in its inbox.
    func statusArrived(_ id: PlayerID, from inbox: StatusInbox) { shell.statusArrived(id, from: inbox) }
}
