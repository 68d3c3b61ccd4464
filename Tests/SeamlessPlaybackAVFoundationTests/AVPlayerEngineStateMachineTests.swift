import SeamlessPlayback
import Testing

@testable import SeamlessPlaybackAVFoundation

@Suite("AVPlayerEngineStateMachine")
struct AVPlayerEngineStateMachineTests {
    typealias Machine = AVPlayerEngineStateMachine
    static let loadCommands = Fixture.loadCommands
    static let entry = Machine.ErrorLogEntry(domain: "CoreMediaErrorDomain", code: -12938, comment: "HTTP 404")
    static let loading = Machine.Action.report(.init(phase: .loading, duration: nil))
    static let pausedByLoad = Machine.Action.report(.init(phase: .paused(.requested), duration: nil))

    /// A machine whose load 1 has its item on the player.
    private func waiting() -> Machine {
        var machine = Machine()
        _ = machine.loadRequested()
        machine.itemReplaced(1)
        return machine
    }

    /// A machine whose load 1 finished.
    private func ready() -> Machine {
        var machine = waiting()
        _ = machine.observed(.itemStatus(.readyToPlay), for: 1)
        _ = machine.observed(.layerReadyForDisplay(false), for: 1)
        _ = machine.observed(.layerReadyForDisplay(true), for: 1)
        return machine
    }

    // MARK: Loading

    @Test("a load pauses, detaches the layer, replaces the item, reattaches, observes, then reports loading")
    func loadStarts() {
        var machine = Machine()
        #expect(machine.state == .idle)
        let (id, actions) = machine.loadRequested()
        #expect(id == 1)
        #expect(actions == [.send(Self.loadCommands), .startObserving(1), Self.loading])
        #expect(machine.state == .replacing(1))
        machine.itemReplaced(1)
        #expect(machine.state == .waitingForReady(1, firstFrameSeen: false))
    }

    @Test("observations before the item is on the player, or for another load's item, are dropped")
    func replacingIgnoresObservations() {
        var machine = Machine()
        _ = machine.loadRequested()
        #expect(machine.observed(.itemStatus(.readyToPlay), for: 1) == [])
        #expect(machine.observed(.itemStatus(.failed(.other("x"))), for: 1) == [])
        machine.itemReplaced(2)
        #expect(machine.state == .replacing(1), "itemReplaced of another load changes nothing")
        machine.itemReplaced(1)
        #expect(machine.observed(.itemStatus(.readyToPlay), for: 2) == [])
        #expect(machine.state == .waitingForReady(1, firstFrameSeen: false))
    }

    @Test("readyToPlay alone does not finish a load; the first frame on the layer does, reported paused as it is")
    func readyThenFirstFrame() {
        var machine = waiting()
        #expect(machine.observed(.itemStatus(.unknown), for: 1) == [])
        #expect(machine.state == .waitingForReady(1, firstFrameSeen: false))
        #expect(machine.observed(.itemStatus(.readyToPlay), for: 1) == [])
        #expect(machine.state == .waitingForFirstFrame(1))
        #expect(machine.observed(.layerReadyForDisplay(false), for: 1) == [])
        #expect(machine.state == .waitingForFirstFrame(1))
        #expect(machine.observed(.layerReadyForDisplay(true), for: 1) == [Self.pausedByLoad, .finishLoad(1, .ready)])
        #expect(machine.state == .ready(1))
    }

    @Test("a first frame seen before readyToPlay finishes the load when the status arrives")
    func firstFrameThenReady() {
        var machine = waiting()
        #expect(machine.observed(.layerReadyForDisplay(false), for: 1) == [])
        #expect(machine.observed(.layerReadyForDisplay(true), for: 1) == [])
        #expect(machine.state == .waitingForReady(1, firstFrameSeen: true))
        #expect(machine.observed(.itemStatus(.readyToPlay), for: 1) == [Self.pausedByLoad, .finishLoad(1, .ready)])
        #expect(machine.state == .ready(1))
    }

