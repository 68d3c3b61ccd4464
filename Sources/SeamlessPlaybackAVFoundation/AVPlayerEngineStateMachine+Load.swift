import SeamlessPlayback

// Loads, their observations and their failures; shutdown.

extension AVPlayerEngineStateMachine {
    /// A load starts. Returns its ID and what to do: end the previous load's observation (and fail it, if
    /// it was still waiting), pause, detach the layer so its readiness restarts from the new item, set the player up
    /// for where the item's bytes come from (``LoadSource``), bound how far ahead the new item buffers while it stands
    /// paused (``PausedBuffering``, at the depth the pool told) and put it on the player, reattach the layer, start
    /// observing, and report `.loading`. While the layer is detached for the background
    /// (``BackgroundPolicy/keepAudioInBackground``) it is left detached: the load then finishes when the item is ready
    /// to play.
    /// - Parameter source: Where the item's bytes come from. Default ``LoadSource/direct``.
    mutating func loadRequested(source: LoadSource = .direct) -> (LoadID, [Action]) {
        lastLoad += 1
        let id = lastLoad
        if state == .shutDown { return (id, [.finishLoad(id, .failed(.shutDown))]) }
        if let playerFailure { return (id, [.finishLoad(id, .failed(.playbackFailed(reason: playerFailure)))]) }
        var actions = leaveCurrentLoad(failingWaiterWith: .superseded)
        actions += interruptSeek()
        playback.loadStarted(source: source)
        // Nothing when ``loadPrepared(depth:)`` told the loader already.
        actions += leanFetchActions()
        let setUp = source.playerSetUp
        // The new item buffers as a paused one until an apply plays it.
        let buffer = pausedBuffering.forwardBuffer(isPaused: true, depth: preloadDepth)
        forwardBufferSet = buffer
        let item: [PlayerCommand] = [.setPreferredForwardBufferDuration(buffer), .replaceCurrentItem]
        let commands: [PlayerCommand] =
            holds.isLayerDetached
            ? [.pause] + setUp + item
            : [.pause, .detachLayer] + setUp + item + [.attachLayer]
        actions += [.send(commands), .startObserving(id)]
        state = .replacing(id)
        layerSeenNotReady = false
        layerReadings = 0
        return (id, actions + reportIfChanged())
    }

    /// The load's commands and observations are in place: from now on its observations count.
    mutating func itemReplaced(_ id: LoadID) {
        guard state == .replacing(id) else { return }
        state = .waitingForReady(id, firstFrameSeen: false)
    }

    /// The player's `isExternalPlaybackActive`, read on the main actor. While the video plays on an external device
    /// (AirPlay video, on by default through `allowsExternalPlayback`) the layer is never ready for display, so a load
    /// finishes when its item is ready to play, and one waiting for its first frame finishes now.
    mutating func externalPlaybackChanged(isActive: Bool) -> [Action] {
        isPlayingExternally = isActive
        guard isActive, case .waitingForFirstFrame(let id) = state else { return [] }
        return finishReady(id)
    }

    /// The player can no longer play: its `status` became `.failed` (`AVPlayer.h`: "a new instance needs to be
    /// created in its place"), or the media services were reset (Technical Q&A QA1749: every AVFoundation object
    /// must be made again). The engine tells the pool through its failure hook, so that the pool replaces it; a
    /// waiting load and seek fail, the item's observations stop, and every later load fails at once. Only the first
    /// call does anything.
    /// - Parameter reason: What failed, for the report.
    mutating func playerFailed(_ reason: String) -> [Action] {
        guard state != .shutDown, playerFailure == nil else { return [] }
        playerFailure = reason
        let error = AVPlayerEngineError.playbackFailed(reason: reason)
        var actions: [Action] = []
        if let id = currentLoad, isObserving {
            let wasWaiting = isWaiting(id)
            state = .failed(id, reason: error.description)
            playback.itemGone()
            actions.append(.stopObserving(id))
            if wasWaiting { actions.append(.finishLoad(id, .failed(error))) }
        }
        return actions + failSeek(with: .seekFailed(reason: "the player failed")) + [.reportFailure(error.description)]
    }

    /// The load's task was cancelled: the item is removed so it holds no decoder.
    mutating func loadCancelled(_ id: LoadID) -> [Action] {
        guard isWaiting(id) else { return [] }
        state = .cancelled(id)
        playback.itemGone()
        return [.stopObserving(id), .send([.pause, .removeCurrentItem]), .finishLoad(id, .failed(.cancelled))]
    }

    /// The pool lets go of the media (``SeamlessPlayback/PlaybackEngine/unload()``): the item's observations stop, the
    /// player pauses and releases the item, and with it its decoder and its loading (the network, the cache's
    /// resource loading). The state is that of a cancelled load: nothing is reported of the item any more, and the
    /// next load starts afresh. A load or seek still waiting (the pool unloads only between its calls) fails as
    /// cancelled. Nothing to do before the first load, after another unload or after the shutdown.
    mutating func unloadRequested() -> [Action] {
        guard let id = currentLoad, state != .cancelled(id) else { return [] }
        let actions = leaveCurrentLoad(failingWaiterWith: .cancelled) + failSeek(with: .cancelled)
        state = .cancelled(id)
        playback.itemGone()
        return actions + [.send([.pause, .removeCurrentItem])]
    }

    /// The engine shuts down: pause, release the item (and its decoder), release the layer's player.
    /// Only the first call does anything.
    mutating func shutdownRequested() -> [Action] {
        guard state != .shutDown else { return [] }
        let actions = leaveCurrentLoad(failingWaiterWith: .shutDown) + failSeek(with: .shutDown)
        state = .shutDown
        return actions + [.send([.pause, .removeCurrentItem, .detachLayer])]
    }

