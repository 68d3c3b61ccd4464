@_spi(EngineSupport) import SeamlessPlayback
import SeamlessPlaybackTesting
import Testing

@Suite("SimulatedEngine")
struct SimulatedEngineTests {
    @Test func waitForShutdownReturnsOnceTheEngineIsShutDownAndAtOnceAfter() async {
        let engine = SimulatedEngine()
        let waiting = Task { await engine.waitForShutdown() }
        await engine.shutdown()
        await waiting.value
        #expect(engine.record.shutdowns == 1)
        await engine.waitForShutdown()  // already shut down: returns at once
    }

    @Test func positionAdvancesWithRateWhilePlayingAndHoldsWhilePaused() async throws {
        let clock = ManualClock()
        let engine = SimulatedEngine(clock: clock)
        try await engine.load(clip)
        await engine.apply(PlaybackSettings(rate: 2))
        clock.advance(by: .seconds(1))
        #expect(await engine.currentPosition() == .seconds(2))
        await engine.apply(PlaybackSettings(rate: 2, isPaused: true))
        clock.advance(by: .seconds(5))
        #expect(await engine.currentPosition() == .seconds(2))
        await engine.apply(PlaybackSettings(rate: 0.5))
        clock.advance(by: .seconds(2))
        #expect(await engine.currentPosition() == .seconds(3))
        try await engine.load(film)
        #expect(await engine.currentPosition() == .zero)
        #expect(engine.record.loads == [clip, film])
        #expect(engine.record.applies.count == 3)
    }

    @Test func settingsAreTakenAtOnceOnlyWhenAskedAndNothingSlowsThem() async throws {
        #expect(!SimulatedEngine().applyImmediately(feedSettings))
        let engine = SimulatedEngine(appliesImmediately: true)
        #expect(engine.applyImmediately(feedSettings))
        #expect(engine.lastApplied == feedSettings)
        let gate = engine.hangNextApply()
        #expect(!engine.applyImmediately(detailSettings))
        gate.open()
        #expect(
            !SimulatedEngine(applyLatency: .milliseconds(1), appliesImmediately: true).applyImmediately(feedSettings))
        #expect(
            !SimulatedEngine(applyGate: Gate(isOpen: true), appliesImmediately: true).applyImmediately(feedSettings))
        #expect(engine.record.applies == [feedSettings])
        #expect(!engine.record.sawOverlap)
    }

    @Test func latenciesRunOnTheInjectedClock() async throws {
        let clock = ManualClock()
        let engine = SimulatedEngine(clock: clock, loadLatency: .milliseconds(800))
        let load = Task { try await engine.load(clip) }
        await clock.waitForSleepers(count: 1)
        #expect(engine.record.loads.isEmpty)
        clock.advance(by: .milliseconds(800))
        try await load.value
        #expect(engine.media == clip)
    }

    @Test func eachLoadBegunRecordsTheSettingsTheEngineCarriedThen() async throws {
        let engine = SimulatedEngine(failLoad: { $0 == trailer ? "corrupt" : nil })
        try await engine.load(clip)
        await engine.apply(feedSettings)
        try await engine.load(film)
        await #expect(throws: SimulatedEngine.LoadError.self) { try await engine.load(trailer) }
        // The first load began on the engine's defaults (no settings yet); a failed load counts too.
        #expect(engine.record.settingsAtLoads == [nil, feedSettings, feedSettings])
        #expect(engine.record.loads == [clip, film])
    }

    @Test func failingLoadsThrowTheirReasonAndRecordNothing() async {
        let engine = SimulatedEngine(failLoad: { _ in "corrupt" })
        await #expect(throws: SimulatedEngine.LoadError(description: "corrupt")) { try await engine.load(clip) }
        #expect(engine.record.loads.isEmpty)
        #expect(engine.media == nil)
    }

    @Test func overlapAndUseAfterShutdownAreRecorded() async {
        let gate = Gate()
        let engine = SimulatedEngine(applyGate: gate)
        let first = Task { await engine.apply(PlaybackSettings()) }
        let second = Task { await engine.apply(PlaybackSettings()) }
        await gate.waitForArrivals(2)
        gate.open()
        await first.value
        await second.value
        #expect(engine.record.sawOverlap)
        await engine.shutdown()
        await engine.apply(PlaybackSettings())
        #expect(engine.record.sawUseAfterShutdown)
        #expect(engine.record.shutdowns == 1)
    }
}

