import SeamlessPlayback
import SeamlessPlaybackTesting
import Testing

@Suite("SimulatedEngine")
struct SimulatedEngineTests {
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
