import SeamlessPlayback
import Testing

@testable import SeamlessPlaybackAVFoundation

@Suite("AVPlayerEngineStateMachine: seeks")
struct AVPlayerEngineStateMachineSeekTests {
    typealias Machine = AVPlayerEngineStateMachine

    @Test("a seek is exact and returns at the player's completion")
    func seekCompletes() {
        var machine = Fixture.playing()
        let (id, actions) = machine.seekRequested(to: .seconds(4))
        #expect(id == 1)
        #expect(actions == [.send([.seek(to: .seconds(4), id: 1)])])
        #expect(machine.seekFinished(1, finished: true) == [.finishSeek(1, .done)])
        #expect(machine.seekFinished(1, finished: true) == [], "a completion is answered once")
    }

    @Test(
        "a position past the known duration seeks to the end; without a duration it goes as asked",
        arguments: [
            (Duration?.some(.seconds(10)), Duration.seconds(25), Duration.seconds(10)),
            (.seconds(10), .seconds(10), .seconds(10)), (nil, .seconds(25), .seconds(25)),
        ])
    func clamped(duration: Duration?, position: Duration, expected: Duration) {
        var machine = Fixture.following(PlaybackSettings(), duration: duration)
        #expect(machine.seekRequested(to: position).1 == [.send([.seek(to: expected, id: 1)])])
    }

    @Test("a seek interrupted by another: the loop's seek to the start cuts the page's seek short, which throws")
    func seekInterruptedByTheLoop() {
        var machine = Fixture.following(PlaybackSettings(endAction: .loop))
        let (id, _) = machine.seekRequested(to: .seconds(9.9))
        #expect(machine.observed(.playedToEnd, for: 1) == [.send([.seek(to: .zero, id: 2)])])
        // AVPlayer calls the earlier seek's handler with `false` when a later seek starts.
        #expect(machine.seekFinished(id, finished: false) == [.finishSeek(1, .failed(.seekInterrupted))])
        #expect(machine.seekFinished(2, finished: true) == [])
    }

    @Test("a seek the player reports unfinished for any reason throws seekInterrupted")
    func seekUnfinished() {
        var machine = Fixture.pausedByPage()
        _ = machine.seekRequested(to: .seconds(2))
        #expect(machine.seekFinished(1, finished: false) == [.finishSeek(1, .failed(.seekInterrupted))])
    }

    @Test("a seek from the end of an item that stopped there plays on when the settings play, else stays paused")
    func seekFromTheEnd() {
        var playing = Fixture.playing()
        _ = playing.observed(.playedToEnd, for: 1)
        #expect(playing.seekRequested(to: .zero).1 == [.send([.seek(to: .zero, id: 1), .play])])
        #expect(playing.playerRead(Fixture.playing(at: 0.1)) == [Fixture.report(.playing)])

        var paused = Fixture.pausedByPage()
        _ = paused.observed(.playedToEnd, for: 1)
        #expect(
            paused.seekRequested(to: .zero).1 == [
                .send([.seek(to: .zero, id: 1)]), Fixture.report(.paused(.requested)),
            ])
    }

    @Test("a replay from the end in the background waits for the foreground")
    func seekFromTheEndInTheBackground() {
        var machine = Fixture.playing()
        _ = machine.observed(.playedToEnd, for: 1)
        _ = machine.systemEvent(.enteredBackground)
        #expect(
            machine.seekRequested(to: .zero).1 == [
                .send([.seek(to: .zero, id: 1), .pause]), Fixture.report(.paused(.system)),
            ])
        #expect(machine.systemEvent(.willEnterForeground) == [.send([.play])])
    }

    @Test("a seek needs a loaded item: before any load, while loading, after a cancelled or failed load it fails")
    func seekWithoutItem() {
        var idle = Machine()
        #expect(
            idle.seekRequested(to: .seconds(1)).1 == [.finishSeek(1, .failed(.seekFailed(reason: "nothing is loaded")))]
        )
        var loading = Machine()
        _ = loading.loadRequested()
        #expect(
            loading.seekRequested(to: .seconds(1)).1 == [
                .finishSeek(1, .failed(.seekFailed(reason: "a load is in progress")))
            ])
        loading.itemReplaced(1)
        _ = loading.loadCancelled(1)
        #expect(
            loading.seekRequested(to: .seconds(1)).1 == [
                .finishSeek(2, .failed(.seekFailed(reason: "nothing is loaded")))
            ])
        var failed = Fixture.playing()
        _ = failed.observed(.itemStatus(.failed(.other("gone"))), for: 1)
        #expect(
            failed.seekRequested(to: .seconds(1)).1 == [.finishSeek(1, .failed(.seekFailed(reason: "the item failed")))]
        )
    }

    @Test("a waiting seek fails when its item fails, a load replaces it, or the engine shuts down")
    func waitingSeekEnds() {
        var failing = Fixture.playing()
        _ = failing.seekRequested(to: .seconds(1))
        #expect(
            failing.observed(.itemStatus(.failed(.other("gone"))), for: 1) == [
                .stopObserving(1), .finishSeek(1, .failed(.seekFailed(reason: "the item failed"))),
                .reportFailure("the AVPlayerItem failed: gone"),
            ])
        var replaced = Fixture.playing()
        _ = replaced.seekRequested(to: .seconds(1))
        #expect(replaced.loadRequested().1.prefix(2) == [.stopObserving(1), .finishSeek(1, .failed(.seekInterrupted))])
        var shutDown = Fixture.playing()
        _ = shutDown.seekRequested(to: .seconds(1))
        #expect(shutDown.shutdownRequested().prefix(2) == [.stopObserving(1), .finishSeek(1, .failed(.shutDown))])
    }
}