    /// Stops the current load's observations and fails its waiter if it is still waiting.
    private mutating func leaveCurrentLoad(failingWaiterWith error: AVPlayerEngineError) -> [Action] {
        guard let id = currentLoad, isObserving else { return [] }
        return isWaiting(id) ? [.stopObserving(id), .finishLoad(id, .failed(error))] : [.stopObserving(id)]
    }

    /// Something was observed on the item of load `id`. Returns what to do; nothing for an older load's
    /// item, for a load not yet on the player, or once the load has failed, been cancelled or shut down.
    mutating func observed(_ observation: Observation, for id: LoadID) -> [Action] {
        switch (state, observation) {
        case (.waitingForReady(id, let firstFrameSeen), .itemStatus(.readyToPlay)):
            // In the background the layer may draw no frame until the app comes back, and with AirPlay video it draws
            // none at all: ready to play is enough.
            if firstFrameSeen || holds.isInBackground || isPlayingExternally { return finishReady(id) }
            state = .waitingForFirstFrame(id)
            return []
        case (.waitingForReady(id, _), .layerReadyForDisplay(let isReady)):
            guard countsAsFirstFrame(isReady) else { return [] }
            state = .waitingForReady(id, firstFrameSeen: true)
            return []
        case (.waitingForFirstFrame(id), .layerReadyForDisplay(let isReady)):
            return countsAsFirstFrame(isReady) ? finishReady(id) : []
        case (.waitingForReady(id, _), .duration(let seconds)), (.waitingForFirstFrame(id), .duration(let seconds)):
            playback.duration = Self.duration(seconds: seconds)
            return []
        case (.ready(id), .duration(let seconds)):
            playback.duration = Self.duration(seconds: seconds)
            return reportIfChanged()
        case (.ready(id), .playedToEnd):
            return playedToEnd()
        case (.waitingForReady(id, _), .rateCapabilities(let capabilities)),
            (.waitingForFirstFrame(id), .rateCapabilities(let capabilities)):
            playback.capabilities = capabilities
            return []
        case (.ready(id), .rateCapabilities(let capabilities)):
            return rateCapabilitiesKnown(capabilities)
        case (.ready(id), .likelyToKeepUp(let isLikely)):
            return likelyToKeepUp(isLikely)
        case (.waitingForReady(id, _), .loadedRanges(let ranges)),
            (.waitingForFirstFrame(id), .loadedRanges(let ranges)):
            playback.loaded = ranges
            return []
        case (.ready(id), .loadedRanges(let ranges)):
            return loadedRangesRead(ranges)
        case (.waitingForReady(id, _), _), (.waitingForFirstFrame(id), _), (.ready(id), _):
            guard let failure = failure(in: observation) else { return [] }
            return fail(id, failure, media: mediaFailure(in: observation))
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

    /// Which observations are failures: the item's `.failed` status and a failure to play to the end, as
    /// `AVPlayerItem.h` says. Error-log entries are not: the header calls the log diagnostics, and a long or looping
    /// clip on a flaky network logs faults the player recovers from. AVFoundation's decoder-temporarily-unavailable
    /// error is the decoder limit, whichever way it comes. The error returned is what a ready item reports; a waiting
    /// load throws the item error's media failure instead, when it is one (``mediaFailure(in:)``).
    private func failure(in observation: Observation) -> AVPlayerEngineError? {
        switch observation {
        case .itemStatus(.failed(let error)):
            return error.isDecoderLimit
                ? .decoderLimit(reason: error.description) : .itemFailed(reason: error.description)
        case .failedToPlayToEnd(let error):
            guard !error.isDecoderLimit else { return .decoderLimit(reason: error.description) }
            return .playbackFailed(reason: "failed to play to its end: \(error.description)")
        case .itemStatus(.unknown), .itemStatus(.readyToPlay), .layerReadyForDisplay, .duration, .playedToEnd,
            .errorLogEntry, .rateCapabilities, .likelyToKeepUp, .loadedRanges:
            return nil
        }
    }

    /// The media failure an item's error is, for a load that fails with it: the item's `.failed` status or its
    /// failure to play to the end, unless the error is the player's own (the decoder limit among them).
    private func mediaFailure(in observation: Observation) -> MediaFailure? {
        switch observation {
        case .itemStatus(.failed(let error)), .failedToPlayToEnd(let error): error.mediaFailure
        case .itemStatus(.unknown), .itemStatus(.readyToPlay), .layerReadyForDisplay, .duration, .playedToEnd,
            .errorLogEntry, .rateCapabilities, .likelyToKeepUp, .loadedRanges:
            nil
        }
    }

    /// The load finished: report what the player does now (paused, as the load left it), then resume the caller.
    mutating func finishReady(_ id: LoadID) -> [Action] {
        state = .ready(id)
        return reportIfChanged() + [.finishLoad(id, .ready)]
    }

    /// A waiting load fails with the media failure when there is one (the pool keeps the engine), else with the
    /// engine's error; a ready one is reported once through the failure path.
    private mutating func fail(_ id: LoadID, _ error: AVPlayerEngineError, media: MediaFailure?) -> [Action] {
        let wasWaiting = isWaiting(id)
        state = .failed(id, reason: error.description)
        playback.itemGone()
        let loadOutcome = media.map(LoadOutcome.mediaFailed) ?? .failed(error)
        let outcome: Action = wasWaiting ? .finishLoad(id, loadOutcome) : .reportFailure(error.description)
        return [.stopObserving(id)] + failSeek(with: .seekFailed(reason: "the item failed")) + [outcome]
    }
}