@Suite("SimulatedEngine: failures and hangs, as a real engine has them")
struct SimulatedEngineFaultTests {
    @Test func aFailureReportedBeforeThePoolListensIsHeardWhenItDoes() {
        let engine = SimulatedEngine()
        let heard = Locked<[String]>([])
        engine.fail("decoder died")
        engine.onFailure { reason in heard.withLock { $0.append(reason) } }
        engine.fail("again")
        #expect(heard.value == ["decoder died", "again"])
    }

    @Test func theNextApplyHangsUntilItsGateOpensAndTheOneAfterDoesNot() async {
        let engine = SimulatedEngine()
        let gate = engine.hangNextApply()
        let first = Task { await engine.apply(feedSettings) }
        await gate.waitForArrivals(1)
        #expect(engine.lastApplied == nil)
        gate.open()
        await first.value
        await engine.apply(detailSettings)
        #expect(engine.record.applies == [feedSettings, detailSettings])
    }
}

/// Every status `engine` reports from now on, in the order it reports them. The engine reports under its lock, so
/// the handler only queues.
func statusReports(of engine: SimulatedEngine) -> AsyncStream<PlaybackStatus> {
    let (reports, reported) = AsyncStream.makeStream(of: PlaybackStatus.self)
    engine.onStatusChange { reported.yield($0) }
    return reports
}

@Suite("SimulatedEngine: the end of the media", .timeLimit(.minutes(1)))
struct SimulatedEngineEndTests {
    @Test func withPauseItStopsAtTheEndAndReportsEndedWhenItsClockGetsThere() async throws {
        let clock = ManualClock()
        let engine = SimulatedEngine(clock: clock, duration: .seconds(2))
        var reports = statusReports(of: engine).makeAsyncIterator()
        try await engine.load(clip)
        await engine.apply(PlaybackSettings(endAction: .pause))
        await clock.waitForSleepers(count: 1)  // the timer toward the end
        clock.advance(by: .seconds(3))
        #expect(await reports.next()?.phase == .loading)
        #expect(await reports.next()?.phase == .playing)
        #expect(await reports.next() == PlaybackStatus(phase: .ended, position: .seconds(2), duration: .seconds(2)))
        #expect(await engine.currentPosition() == .seconds(2))
        #expect(engine.phase == .ended)
        #expect(engine.record.statuses.last?.phase == .ended)
        clock.advance(by: .seconds(1))
        #expect(await engine.currentPosition() == .seconds(2))
    }

    @Test func withLoopItWrapsToTheStartAndNeverEnds() async throws {
        let clock = ManualClock()
        let engine = SimulatedEngine(clock: clock, duration: .seconds(2))
        try await engine.load(clip)
        await engine.apply(PlaybackSettings(endAction: .loop))
        clock.advance(by: .seconds(3))
        #expect(await engine.currentPosition() == .seconds(1))
        #expect(engine.phase == .playing)
        clock.advance(by: .seconds(10))
        #expect(await engine.currentPosition() == .seconds(1))
        // Any change fences off the end timers armed before it: nothing can report `.ended` after this stall.
        engine.stall()
        #expect(engine.record.statuses.map(\.phase) == [.loading, .playing, .buffering])
        #expect(engine.record.statuses.last?.position == .seconds(1))
    }

    @Test func anApplySwitchingLoopToPauseStopsAtTheNextEnd() async throws {
        let clock = ManualClock()
        let engine = SimulatedEngine(clock: clock, duration: .seconds(2))
        var reports = statusReports(of: engine).makeAsyncIterator()
        try await engine.load(clip)
        await engine.apply(PlaybackSettings(endAction: .loop))
        clock.advance(by: .seconds(3))  // wrapped once: at 1 s
        await engine.apply(PlaybackSettings(endAction: .pause))
        #expect(await engine.currentPosition() == .seconds(1))
        await clock.waitForSleepers(count: 1)
        #expect(clock.nextDeadline == ManualClock.Instant(offset: .seconds(4)))
        clock.advance(by: .seconds(2))
        #expect(await reports.next()?.phase == .loading)
        #expect(await reports.next()?.phase == .playing)
        #expect(await reports.next() == PlaybackStatus(phase: .ended, position: .seconds(2), duration: .seconds(2)))
        #expect(await engine.currentPosition() == .seconds(2))
    }