    @Test("the initial ready-for-display reading alone may be the previous item's frame")
    func staleFirstFrameIgnored() {
        var machine = waiting()
        #expect(machine.observed(.layerReadyForDisplay(true), for: 1) == [])
        #expect(machine.state == .waitingForReady(1, firstFrameSeen: false))
        #expect(machine.observed(.itemStatus(.readyToPlay), for: 1) == [])
        #expect(machine.state == .waitingForFirstFrame(1))
        #expect(machine.observed(.layerReadyForDisplay(false), for: 1) == [])
        #expect(machine.observed(.layerReadyForDisplay(true), for: 1) == [Self.pausedByLoad, .finishLoad(1, .ready)])
    }

    @Test("the layer must be seen empty again for each new item")
    func emptyLayerIsPerLoad() {
        var machine = ready()
        _ = machine.loadRequested()
        machine.itemReplaced(2)
        #expect(machine.observed(.itemStatus(.readyToPlay), for: 2) == [])
        #expect(machine.observed(.layerReadyForDisplay(true), for: 2) == [], "load 1's false does not count")
        #expect(machine.state == .waitingForFirstFrame(2))
    }

    @Test("an item that fails while loading fails the load: its error is the media's", arguments: [false, true])
    func itemFailsWhileLoading(afterReadyToPlay: Bool) {
        var machine = waiting()
        if afterReadyToPlay { _ = machine.observed(.itemStatus(.readyToPlay), for: 1) }
        #expect(
            machine.observed(.itemStatus(.failed(.other("unsupported codec"))), for: 1) == [
                .stopObserving(1), .finishLoad(1, .mediaFailed(MediaFailure(.other, reason: "unsupported codec"))),
            ])
        #expect(machine.state == .failed(1, reason: "the AVPlayerItem failed: unsupported codec"))
        #expect(machine.observed(.layerReadyForDisplay(false), for: 1) == [])
        #expect(machine.observed(.layerReadyForDisplay(true), for: 1) == [], "a failed load never finishes")
    }

    @Test("a failure to play to the end while loading fails the load, as a media failure")
    func failedToPlayToEndWhileLoading() {
        var machine = waiting()
        #expect(
            machine.observed(.failedToPlayToEnd(.other("network lost")), for: 1) == [
                .stopObserving(1), .finishLoad(1, .mediaFailed(MediaFailure(.other, reason: "network lost"))),
            ])
    }

    @Test("a new load while one waits fails the waiting one as superseded")
    func loadSupersedesWaitingLoad() {
        var machine = waiting()
        let (id, actions) = machine.loadRequested()
        #expect(id == 2)
        #expect(
            actions == [
                .stopObserving(1), .finishLoad(1, .failed(.superseded)), .send(Self.loadCommands), .startObserving(2),
            ])
        #expect(machine.state == .replacing(2))
    }

    @Test("a new load after a finished one stops the old observations; after a failed or cancelled one there are none")
    func loadAfterFinishedOrFailed() {
        var finished = ready()
        #expect(
            finished.loadRequested().1 == [
                .stopObserving(1), .send(Self.loadCommands), .startObserving(2), Self.loading,
            ])
        var failed = waiting()
        _ = failed.observed(.itemStatus(.failed(.other("x"))), for: 1)
        #expect(failed.loadRequested().1 == [.send(Self.loadCommands), .startObserving(2), Self.loading])
        var cancelled = waiting()
        _ = cancelled.loadCancelled(1)
        #expect(cancelled.loadRequested().1 == [.send(Self.loadCommands), .startObserving(2), Self.loading])
        #expect(cancelled.state == .replacing(2))
    }

    @Test("observations of a replaced item do nothing to the new load")
    func staleLoadObservations() {
        var machine = ready()
        _ = machine.loadRequested()
        machine.itemReplaced(2)
        #expect(machine.observed(.itemStatus(.failed(.other("old item"))), for: 1) == [])
        #expect(machine.observed(.failedToPlayToEnd(.other("old item")), for: 1) == [])
        #expect(machine.observed(.layerReadyForDisplay(false), for: 1) == [])
        #expect(machine.state == .waitingForReady(2, firstFrameSeen: false))
    }

    // MARK: Cancellation

    @Test("cancelling a waiting load removes its item and fails it; a second cancel does nothing")
    func cancelWaitingLoad() {
        var machine = waiting()
        _ = machine.observed(.itemStatus(.readyToPlay), for: 1)
        #expect(
            machine.loadCancelled(1) == [
                .stopObserving(1), .send([.pause, .removeCurrentItem]), .finishLoad(1, .failed(.cancelled)),
            ])
        #expect(machine.state == .cancelled(1))
        #expect(machine.loadCancelled(1) == [])
        #expect(machine.observed(.layerReadyForDisplay(false), for: 1) == [])
        #expect(machine.observed(.layerReadyForDisplay(true), for: 1) == [])
    }

    @Test("a load cancelled while its item is being replaced is cancelled too")
    func cancelWhileReplacing() {
        var machine = Machine()
        _ = machine.loadRequested()
        #expect(
            machine.loadCancelled(1) == [
                .stopObserving(1), .send([.pause, .removeCurrentItem]), .finishLoad(1, .failed(.cancelled)),
            ])
        machine.itemReplaced(1)
        #expect(machine.state == .cancelled(1))
    }

    @Test("an unload releases the ready item, stops its observations, and the next load starts afresh")
    func unloadReadyItem() {
        var machine = ready()
        #expect(machine.unloadRequested() == [.stopObserving(1), .send([.pause, .removeCurrentItem])])
        #expect(machine.state == .cancelled(1))
        #expect(machine.unloadRequested() == [], "a second unload does nothing")
        #expect(machine.observed(.itemStatus(.failed(.other("released"))), for: 1) == [], "the item is gone")
        let (id, actions) = machine.loadRequested()
        #expect(id == 2)
        #expect(actions.contains(.startObserving(2)))
    }

    @Test("an unload before any load, or after the shutdown, does nothing")
    func unloadWithNothingLoaded() {
        var machine = Machine()
        #expect(machine.unloadRequested() == [])
        _ = machine.loadRequested()
        _ = machine.shutdownRequested()
        #expect(machine.unloadRequested() == [])
    }

    @Test("an unload while a load waits fails it as cancelled")
    func unloadWhileWaiting() {
        var machine = waiting()
        #expect(
            machine.unloadRequested() == [
                .stopObserving(1), .finishLoad(1, .failed(.cancelled)), .send([.pause, .removeCurrentItem]),
            ])
    }

    @Test("cancelling a finished, an unknown or an older load does nothing")
    func cancelAfterTheFact() {
        var machine = ready()
        #expect(machine.loadCancelled(1) == [])
        #expect(machine.loadCancelled(7) == [])
        #expect(machine.state == .ready(1))
    }

    // MARK: Failures in mid-playback

    @Test("a ready item that fails is reported once, and only the first failure counts")
    func midPlaybackItemFailure() {
        var machine = ready()
        #expect(
            machine.observed(.itemStatus(.failed(.other("decoder died"))), for: 1) == [
                .stopObserving(1), .reportFailure("the AVPlayerItem failed: decoder died"),
            ])
        #expect(machine.state == .failed(1, reason: "the AVPlayerItem failed: decoder died"))
        #expect(machine.observed(.failedToPlayToEnd(.other("later")), for: 1) == [])
        #expect(machine.observed(.itemStatus(.failed(.other("again"))), for: 1) == [])
    }

    @Test("a ready item that fails to play to its end is reported")
    func midPlaybackFailedToPlayToEnd() {
        var machine = ready()
        #expect(
            machine.observed(.failedToPlayToEnd(.other("stream broke")), for: 1) == [
                .stopObserving(1), .reportFailure("playback failed: failed to play to its end: stream broke"),
            ])
    }

    @Test("status and readiness changes of a ready item are not failures")
    func readyItemBenignChanges() {
        var machine = ready()
        #expect(machine.observed(.itemStatus(.readyToPlay), for: 1) == [])
        #expect(machine.observed(.itemStatus(.unknown), for: 1) == [])
        #expect(machine.observed(.layerReadyForDisplay(false), for: 1) == [])
        #expect(machine.state == .ready(1))
    }

    @Test("error-log entries are diagnostics: however often one fault repeats, the ready item plays on")
    func errorLogIsDiagnostics() {
        var machine = ready()
        for _ in 0..<10 { #expect(machine.observed(.errorLogEntry(Self.entry), for: 1) == []) }
        #expect(machine.state == .ready(1))
    }

    @Test("error-log entries never fail a load that waits for its item either")
    func errorLogDuringLoad() {
        var machine = waiting()
        for _ in 0..<10 { #expect(machine.observed(.errorLogEntry(Self.entry), for: 1) == []) }
        #expect(machine.isWaiting(1))
    }

    // MARK: Apply, position, shutdown

    @Test("apply sends the settings' commands in order; a playing page waits for the player to say how it moves")
    func applySendsCommands() {
        var machine = ready()
        let settings = PlaybackSettings(isMuted: true, volume: 0.5, rate: 2, isPaused: false, contentMode: .aspectFill)
        #expect(
            machine.applyRequested(settings) == [
                .send([
                    .setMuted(true), .setVolume(0.5), .setDefaultRate(2),
                    .setActionAtItemEnd(.pause), .setPreferredForwardBufferDuration(0), .play,
                ])
            ])
        var fresh = Machine()
        #expect(fresh.applyRequested(settings) == [.send(PlayerCommand.applying(settings))], "before any load too")
    }

    @Test("shutdown pauses, releases the item and the layer's player; only once", arguments: [0, 1, 2])
    func shutdown(stage: Int) {
        var machine = stage == 0 ? Machine() : stage == 1 ? waiting() : ready()
        let release = Machine.Action.send([.pause, .removeCurrentItem, .detachLayer])
        let expected: [Machine.Action] =
            switch stage {
            case 0: [release]
            case 1: [.stopObserving(1), .finishLoad(1, .failed(.shutDown)), release]
            default: [.stopObserving(1), release]
            }
        #expect(machine.shutdownRequested() == expected)
        #expect(machine.state == .shutDown)
        #expect(machine.shutdownRequested() == [])
        #expect(machine.observed(.itemStatus(.failed(.other("x"))), for: 1) == [])
    }

    @Test("after shutdown a load and a seek fail at once; an apply, a system event or a reading does nothing")
    func afterShutdown() {
        var machine = ready()
        _ = machine.shutdownRequested()
        let (id, actions) = machine.loadRequested()
        #expect(actions == [.finishLoad(id, .failed(.shutDown))])
        #expect(machine.applyRequested(PlaybackSettings()) == [])
        #expect(machine.seekRequested(to: .seconds(1)).1 == [.finishSeek(1, .failed(.shutDown))])
        #expect(machine.systemEvent(.enteredBackground) == [])
        #expect(machine.playerRead(.paused(at: 1)) == [])
        #expect(machine.loadCancelled(id) == [])
        #expect(machine.state == .shutDown)
    }

    @Test(
        "the position is the current time, or zero when it is not a finite positive number",
        arguments: [
            (Double.nan, Duration.zero), (.infinity, .zero), (-.infinity, .zero), (-1, .zero), (0, .zero),
            (1.5, .milliseconds(1500)), (3600, .seconds(3600)),
        ])
    func position(seconds: Double, expected: Duration) {
        #expect(Machine.position(seconds: seconds) == expected)
    }
}

