// What the iOS system's events do to one engine: audio interruptions, a lost audio route, background and foreground.

extension AVPlayerEngineStateMachine {
    /// Whether the player moves, or was just asked to play and has not said otherwise yet.
    private var isMoving: Bool {
        playback.isStalled || (playback.reading.map { $0.motion != .stopped } ?? true)
    }

    /// What a new engine does before anything else: it tells the player its background policy (iOS 15's
    /// `audiovisualBackgroundPlaybackPolicy`: `.continuesIfPossible` with ``BackgroundPolicy/keepAudioInBackground``,
    /// the supported way to keep a video's sound in the background, since iOS pauses a player showing video before
    /// `didEnterBackground` arrives; `.pauses` otherwise), and a layer made in the background with
    /// ``BackgroundPolicy/keepAudioInBackground`` lets go of the player at once, as every other engine's did.
    var initialActions: [Action] {
        let policy = PlayerCommand.setBackgroundPlayback(.init(holds.policy))
        return [.send(holds.isLayerDetached ? [policy, .detachLayer] : [policy])]
    }

    /// The system did something to every player of the app. Returns what this engine does about it.
    ///
    /// The engine never undoes a system pause unless the system says so: an interruption that ended with
    /// `.shouldResume`, or the return to the foreground from a pause that was only the background's. A lost audio
    /// route never resumes by itself. Every such decision concerns the applied settings, which are the active
    /// holder's: the pool applies no one else's.
    mutating func systemEvent(_ event: SystemEvent) -> [Action] {
        guard state != .shutDown else { return [] }
        switch event {
        case .interruptionBegan(let reason): return interruptionBegan(reason)
        case .interruptionEnded(let shouldResume): return interruptionEnded(shouldResume: shouldResume)
        case .outputLost: return outputLost()
        case .enteredBackground: return enteredBackground()
        case .willEnterForeground: return willEnterForeground()
        case .mediaServicesReset: return playerFailed("the media services were reset")
        }
    }

    /// An interruption began: AVPlayer pauses by itself; the engine pauses too (so that its report does not wait for
    /// the player's echo) and reports `.paused(.interrupted)`, or `.paused(.outputLost)` for iOS 17's interruption
    /// by a lost route. A player its settings keep paused, loading or ended reports nothing new; one someone else had
    /// paused is reported interrupted, but the interruption's end will not start it.
    private mutating func interruptionBegan(_ reason: SystemEvent.InterruptionReason) -> [Action] {
        let isRouteDisconnection = reason == .routeDisconnected
        let wasKnownLost = holds.knowsOutputLost
        let wasRoute = holds.interruption?.isRouteDisconnection ?? false
        holds.interruption = SystemHolds.Interruption(isRouteDisconnection: isRouteDisconnection || wasRoute)
        guard isMeantToMove else { return [] }
        if isRouteDisconnection && wasKnownLost { return [] }  // the route change said it first
        // A player someone else had already paused (a remote control) was not playing: the interruption's end must
        // not start it. One the system holds (the background) was, but for the system.
        guard isMoving || holds.hold != nil || isRouteDisconnection else { return reportIfChanged() }
        guard holds.impose(isRouteDisconnection ? .outputLoss : .interruption) else { return [] }
        return [.send([pauseCommand()])] + reportIfChanged()
    }

    /// An interruption ended. With `.shouldResume`, an engine the interruption paused while its settings played, or
    /// whose page asked to play during it, plays again (in the background with ``BackgroundPolicy/pauseInBackground``,
    /// it waits for the foreground).
    /// Without it, it stays paused, and its report, `.paused(.interrupted)`, stands. An interruption by a lost
    /// route, or one during which the route went, never resumes.
    private mutating func interruptionEnded(shouldResume: Bool) -> [Action] {
        guard holds.interruption != nil else { return [] }  // one that began before the engine was made
        holds.interruption = nil
        guard isMeantToMove, holds.hold == .interruption else { return reportIfChanged() }
        guard shouldResume else { return reportIfChanged() }
        holds.hold = nil
        return [.send([startCommand(isResume: true)])] + reportIfChanged()
    }

    /// The audio route went away (`.oldDeviceUnavailable`, headphones unplugged): pause, report
    /// `.paused(.outputLost)`, never resume by itself. A player its settings keep paused stays so, silently (unless
    /// someone else is playing it: then it is paused too). A second notice of the same loss changes nothing.
    private mutating func outputLost() -> [Action] {
        guard !holds.knowsOutputLost else { return [] }  // iOS 17: the interruption by the lost route said it first
        guard isMeantToMove else {
            guard isReady, let reading = playback.reading, reading.motion != .stopped else { return [] }
            return [.send([pauseCommand()])] + reportIfChanged()
        }
        _ = holds.impose(.outputLoss)
        return [.send([pauseCommand()])] + reportIfChanged()
    }

    /// The app entered the background. A load waiting for its first frame finishes (the layer may draw nothing
    /// there). With ``BackgroundPolicy/pauseInBackground`` a player whose settings play pauses and reports
    /// `.paused(.system)`; with ``BackgroundPolicy/keepAudioInBackground`` the layer lets go of the player, so that
    /// the audio goes on.
    private mutating func enteredBackground() -> [Action] {
        guard !holds.isInBackground else { return [] }
        holds.isInBackground = true
        var actions: [Action] = []
        if case .waitingForFirstFrame(let id) = state { actions += finishReady(id) }
        switch holds.policy {
        case .pauseInBackground:
            // Only a moving player is the background's to pause, and so to play again on return: one someone else
            // paused stays paused.
            guard isMeantToMove, isMoving, holds.impose(.background) else { return actions }
            return actions + [.send([pauseCommand()])] + reportIfChanged()
        case .keepAudioInBackground:
            return actions + [.send([.detachLayer])]
        }
    }

    /// The app comes back to the foreground. The layer takes the player again
    /// (``BackgroundPolicy/keepAudioInBackground``), and a player that only the background held plays again: the
    /// state is what the applied settings say, except where a system pause is still in force.
    private mutating func willEnterForeground() -> [Action] {
        guard holds.isInBackground else { return [] }
        holds.isInBackground = false
        var actions: [Action] = []
        if holds.policy == .keepAudioInBackground { actions.append(.send([.attachLayer])) }
        guard isMeantToMove, holds.hold == .background else { return actions }
        holds.hold = nil
        return actions + [.send([startCommand(isResume: true)])] + reportIfChanged()
    }
}
