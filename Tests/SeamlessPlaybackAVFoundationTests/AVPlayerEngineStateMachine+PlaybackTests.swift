import SeamlessPlayback
import Testing

@testable import SeamlessPlaybackAVFoundation

@Suite("AVPlayerEngineStateMachine: applies, readings, the end, status reports")
struct AVPlayerEngineStateMachinePlaybackTests {
    typealias Machine = AVPlayerEngineStateMachine

    // MARK: Status from the player's readings

    @Test("a finished load reports paused (the load's own pause) with the item's duration, then resumes the caller")
    func loadFinishedReport() {
        var machine = Machine()
        _ = machine.loadRequested()
        machine.itemReplaced(1)
        #expect(machine.observed(.duration(seconds: .nan), for: 1) == [], "indefinite while loading: nothing")
        #expect(machine.observed(.duration(seconds: 6), for: 1) == [], "a loading item reports .loading only")
        _ = machine.observed(.itemStatus(.readyToPlay), for: 1)
        _ = machine.observed(.layerReadyForDisplay(false), for: 1)
        #expect(
            machine.observed(.layerReadyForDisplay(true), for: 1) == [
                Fixture.report(.paused(.requested), duration: .seconds(6)), .finishLoad(1, .ready),
            ])
    }

    @Test("a playing apply reports nothing until the player says how it moves; then playing, buffering, playing")
    func playingApply() {
        var machine = Fixture.loaded()
        let settings = PlaybackSettings()
        #expect(machine.applyRequested(settings) == [.send(Fixture.applying(settings, buffer: 0))])
        #expect(machine.playerRead(Fixture.stopped(at: 0)) == [Fixture.report(.paused(.system))], "stopped: not us")
        #expect(
            machine.playerRead(Fixture.waiting(.evaluatingBufferingRate)) == [], "the fill-rate check shows nothing")
        #expect(machine.playerRead(Fixture.playing(at: 1)) == [Fixture.report(.playing)])
        #expect(machine.playerRead(Fixture.playing(at: 2)) == [], "the same phase is not reported again")
        #expect(machine.playerRead(Fixture.waiting(.toMinimizeStalls)) == [Fixture.report(.buffering)])
        #expect(machine.playerRead(Fixture.playing(at: 3)) == [Fixture.report(.playing)])
    }

    @Test("a paused apply is reported paused at once: the engine's own pause needs no echo")
    func pausedApply() {
        var machine = Fixture.playing()
        let settings = PlaybackSettings(isPaused: true)
        #expect(
            machine.applyRequested(settings) == [
                .send(Fixture.applying(settings, buffer: 1)), Fixture.report(.paused(.requested)),
            ])
        #expect(machine.playerRead(Fixture.stopped(at: 1)) == [], "the player's echo changes nothing")
    }

    @Test("the idle settings before the first load mute and stop the player (rate 0); the load keeps it so")
    func idleBeforeTheFirstLoad() {
        var machine = Machine()
        let sent = machine.applyRequested(.idle)
        #expect(sent.first == .send(PlayerCommand.applying(.idle)))
        #expect(PlayerCommand.applying(.idle).contains(.setMuted(true)))
        #expect(PlayerCommand.applying(.idle).last == .pause)
        let (_, loading) = machine.loadRequested()
        // Replacing the item neither plays nor unmutes: AVPlayer keeps `isMuted` and a rate of 0 across items.
        #expect(!loading.contains(.send([.play])))
        for action in loading {
            if case .send(let commands) = action {
                #expect(!commands.contains(.play) && !commands.contains(.setMuted(false)))
            }
        }
        machine.itemReplaced(1)
        _ = machine.observed(.itemStatus(.readyToPlay), for: 1)
        _ = machine.observed(.layerReadyForDisplay(false), for: 1)
        let ready = machine.observed(.layerReadyForDisplay(true), for: 1)
        #expect(ready == [Fixture.report(.paused(.requested), duration: nil), .finishLoad(1, .ready)])
        #expect(!machine.isMeantToMove)
        // A page taking the preloaded player gets its settings in full, and it plays.
        #expect(machine.applyRequested(PlaybackSettings()) == [.send(Fixture.applying(PlaybackSettings(), buffer: 0))])
        #expect(machine.isMeantToMove)
    }

    @Test("an outside play while the settings pause is reported playing (the pool sees an outside change)")
    func outsidePlay() {
        var machine = Fixture.pausedByPage()
        #expect(machine.playerRead(Fixture.playing(at: 1)) == [Fixture.report(.playing)])
    }

    @Test("a duration that changes after the load is reported with the phase it goes with; indefinite reads as nil")
    func durationChanges() {
        var machine = Fixture.playing()
        #expect(machine.observed(.duration(seconds: 12), for: 1) == [Fixture.report(.playing, duration: .seconds(12))])
        #expect(machine.observed(.duration(seconds: .nan), for: 1) == [Fixture.report(.playing, duration: nil)])
        #expect(machine.observed(.duration(seconds: 12), for: 2) == [], "another load's item")
    }

    // MARK: What the item holds ahead

    static func loaded(_ ranges: [(start: Double, duration: Double)], at position: Double)
        -> AVPlayerEngineStateMachine.Observation
    {
        .loadedRanges(.init(ranges: ranges, position: position))
    }

    static func report(ahead: Duration, step: Int) -> AVPlayerEngineStateMachine.Action {
        .report(.init(phase: .playing, duration: .seconds(10), bufferedAhead: ahead, bufferedAheadStep: step))
    }

    @Test("what the item holds past the position is reported when it crosses a whole second or comes to hold the end")
    func bufferedAheadIsReportedInSteps() {
        var machine = Fixture.playing()  // a 10 s item, playing at 1 s
        func read(_ end: Double, at position: Double) -> [AVPlayerEngineStateMachine.Action] {
            machine.observed(Self.loaded([(0, end)], at: position), for: 1)
        }
        #expect(read(2.5, at: 1) == [Self.report(ahead: .seconds(1.5), step: 1)])
        #expect(read(2.9, at: 1) == [], "the same second")
        #expect(read(5.5, at: 1.5) == [Self.report(ahead: .seconds(4), step: 4)])
        // 9.8 s of 10: the end is in hand, within a frame or two.
        #expect(read(9.8, at: 1.5) == [Self.report(ahead: .seconds(8.3), step: .max)])
        #expect(machine.observed(Self.loaded([(0, 9.8)], at: 1.5), for: 2) == [], "another load's item")
    }

    @Test("the range that holds the position counts; ranges elsewhere, or that are no time, hold nothing")
    func onlyTheRangeHoldingThePositionCounts() {
        typealias Ranges = AVPlayerEngineStateMachine.LoadedRanges
        #expect(Ranges(ranges: [(0, 2), (5, 3)], position: 6).ahead == .seconds(2))
        #expect(Ranges(ranges: [(0, 2), (5, 3)], position: 3).ahead == .zero, "between ranges")
        #expect(Ranges(ranges: [(5.05, 1.95)], position: 5).ahead == .seconds(2), "a range a frame ahead holds it")
        #expect(Ranges(ranges: [(.nan, 1), (0, .infinity), (-1, 3), (0, 1e300)], position: 1).ranges.isEmpty)
        #expect(Ranges(ranges: [(0, 3)], position: 1e300).ahead == .seconds(3), "no time: the position counts as 0")
        #expect(Ranges(ranges: [(0, 3)], position: .nan).position == 0)
    }

    @Test("a loading item reports no buffer ahead; what was read while it loaded counts once it is ready")
    func aLoadingItemReportsNoBufferAhead() {
        var machine = AVPlayerEngineStateMachine(backgroundPolicy: .pauseInBackground)
        _ = machine.loadRequested(source: .direct)
        machine.itemReplaced(1)
        _ = machine.observed(.duration(seconds: 10), for: 1)
        #expect(machine.observed(Self.loaded([(0, 3)], at: 0), for: 1) == [])
        _ = machine.observed(.itemStatus(.readyToPlay), for: 1)
        _ = machine.observed(.layerReadyForDisplay(false), for: 1)
        let ready = machine.observed(.layerReadyForDisplay(true), for: 1)
        #expect(
            ready.contains { action in
                if case .report(let report) = action { return report.bufferedAhead == .seconds(3) }
                return false
            })
    }

    // MARK: The end

    @Test("a loop at the end seeks to the start on the same player; nothing is reported, no end and no pause")
    func loopAtTheEnd() {
        var machine = Fixture.following(PlaybackSettings(endAction: .loop))
        #expect(machine.observed(.playedToEnd, for: 1) == [.send([.seek(to: .zero, id: 1)])])
        #expect(machine.playerRead(Fixture.playing(at: 0.1)) == [], "still playing, from the start")
        #expect(machine.seekFinished(1, finished: true) == [], "nobody waits for the loop's seek")
        #expect(machine.observed(.playedToEnd, for: 1) == [.send([.seek(to: .zero, id: 2)])], "and again")
    }

    @Test("an item that pauses at its end reports ended, whichever comes first: the notification or the pause")
    func endThatPauses() {
        var notificationFirst = Fixture.playing()
        #expect(notificationFirst.observed(.playedToEnd, for: 1) == [Fixture.report(.ended)])
        #expect(notificationFirst.playerRead(Fixture.stopped(at: 10)) == [])

        var pauseFirst = Fixture.playing()
        #expect(pauseFirst.playerRead(Fixture.stopped(at: 9.98)) == [Fixture.report(.ended)], "not a system pause")
        #expect(pauseFirst.observed(.playedToEnd, for: 1) == [])

        var shortOfTheEnd = Fixture.playing()
        #expect(shortOfTheEnd.playerRead(Fixture.stopped(at: 9.9)) == [Fixture.report(.paused(.system))])
    }

    @Test("an apply after the end keeps the last frame when it pauses at the end; a looping one starts again")
    func applyAfterTheEnd() {
        var machine = Fixture.playing()
        _ = machine.observed(.playedToEnd, for: 1)
        let stays = PlaybackSettings(isMuted: true)
        #expect(machine.applyRequested(stays) == [.send(Fixture.applying(stays, last: .pause))])
        let loops = PlaybackSettings(endAction: .loop)
        #expect(
            machine.applyRequested(loops) == [
                .send(PlayerCommand.applying(loops).dropLast() + [.seek(to: .zero, id: 1), .play])
            ])
        #expect(machine.playerRead(Fixture.playing(at: 0.1)) == [Fixture.report(.playing)])
    }

    @Test("a looping page's paused apply after the end stays at the end")
    func pausedLoopAfterTheEnd() {
        var machine = Fixture.playing()
        _ = machine.observed(.playedToEnd, for: 1)
        let settings = PlaybackSettings(isPaused: true, endAction: .loop)
        #expect(machine.applyRequested(settings) == [.send(Fixture.applying(settings, buffer: 1))])
        #expect(machine.playback.hasEnded)
    }

    @Test("an item at its end before any apply is reported ended; an older item's end is dropped")
    func endBeforeApply() {
        var machine = Fixture.loaded()
        #expect(machine.observed(.playedToEnd, for: 1) == [Fixture.report(.ended)], "an item may be at its end")
        #expect(machine.observed(.playedToEnd, for: 7) == [])
    }
}
