import SeamlessPlayback
import Testing

@testable import SeamlessPlaybackAVFoundation

/// The player's own pauses, told apart by the reason of `AVPlayer.rateDidChangeNotification`, in every order the
/// notifications can come in.
@Suite("AVPlayerEngineStateMachine: the reason of a rate change")
struct AVPlayerEngineStateMachineRateChangeTests {
    typealias Machine = AVPlayerEngineStateMachine

    @Test("the player's pause read before the interruption's notification: the interruption's end plays it again")
    func interruptionPauseReadFirst() {
        var machine = Fixture.playing()
        #expect(machine.playerRead(Fixture.stopped(at: 1)) == [Fixture.report(.paused(.system))])
        #expect(machine.rateChanged(to: 0, reason: .audioSessionInterrupted) == [Fixture.report(.paused(.interrupted))])
        #expect(machine.systemEvent(.interruptionBegan(.other)) == [])
        #expect(machine.systemEvent(.interruptionEnded(shouldResume: true)) == [.send([.play])])
    }

    @Test("the reason after the interruption's notification: the pause is still the interruption's")
    func interruptionReasonLast() {
        var machine = Fixture.playing()
        _ = machine.playerRead(Fixture.stopped(at: 1))
        #expect(machine.systemEvent(.interruptionBegan(.other)) == [Fixture.report(.paused(.interrupted))])
        #expect(machine.rateChanged(to: 0, reason: .audioSessionInterrupted) == [])
        #expect(machine.systemEvent(.interruptionEnded(shouldResume: true)) == [.send([.play])])
    }

    @Test("the player's pause for the background read before didEnterBackground: the foreground plays it again")
    func backgroundPauseReadFirst() {
        var machine = Fixture.playing()
        _ = machine.playerRead(Fixture.stopped(at: 1))
        #expect(machine.rateChanged(to: 0, reason: .appBackgrounded) == [])
        #expect(machine.systemEvent(.enteredBackground) == [])
        #expect(machine.systemEvent(.willEnterForeground) == [.send([.play])])
    }

    @Test("with keepAudioInBackground too: a pause the system made on the way out is undone on the way back")
    func backgroundPauseKeepAudio() {
        var machine = Fixture.playing(policy: .keepAudioInBackground)
        #expect(machine.rateChanged(to: 0, reason: .appBackgrounded) == [Fixture.report(.paused(.system))])
        #expect(machine.systemEvent(.enteredBackground) == [.send([.detachLayer])])
        #expect(machine.systemEvent(.willEnterForeground) == [.send([.attachLayer]), .send([.play])])
    }

    @Test(
        "a pause someone called, a failed rate, no reason, a player its page pauses or a non-zero rate hold nothing",
        arguments: [Machine.RateChangeReason.setRateCalled, .setRateFailed, .other])
    func notTheSystems(reason: Machine.RateChangeReason) {
        var machine = Fixture.playing()
        _ = machine.playerRead(Fixture.stopped(at: 1))
        #expect(machine.rateChanged(to: 0, reason: reason) == [])
        _ = machine.systemEvent(.interruptionBegan(.other))
        #expect(
            machine.systemEvent(.interruptionEnded(shouldResume: true)) == [Fixture.report(.paused(.system))],
            "someone else's pause stands: never played again")
        var paused = Fixture.pausedByPage()
        #expect(paused.rateChanged(to: 0, reason: .audioSessionInterrupted) == [])
        var moving = Fixture.playing()
        #expect(moving.rateChanged(to: 1, reason: .audioSessionInterrupted) == [])
    }
}