@Suite("AVPlayerEngineStateMachine: readings of the first frame that come late")
struct AVPlayerEngineFirstFrameReadingTests {
    /// The main actor was busy past the first frame: the initial and the change callbacks both read `true`.
    @Test func aFirstFrameWhoseFalseWasNeverReadStillFinishesTheLoad() {
        var machine = AVPlayerEngineStateMachine()
        let (id, _) = machine.loadRequested()
        machine.itemReplaced(id)
        #expect(machine.observed(.layerReadyForDisplay(true), for: id) == [])
        #expect(machine.observed(.itemStatus(.readyToPlay), for: id) == [])
        _ = machine.observed(.layerReadyForDisplay(true), for: id)
        #expect(machine.state == .ready(id))
    }

    @Test func theInitialTrueAloneDoesNotFinishTheLoad() {
        var machine = AVPlayerEngineStateMachine()
        let (id, _) = machine.loadRequested()
        machine.itemReplaced(id)
        _ = machine.observed(.itemStatus(.readyToPlay), for: id)
        _ = machine.observed(.layerReadyForDisplay(true), for: id)
        #expect(machine.state == .waitingForFirstFrame(id))
    }
}

/// AirPlay video: the layer shows no frame while the player plays on an external device.
@Suite("AVPlayerEngineStateMachine: external playback")
struct AVPlayerEngineStateMachineExternalPlaybackTests {
    typealias Machine = AVPlayerEngineStateMachine