    @Test func anApplySwitchingToLoopAfterTheEndPlaysAgainFromTheStart() async throws {
        let clock = ManualClock()
        let engine = SimulatedEngine(clock: clock, duration: .seconds(2))
        var reports = statusReports(of: engine).makeAsyncIterator()
        try await engine.load(clip)
        await engine.apply(PlaybackSettings())
        clock.advance(by: .seconds(2))
        #expect(await reports.next()?.phase == .loading)
        #expect(await reports.next()?.phase == .playing)
        #expect(await reports.next()?.phase == .ended)
        await engine.apply(PlaybackSettings(endAction: .loop))
        #expect(engine.record.statuses.last == PlaybackStatus(phase: .playing, position: .zero, duration: .seconds(2)))
        clock.advance(by: .milliseconds(2500))
        #expect(await engine.currentPosition() == .milliseconds(500))
    }
}

@Suite("SimulatedEngine: seeks", .timeLimit(.minutes(1)))
struct SimulatedEngineSeekTests {
    @Test(arguments: [
        (Duration.seconds(-1), Duration.zero), (.milliseconds(500), .milliseconds(500)), (.seconds(5), .seconds(2)),
    ])
    func aSeekLandsAtItsPositionClampedToTheMedia(requested: Duration, landed: Duration) async throws {
        let engine = SimulatedEngine(clock: ManualClock(), duration: .seconds(2))
        try await engine.load(clip)
        await engine.apply(PlaybackSettings(isPaused: true))
        try await engine.seek(to: requested)
        #expect(await engine.currentPosition() == landed)
        #expect(engine.record.seeks == [landed])
    }

    @Test func aSeekWithoutADurationIsClampedToZero() async throws {
        let engine = SimulatedEngine(clock: ManualClock())
        try await engine.load(clip)
        await engine.apply(PlaybackSettings(isPaused: true))
        try await engine.seek(to: .seconds(-1))
        #expect(engine.record.seeks == [.zero])
        try await engine.seek(to: .seconds(90))
        #expect(engine.record.seeks.last == .seconds(90))
    }

    @Test func aSeekLeavesTheEndAndPlaysOnFromWhereItLanded() async throws {
        let clock = ManualClock()
        let engine = SimulatedEngine(clock: clock, duration: .seconds(2))
        var reports = statusReports(of: engine).makeAsyncIterator()
        try await engine.load(clip)
        await engine.apply(PlaybackSettings())
        clock.advance(by: .seconds(3))
        #expect(await reports.next()?.phase == .loading)
        #expect(await reports.next()?.phase == .playing)
        #expect(await reports.next()?.phase == .ended)
        try await engine.seek(to: .milliseconds(500))
        #expect(engine.phase == .playing)
        let playing = PlaybackStatus(phase: .playing, position: .milliseconds(500), duration: .seconds(2))
        #expect(await reports.next() == playing)
        clock.advance(by: .seconds(1))
        #expect(await engine.currentPosition() == .milliseconds(1500))
        #expect(engine.record.seeks == [.milliseconds(500)])
    }

    @Test func aSeekTakesItsLatencyOnTheEnginesClock() async throws {
        let clock = ManualClock()
        let engine = SimulatedEngine(clock: clock, seekLatency: .milliseconds(300))
        try await engine.load(clip)
        await engine.apply(PlaybackSettings(isPaused: true))
        let seeking = Task { try await engine.seek(to: .seconds(4)) }
        await clock.waitForSleepers(count: 1)
        clock.advance(by: .milliseconds(299))
        #expect(engine.record.seeks.isEmpty)
        #expect(await engine.currentPosition() == .zero)
        clock.advance(by: .milliseconds(1))
        try await seeking.value
        #expect(engine.record.seeks == [.seconds(4)])
        #expect(await engine.currentPosition() == .seconds(4))
    }

    @Test func everySeekWaitsAtTheSeekGate() async throws {
        let gate = Gate()
        let engine = SimulatedEngine(clock: ManualClock(), seekGate: gate)
        try await engine.load(clip)
        await engine.apply(PlaybackSettings(isPaused: true))
        for (index, target) in [Duration.seconds(1), .seconds(3)].enumerated() {
            let seeking = Task { try await engine.seek(to: target) }
            await gate.waitForArrivals(index + 1)
            #expect(engine.record.seeks.count == index)
            gate.release()
            try await seeking.value
        }
        #expect(engine.record.seeks == [.seconds(1), .seconds(3)])
    }

