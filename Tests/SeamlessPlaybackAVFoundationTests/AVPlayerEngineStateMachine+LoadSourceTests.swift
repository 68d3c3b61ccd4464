import SeamlessPlayback
import Testing

@testable import SeamlessPlaybackAVFoundation

@Suite("AVPlayerEngineStateMachine: a loader-served item refuses AirPlay video, does not wait to minimize stalls")
struct AVPlayerEngineStateMachineLoadSourceTests {
    typealias Machine = AVPlayerEngineStateMachine

    @Test("a loader-served item goes on a player that refuses external playback and does not wait to minimize stalls")
    func loaderSetUp() {
        var machine = Machine()
        let (_, actions) = machine.loadRequested(source: .loader)
        #expect(
            actions.first
                == .send([
                    .pause, .detachLayer, .setAllowsExternalPlayback(false),
                    .setAutomaticallyWaitsToMinimizeStalling(false), .setPreferredForwardBufferDuration(1),
                    .replaceCurrentItem, .attachLayer,
                ]))
    }

    @Test("the next item read directly gets AirPlay and the stall prediction back, before it goes on the player")
    func directAfterLoader() {
        var machine = Machine()
        _ = machine.loadRequested(source: .loader)
        machine.itemReplaced(1)
        let (_, actions) = machine.loadRequested(source: .direct)
        #expect(
            actions.contains(
                .send([
                    .pause, .detachLayer, .setAllowsExternalPlayback(true),
                    .setAutomaticallyWaitsToMinimizeStalling(true), .setPreferredForwardBufferDuration(1),
                    .replaceCurrentItem, .attachLayer,
                ])))
    }

    @Test("with the layer detached in the background, the set-up still precedes the item")
    func detachedLayer() {
        var machine = Machine(backgroundPolicy: .keepAudioInBackground, isInBackground: true)
        let (_, actions) = machine.loadRequested(source: .loader)
        #expect(
            actions.first
                == .send([
                    .pause, .setAllowsExternalPlayback(false), .setAutomaticallyWaitsToMinimizeStalling(false),
                    .setPreferredForwardBufferDuration(1), .replaceCurrentItem,
                ]))
    }

    @Test("a loader-served player that stops by itself stalled: .buffering, and play() once it is likely to keep up")
    func stallRecovers() {
        var machine = Fixture.following(PlaybackSettings(), source: .loader)
        #expect(
            machine.rateChanged(to: 0, reason: .other) == [
                Fixture.report(.buffering), .checkStall(after: Machine.stallRecheck),
            ])
        #expect(machine.playerRead(Fixture.stopped(at: 3)) == [], "still a stall, not a pause")
        #expect(machine.observed(.likelyToKeepUp(false), for: 1) == [])
        #expect(machine.observed(.likelyToKeepUp(true), for: 1) == [.send([.play])])
        #expect(machine.playerRead(Fixture.playing(at: 3.1)) == [Fixture.report(.playing)])
        #expect(machine.observed(.likelyToKeepUp(true), for: 1) == [], "played once, not again")
    }

    @Test("a direct player that stops by itself is not resumed: it waits to minimize stalls itself")
    func directNeverStalls() {
        var machine = Fixture.following(PlaybackSettings(), source: .direct)
        #expect(machine.rateChanged(to: 0, reason: .other) == [])
        _ = machine.playerRead(Fixture.stopped(at: 3))
        #expect(machine.observed(.likelyToKeepUp(true), for: 1) == [])
    }

    @Test("a remote control's pause of a loader-served player is not a stall")
    func remotePauseStays() {
        var machine = Fixture.following(PlaybackSettings(), source: .loader)
        #expect(machine.rateChanged(to: 0, reason: .setRateCalled) == [])
        _ = machine.playerRead(Fixture.stopped(at: 3))
        #expect(machine.observed(.likelyToKeepUp(true), for: 1) == [])
    }

    @Test("a stall under an interruption waits for the interruption's end; a paused page's stall is none")
    func stallUnderHolds() {
        var interrupted = Fixture.following(PlaybackSettings(), source: .loader)
        _ = interrupted.rateChanged(to: 0, reason: .other)
        _ = interrupted.systemEvent(.interruptionBegan(.other))
        #expect(interrupted.observed(.likelyToKeepUp(true), for: 1) == [])
        #expect(interrupted.systemEvent(.interruptionEnded(shouldResume: true)).contains(.send([.play])))

        var paused = Fixture.following(PlaybackSettings(isPaused: true), source: .loader)
        #expect(paused.rateChanged(to: 0, reason: .other) == [])
        #expect(paused.observed(.likelyToKeepUp(true), for: 1) == [])
    }

    @Test("a stalled player going to the background is the background's to resume, not the buffer's")
    func stallInBackground() {
        var machine = Fixture.following(PlaybackSettings(), source: .loader)
        _ = machine.rateChanged(to: 0, reason: .other)
        let background = machine.systemEvent(.enteredBackground)
        #expect(background.contains(.send([.pause])))
        #expect(machine.observed(.likelyToKeepUp(true), for: 1) == [], "nothing starts in the background")
        #expect(machine.systemEvent(.willEnterForeground).contains(.send([.play])))
    }

    @Test("a stall whose item never says it is likely to keep up is tried again at the check; a check after it is none")
    func stallCheckRetries() {
        var machine = Fixture.following(PlaybackSettings(), source: .loader)
        _ = machine.rateChanged(to: 0, reason: .setRateFailed)
        #expect(machine.stallCheckDue() == [.send([.play])])
        #expect(machine.stallCheckDue() == [], "one try per stall")
        // The try finds the buffer still empty: it stalls again, and is checked again.
        #expect(machine.rateChanged(to: 0, reason: .setRateFailed).last == .checkStall(after: Machine.stallRecheck))
        _ = machine.applyRequested(PlaybackSettings(isPaused: true))
        #expect(machine.stallCheckDue() == [], "the page paused it")
    }
}
