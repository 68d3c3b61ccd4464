import SeamlessPlayback
import SeamlessPlaybackTesting
import Testing

@Suite("SimulatedEngine: the system pauses, resumes and stalls it", .timeLimit(.minutes(1)))
struct SimulatedEngineSystemTests {
    @Test(arguments: [PauseReason.interrupted, .outputLost, .system])
    func aSystemPauseReportsItsReasonAndHoldsThePositionUntilTheNextApply(reason: PauseReason) async throws {
        let clock = ManualClock()
        let engine = SimulatedEngine(clock: clock)
        try await engine.load(clip)
        await engine.apply(feedSettings)
        clock.advance(by: .seconds(1))
        engine.pauseBySystem(reason)
        #expect(engine.phase == .paused(reason))
        let paused = PlaybackStatus(phase: .paused(reason), position: .seconds(1), duration: nil)
        #expect(engine.record.statuses.last == paused)
        clock.advance(by: .seconds(5))
        #expect(await engine.currentPosition() == .seconds(1))
        await engine.apply(feedSettings)
        #expect(engine.record.statuses.last == PlaybackStatus(phase: .playing, position: .seconds(1), duration: nil))
        clock.advance(by: .seconds(1))
        #expect(await engine.currentPosition() == .seconds(2))
    }

    @Test func aSystemPauseGivenAsRequestedIsTakenAsTheSystems() async throws {
        let engine = SimulatedEngine(clock: ManualClock())
        try await engine.load(clip)
        await engine.apply(PlaybackSettings())
        engine.pauseBySystem(.requested)
        #expect(engine.phase == .paused(.system))
        #expect(engine.record.statuses.last?.phase == .paused(.system))
    }

    @Test func aResumeBySystemPlaysAlthoughTheSettingsPauseUntilTheNextApply() async throws {
        let clock = ManualClock()
        let engine = SimulatedEngine(clock: clock)
        try await engine.load(clip)
        await engine.apply(PlaybackSettings(isPaused: true))
        clock.advance(by: .seconds(1))
        engine.resumeBySystem()
        #expect(engine.record.statuses.last == PlaybackStatus(phase: .playing, position: .zero, duration: nil))
        clock.advance(by: .seconds(2))
        #expect(await engine.currentPosition() == .seconds(2))
        #expect(engine.lastApplied == PlaybackSettings(isPaused: true))  // the record keeps what the pool applied
        await engine.apply(PlaybackSettings(isPaused: true))
        #expect(engine.phase == .paused(.requested))
        clock.advance(by: .seconds(1))
        #expect(await engine.currentPosition() == .seconds(2))
    }

    @Test func aResumeBySystemEndsASystemPause() async throws {
        let clock = ManualClock()
        let engine = SimulatedEngine(clock: clock)
        try await engine.load(clip)
        await engine.apply(PlaybackSettings())
        engine.pauseBySystem(.interrupted)
        engine.resumeBySystem()
        #expect(engine.record.statuses.map(\.phase) == [.loading, .playing, .paused(.interrupted), .playing])
        clock.advance(by: .seconds(1))
        #expect(await engine.currentPosition() == .seconds(1))
    }

    @Test func aStallReportsBufferingAndHoldsThePositionUntilItEnds() async throws {
        let clock = ManualClock()
        let engine = SimulatedEngine(clock: clock)
        try await engine.load(clip)
        await engine.apply(PlaybackSettings())
        clock.advance(by: .seconds(1))
        engine.stall()
        #expect(engine.phase == .buffering)
        #expect(engine.record.statuses.last == PlaybackStatus(phase: .buffering, position: .seconds(1), duration: nil))
        clock.advance(by: .seconds(3))
        #expect(await engine.currentPosition() == .seconds(1))
        engine.endStall()
        #expect(engine.record.statuses.last == PlaybackStatus(phase: .playing, position: .seconds(1), duration: nil))
        clock.advance(by: .seconds(1))
        #expect(await engine.currentPosition() == .seconds(2))
    }

    @Test func anEngineWithADurationArmsATimerOnItsClockAtTheEnd() async throws {
        let clock = ManualClock()
        let engine = SimulatedEngine(clock: clock, duration: .seconds(2))
        try await engine.load(clip)
        await engine.apply(PlaybackSettings(rate: 2))
        await clock.waitForSleepers(count: 1)
        #expect(clock.nextDeadline == ManualClock.Instant(offset: .seconds(1)))
    }

    @Test func theEndTimerWakesWhenTheMediaIsAtItsEnd() async throws {
        let clock = ManualClock()
        let engine = SimulatedEngine(clock: clock, duration: .seconds(2))
        var reports = statusReports(of: engine).makeAsyncIterator()
        try await engine.load(clip)
        await engine.apply(PlaybackSettings(rate: 1.3))
        await clock.waitForSleepers(count: 1)
        // At 1.3× the deadline, rounded, comes a hair before the end: the timer takes it as the end all the same.
        clock.advance(by: try #require(clock.nextDeadline).offset)
        #expect(await reports.next()?.phase == .loading)
        #expect(await reports.next()?.phase == .playing)
        #expect(await reports.next() == PlaybackStatus(phase: .ended, position: .seconds(2), duration: .seconds(2)))
        #expect(engine.phase == .ended)
    }

    @Test func aSystemPauseBeforeTheEndHoldsItOffUntilPlaybackGoesOn() async throws {
        let clock = ManualClock()
        let engine = SimulatedEngine(clock: clock, duration: .seconds(2))
        var reports = statusReports(of: engine).makeAsyncIterator()
        try await engine.load(clip)
        await engine.apply(PlaybackSettings())
        clock.advance(by: .seconds(1))
        engine.pauseBySystem(.interrupted)
        clock.advance(by: .seconds(5))  // past the first end timer's deadline: it must not end a paused media
        #expect(engine.phase == .paused(.interrupted))
        await engine.apply(PlaybackSettings())
        clock.advance(by: .seconds(1))
        #expect(await reports.next()?.phase == .loading)
        #expect(await reports.next()?.phase == .playing)
        #expect(await reports.next()?.phase == .paused(.interrupted))
        #expect(await reports.next() == PlaybackStatus(phase: .playing, position: .seconds(1), duration: .seconds(2)))
        #expect(await reports.next() == PlaybackStatus(phase: .ended, position: .seconds(2), duration: .seconds(2)))
    }
}