    @Test func theNextSeekHangsUntilItsGateOpensAndTheOneAfterDoesNot() async throws {
        let engine = SimulatedEngine(clock: ManualClock())
        try await engine.load(clip)
        await engine.apply(PlaybackSettings(isPaused: true))
        let gate = engine.hangNextSeek()
        let first = Task { try await engine.seek(to: .seconds(1)) }
        await gate.waitForArrivals(1)
        #expect(engine.record.seeks.isEmpty)
        gate.open()
        try await first.value
        try await engine.seek(to: .seconds(2))
        #expect(gate.arrivals == 1)
        #expect(engine.record.seeks == [.seconds(1), .seconds(2)])
    }

    @Test func aRefusedSeekThrowsItsReasonAndMovesNothingAndTheNextOneLands() async throws {
        let engine = SimulatedEngine(clock: ManualClock(), duration: .seconds(6))
        try await engine.load(clip)
        await engine.apply(PlaybackSettings(isPaused: true))
        engine.refuseNextSeek("a live stream")
        await #expect(throws: SimulatedEngine.SeekError(description: "a live stream")) {
            try await engine.seek(to: .seconds(3))
        }
        #expect(engine.record.seeks.isEmpty)
        #expect(await engine.currentPosition() == .zero)
        try await engine.seek(to: .seconds(3))
        #expect(engine.record.seeks == [.seconds(3)])
        #expect(await engine.currentPosition() == .seconds(3))
    }

    @Test func aSeekWhileAnApplyIsHeldAtAGateIsAnOverlap() async throws {
        let gate = Gate()
        let engine = SimulatedEngine(clock: ManualClock(), applyGate: gate)
        try await engine.load(clip)
        try await engine.seek(to: .seconds(1))
        #expect(!engine.record.sawOverlap)
        let applying = Task { await engine.apply(PlaybackSettings()) }
        await gate.waitForArrivals(1)
        try await engine.seek(to: .seconds(2))
        gate.open()
        await applying.value
        #expect(engine.record.sawOverlap)
    }
}

@Suite("SimulatedEngine: status reports")
struct SimulatedEngineStatusTests {
    @Test func aLoadReportsLoadingAtOnceThenTheApplyReportsPlayingWithTheDuration() async throws {
        let clock = ManualClock()
        let engine = SimulatedEngine(clock: clock, duration: .seconds(6), loadLatency: .seconds(1))
        let heard = Locked<[PlaybackStatus]>([])
        engine.onStatusChange { status in heard.withLock { $0.append(status) } }
        let loading = Task { try await engine.load(clip) }
        await clock.waitForSleepers(count: 1)
        let loadingStatus = PlaybackStatus(phase: .loading, position: .zero, duration: nil)
        #expect(engine.record.statuses == [loadingStatus])
        #expect(engine.phase == .loading)
        clock.advance(by: .seconds(1))
        try await loading.value
        #expect(engine.phase == nil)  // loaded, but no settings yet
        await engine.apply(PlaybackSettings())
        let playing = PlaybackStatus(phase: .playing, position: .zero, duration: .seconds(6))
        #expect(engine.record.statuses == [loadingStatus, playing])
        #expect(heard.value == engine.record.statuses)
    }

    @Test func anApplyThatPausesReportsPausedAsRequested() async throws {
        let engine = SimulatedEngine(clock: ManualClock())
        try await engine.load(clip)
        await engine.apply(PlaybackSettings(isPaused: true))
        #expect(engine.phase == .paused(.requested))
        await engine.apply(PlaybackSettings())
        #expect(engine.record.statuses.map(\.phase) == [.loading, .paused(.requested), .playing])
    }

    @Test func onlyAChangeOfPhaseIsReported() async throws {
        let engine = SimulatedEngine(clock: ManualClock())
        try await engine.load(clip)
        await engine.apply(feedSettings)
        await engine.apply(feedSettings)
        await engine.apply(detailSettings)  // another rate and sound, still playing
        #expect(engine.record.applies.count == 3)
        #expect(engine.record.statuses.map(\.phase) == [.loading, .playing])
        try await engine.load(film)  // the settings stay: the new media plays once loaded
        #expect(engine.record.statuses.map(\.phase) == [.loading, .playing, .loading, .playing])
    }
}