    @Test("with AirPlay video active, a load finishes when its item is ready to play: no first frame will come")
    func loadDuringExternalPlayback() {
        var machine = Machine()
        #expect(machine.externalPlaybackChanged(isActive: true) == [])
        _ = machine.loadRequested()
        machine.itemReplaced(1)
        #expect(
            machine.observed(.itemStatus(.readyToPlay), for: 1) == [
                Fixture.report(.paused(.requested), duration: nil), .finishLoad(1, .ready),
            ])
    }

    @Test("AirPlay video that begins while a load waits for its first frame finishes the load; its end changes nothing")
    func externalPlaybackBeginsDuringLoad() {
        var machine = Machine()
        _ = machine.loadRequested()
        machine.itemReplaced(1)
        #expect(machine.observed(.itemStatus(.readyToPlay), for: 1) == [])
        #expect(
            machine.externalPlaybackChanged(isActive: true) == [
                Fixture.report(.paused(.requested), duration: nil), .finishLoad(1, .ready),
            ])
        #expect(machine.externalPlaybackChanged(isActive: false) == [])
        #expect(machine.isReady)
    }
}

/// The player itself fails: `AVPlayer.status == .failed`, or the media services were reset.
@Suite("AVPlayerEngineStateMachine: the player fails")
struct AVPlayerEngineStateMachinePlayerFailureTests {
    typealias Machine = AVPlayerEngineStateMachine

