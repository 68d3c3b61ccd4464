import SeamlessPlayback
import Testing

@testable import SeamlessPlaybackAVFoundation

/// Each notification sequence the system can send (interruptions, route changes, the background), as the exact
/// outputs of the pure machine.
@Suite("AVPlayerEngineStateMachine: interruptions, route changes, background and foreground")
struct AVPlayerEngineStateMachineSystemTests {
    typealias Machine = AVPlayerEngineStateMachine

    // MARK: Audio interruptions

    @Test("interruption began: pause, report paused(.interrupted)")
    func interruptionBegan() {
        var machine = Fixture.playing()
        #expect(
            machine.systemEvent(.interruptionBegan(.other)) == [
                .send([.pause]), Fixture.report(.paused(.interrupted)),
            ])
        #expect(machine.playerRead(Fixture.stopped(at: 1)) == [], "AVPlayer's own pause is the same news")
    }

    @Test(
        "interruption began, ended with shouldResume: the engine plays again by itself, its settings being the page's")
    func interruptionEndedShouldResume() {
        var machine = Fixture.playing()
        _ = machine.systemEvent(.interruptionBegan(.other))
        #expect(machine.systemEvent(.interruptionEnded(shouldResume: true)) == [.send([.play])])
        #expect(machine.playerRead(Fixture.playing(at: 1.1)) == [Fixture.report(.playing)])
    }

    @Test(
        "interruption began, ended without shouldResume: it stays paused, and its report, paused(.interrupted), stands")
    func interruptionEndedWithoutResume() {
        var machine = Fixture.playing()
        _ = machine.systemEvent(.interruptionBegan(.other))
        #expect(machine.systemEvent(.interruptionEnded(shouldResume: false)) == [])
        #expect(machine.playback.reported?.phase == .paused(.interrupted))
        #expect(machine.playerRead(Fixture.stopped(at: 1)) == [], "still paused by the interruption")
        #expect(machine.systemEvent(.willEnterForeground) == [], "nothing else undoes it")
        let settings = PlaybackSettings()
        #expect(machine.applyRequested(settings) == [.send(PlayerCommand.applying(settings))], "a page's apply does")
    }

    @Test("an interruption while the page pauses reports nothing, and its end never starts the player")
    func interruptionWhilePaused() {
        var machine = Fixture.pausedByPage()
        #expect(machine.systemEvent(.interruptionBegan(.other)) == [])
        #expect(machine.systemEvent(.interruptionEnded(shouldResume: true)) == [])
        #expect(machine.playback.reported?.phase == .paused(.requested))
    }

    @Test("a page that plays during an interruption, whose player cannot: paused(.interrupted), resumed at the end")
    func playDuringInterruption() {
        var machine = Fixture.pausedByPage()
        _ = machine.systemEvent(.interruptionBegan(.other))
        _ = machine.applyRequested(PlaybackSettings())
        #expect(machine.playerRead(Fixture.stopped(at: 1)) == [Fixture.report(.paused(.interrupted))])
        #expect(machine.systemEvent(.interruptionEnded(shouldResume: true)) == [.send([.play])])
    }

    @Test("a player someone else paused before an interruption is reported interrupted, and its end does not start it")
    func interruptionOfAPausedPlayer() {
        var machine = Fixture.playing()
        #expect(machine.playerRead(Fixture.stopped(at: 2)) == [Fixture.report(.paused(.system))], "a remote's pause")
        #expect(machine.systemEvent(.interruptionBegan(.other)) == [Fixture.report(.paused(.interrupted))])
        #expect(machine.systemEvent(.interruptionEnded(shouldResume: true)) == [Fixture.report(.paused(.system))])
    }

    @Test("a page that plays during an interruption, whose player moves for a moment and stops, is resumed at the end")
    func playDuringInterruptionSettling() {
        var machine = Fixture.pausedByPage()
        _ = machine.systemEvent(.interruptionBegan(.other))
        _ = machine.applyRequested(PlaybackSettings())
        #expect(machine.playerRead(Fixture.waiting(.evaluatingBufferingRate)) == [])
        #expect(machine.playerRead(Fixture.stopped(at: 1)) == [Fixture.report(.paused(.interrupted))])
        #expect(machine.systemEvent(.interruptionEnded(shouldResume: true)) == [.send([.play])])
    }

    @Test("an interruption's end without its beginning (it began before the engine was made) does nothing")
    func endWithoutBeginning() {
        var machine = Fixture.playing()
        #expect(machine.systemEvent(.interruptionEnded(shouldResume: true)) == [])
    }

    @Test("a player seen playing again is past the interruption: a later pause is the system's, not the call's")
    func playingEndsTheInterruption() {
        var machine = Fixture.playing()
        _ = machine.systemEvent(.interruptionBegan(.other))
        _ = machine.applyRequested(PlaybackSettings())
        _ = machine.playerRead(Fixture.playing(at: 2))
        #expect(machine.playerRead(Fixture.stopped(at: 3)) == [Fixture.report(.paused(.system))])
    }

    // MARK: The iOS 17 route disconnection

    @Test("iOS 17: the interruption by a lost route, then the route change: paused(.outputLost) once, no resume")
    func routeDisconnectionInterruptionFirst() {
        var machine = Fixture.playing()
        #expect(
            machine.systemEvent(.interruptionBegan(.routeDisconnected)) == [
                .send([.pause]), Fixture.report(.paused(.outputLost)),
            ])
        #expect(machine.systemEvent(.outputLost) == [], "the same loss is not reported twice")
        #expect(machine.systemEvent(.interruptionEnded(shouldResume: true)) == [], "a lost route never resumes")
        #expect(machine.playback.reported?.phase == .paused(.outputLost))
    }

    @Test("iOS 17: the route change, then the interruption by the lost route: reported once, no resume")
    func routeDisconnectionRouteChangeFirst() {
        var machine = Fixture.playing()
        #expect(machine.systemEvent(.outputLost) == [.send([.pause]), Fixture.report(.paused(.outputLost))])
        #expect(machine.systemEvent(.interruptionBegan(.routeDisconnected)) == [])
        #expect(machine.systemEvent(.interruptionEnded(shouldResume: true)) == [])
    }

    // MARK: Headphones out

    @Test("headphones out while playing: pause, report paused(.outputLost), never resume by itself")
    func headphonesOutWhilePlaying() {
        var machine = Fixture.playing()
        #expect(machine.systemEvent(.outputLost) == [.send([.pause]), Fixture.report(.paused(.outputLost))])
        #expect(machine.systemEvent(.interruptionBegan(.other)) == [], "a lost route outlasts an interruption")
        #expect(machine.systemEvent(.interruptionEnded(shouldResume: true)) == [])
        #expect(machine.systemEvent(.enteredBackground) == [])
        #expect(machine.systemEvent(.willEnterForeground) == [])
        #expect(machine.playback.reported?.phase == .paused(.outputLost))
    }

    @Test("headphones out while paused: nothing is sent or reported, and nothing later starts the player")
    func headphonesOutWhilePaused() {
        var machine = Fixture.pausedByPage()
        #expect(machine.systemEvent(.outputLost) == [])
        #expect(machine.systemEvent(.interruptionBegan(.other)) == [])
        #expect(machine.systemEvent(.interruptionEnded(shouldResume: true)) == [])
        #expect(machine.playback.reported?.phase == .paused(.requested))
    }

    @Test("headphones out while someone else plays a paused page's player: it is paused too")
    func headphonesOutDuringOutsidePlay() {
        var machine = Fixture.pausedByPage()
        _ = machine.playerRead(Fixture.playing(at: 1))
        #expect(machine.systemEvent(.outputLost) == [.send([.pause]), Fixture.report(.paused(.requested))])
    }

    @Test("after a lost route, the page's next apply (an update, or the next holder's) plays: the page decided")
    func applyAfterOutputLoss() {
        var machine = Fixture.playing()
        _ = machine.systemEvent(.outputLost)
        let settings = PlaybackSettings(isMuted: true)
        #expect(machine.applyRequested(settings) == [.send(PlayerCommand.applying(settings))])
        #expect(machine.playerRead(Fixture.playing(at: 1)) == [Fixture.report(.playing)])
    }

    // MARK: Background during a load

    @Test("background during a load: the load finishes unseen, and the clip does not start until the foreground")
    func backgroundDuringLoad() {
        var machine = Machine(backgroundPolicy: .pauseInBackground)
        _ = machine.loadRequested()
        machine.itemReplaced(1)
        #expect(machine.systemEvent(.enteredBackground) == [])
        #expect(
            machine.observed(.itemStatus(.readyToPlay), for: 1) == [
                Fixture.report(.paused(.requested), duration: nil), .finishLoad(1, .ready),
            ], "ready to play is enough: the layer may draw nothing in the background")
        let settings = PlaybackSettings()
        #expect(
            machine.applyRequested(settings) == [
                .send(Fixture.applying(settings, buffer: 0, last: .pause)),
                Fixture.report(.paused(.system), duration: nil),
            ])
        #expect(machine.systemEvent(.willEnterForeground) == [.send([.play])])
    }

    @Test("a load waiting for its first frame when the app leaves finishes then")
    func backgroundWhileWaitingForFirstFrame() {
        var machine = Machine()
        _ = machine.loadRequested()
        machine.itemReplaced(1)
        _ = machine.observed(.itemStatus(.readyToPlay), for: 1)
        #expect(
            machine.systemEvent(.enteredBackground) == [
                Fixture.report(.paused(.requested), duration: nil), .finishLoad(1, .ready),
            ])
    }

    @Test("keeping audio, a load in the background leaves the layer detached, and its clip does not start there")
    func backgroundDuringLoadKeepingAudio() {
        var machine = Fixture.playing(policy: .keepAudioInBackground)
        _ = machine.systemEvent(.enteredBackground)
        let (_, actions) = machine.loadRequested()
        #expect(
            actions.prefix(2) == [
                .stopObserving(1),
                .send(
                    [.pause] + Machine.LoadSource.direct.playerSetUp + [
                        .setPreferredForwardBufferDuration(1), .replaceCurrentItem,
                    ]),
            ])
        machine.itemReplaced(2)
        _ = machine.observed(.itemStatus(.readyToPlay), for: 2)
        let settings = PlaybackSettings()
        #expect(
            machine.applyRequested(settings) == [
                .send(Fixture.applying(settings, buffer: 0, last: .pause)),
                Fixture.report(.paused(.system), duration: nil),
            ])
        #expect(machine.systemEvent(.willEnterForeground) == [.send([.attachLayer]), .send([.play])])
    }

    // MARK: Background and foreground, each policy

    @Test("pause in background: a playing engine pauses, reports paused(.system), and plays again on return")
    func pauseInBackground() {
        var machine = Fixture.playing(policy: .pauseInBackground)
        #expect(machine.systemEvent(.enteredBackground) == [.send([.pause]), Fixture.report(.paused(.system))])
        #expect(machine.systemEvent(.enteredBackground) == [], "a repeated notice changes nothing")
        #expect(machine.systemEvent(.willEnterForeground) == [.send([.play])])
        #expect(machine.playerRead(Fixture.playing(at: 1)) == [Fixture.report(.playing)])
    }

    @Test("pause in background: a pause by someone else (a remote control) before it is not undone on return")
    func pauseInBackgroundKeepsAnOutsidePause() {
        var machine = Fixture.playing(policy: .pauseInBackground)
        _ = machine.playerRead(Fixture.stopped(at: 2))
        #expect(machine.systemEvent(.enteredBackground) == [])
        #expect(machine.systemEvent(.willEnterForeground) == [])
        #expect(machine.playback.reported?.phase == .paused(.system))
    }

    @Test("pause in background: a page's pause is not undone on return (ZFPlayer #1112)")
    func pauseInBackgroundKeepsThePagesPause() {
        var machine = Fixture.pausedByPage(policy: .pauseInBackground)
        #expect(machine.systemEvent(.enteredBackground) == [])
        #expect(machine.systemEvent(.willEnterForeground) == [])
    }

    @Test("pause in background: an interruption there outlasts the return, until it ends with shouldResume")
    func interruptionInTheBackground() {
        var machine = Fixture.playing(policy: .pauseInBackground)
        _ = machine.systemEvent(.enteredBackground)
        #expect(
            machine.systemEvent(.interruptionBegan(.other)) == [.send([.pause]), Fixture.report(.paused(.interrupted))])
        #expect(machine.systemEvent(.willEnterForeground) == [])
        #expect(machine.systemEvent(.interruptionEnded(shouldResume: true)) == [.send([.play])])
    }

    @Test("pause in background: an interruption that ends there with shouldResume waits for the foreground")
    func interruptionEndsInTheBackground() {
        var machine = Fixture.playing(policy: .pauseInBackground)
        _ = machine.systemEvent(.interruptionBegan(.other))
        _ = machine.systemEvent(.enteredBackground)
        #expect(
            machine.systemEvent(.interruptionEnded(shouldResume: true)) == [
                .send([.pause]), Fixture.report(.paused(.system)),
            ])
        #expect(machine.systemEvent(.willEnterForeground) == [.send([.play])])
    }

    @Test("keep audio in background: the layer lets go of the player and takes it back; the sound never stops")
    func keepAudioInBackground() {
        var machine = Fixture.playing(policy: .keepAudioInBackground)
        #expect(machine.systemEvent(.enteredBackground) == [.send([.detachLayer])])
        #expect(machine.playerRead(Fixture.playing(at: 5)) == [])
        let settings = PlaybackSettings(volume: 0.5)
        #expect(
            machine.applyRequested(settings) == [.send(PlayerCommand.applying(settings))], "a moving player goes on")
        #expect(machine.systemEvent(.willEnterForeground) == [.send([.attachLayer])])
    }

    @Test("keep audio in background: an interruption that ends there with shouldResume resumes the sound there")
    func keepAudioResumesInTheBackground() {
        var machine = Fixture.playing(policy: .keepAudioInBackground)
        _ = machine.systemEvent(.enteredBackground)
        _ = machine.systemEvent(.interruptionBegan(.other))
        #expect(machine.systemEvent(.interruptionEnded(shouldResume: true)) == [.send([.play])])
    }

    @Test("a new engine sets the player's background policy; one made in the background to keep audio detaches too")
    func initialActions() {
        #expect(
            Machine(backgroundPolicy: .keepAudioInBackground, isInBackground: true).initialActions == [
                .send([.setBackgroundPlayback(.continuesIfPossible), .detachLayer])
            ])
        #expect(
            Machine(backgroundPolicy: .keepAudioInBackground).initialActions == [
                .send([.setBackgroundPlayback(.continuesIfPossible)])
            ])
        #expect(
            Machine(backgroundPolicy: .pauseInBackground, isInBackground: true).initialActions == [
                .send([.setBackgroundPlayback(.pauses)])
            ])
    }

    @Test("a foreground without a background before it (or twice) changes nothing")
    func foregroundWithoutBackground() {
        var machine = Fixture.playing(policy: .keepAudioInBackground)
        #expect(machine.systemEvent(.willEnterForeground) == [])
    }
}