    @Test("a ready player whose status turns .failed tells the pool once; every later load fails at once")
    func readyPlayerFails() {
        var machine = Fixture.playing()
        let error = AVPlayerEngineError.playbackFailed(reason: "the player failed: -11819")
        #expect(
            machine.playerFailed("the player failed: -11819") == [.stopObserving(1), .reportFailure(error.description)])
        #expect(machine.playerFailed("again") == [])
        let (id, actions) = machine.loadRequested()
        #expect(actions == [.finishLoad(id, .failed(error))])
    }

    @Test("a reset of the media services fails a waiting load and tells the pool, whatever the load's stage")
    func mediaServicesResetDuringLoad() {
        var machine = Machine()
        _ = machine.loadRequested()
        machine.itemReplaced(1)
        let error = AVPlayerEngineError.playbackFailed(reason: "the media services were reset")
        #expect(
            machine.systemEvent(.mediaServicesReset) == [
                .stopObserving(1), .finishLoad(1, .failed(error)), .reportFailure(error.description),
            ])
        #expect(machine.observed(.itemStatus(.readyToPlay), for: 1) == [], "the old item's news is dropped")
    }

    @Test("an engine with nothing loaded, or shut down, reports the reset once, or not at all")
    func idleAndShutDown() {
        var idle = Machine()
        let error = AVPlayerEngineError.playbackFailed(reason: "the media services were reset")
        #expect(idle.systemEvent(.mediaServicesReset) == [.reportFailure(error.description)])
        var shutDown = Machine()
        _ = shutDown.shutdownRequested()
        #expect(shutDown.systemEvent(.mediaServicesReset) == [])
    }
}
