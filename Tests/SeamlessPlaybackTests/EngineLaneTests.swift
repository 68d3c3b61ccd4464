import SeamlessPlaybackTesting
import Testing

@_spi(EngineSupport) @testable import SeamlessPlayback

/// An engine that tells the test when it is shut down.
final class SignallingEngine: PlaybackEngine {
    let shutdowns: AsyncStream<Void>
    private let signal: AsyncStream<Void>.Continuation
    private let count = Locked(0)

    init() {
        (shutdowns, signal) = AsyncStream.makeStream(of: Void.self)
    }

    var shutdownCount: Int { count.value }

    func load(_ item: MediaItem) async throws {}
    func apply(_ settings: PlaybackSettings) async {}
    func currentPosition() async -> Duration { .zero }
    func shutdown() async {
        count.withLock { $0 += 1 }
        signal.yield()
    }
}

/// A ``SignallingEngine`` whose next apply can be held at a gate, and which notes a shutdown during an apply.
final class HangingEngine: PlaybackEngine {
    let signalling = SignallingEngine()
    private let state = Locked<(hang: Gate?, applying: Bool, shutDownDuringApply: Bool)>((nil, false, false))

    /// Makes the next apply wait at the returned gate (closed).
    func hangNextApply() -> Gate {
        let gate = Gate()
        state.withLock { $0.hang = gate }
        return gate
    }

    var shutDownDuringApply: Bool { state.value.shutDownDuringApply }

    func load(_ item: MediaItem) async throws {}
    func apply(_ settings: PlaybackSettings) async {
        let gate = state.withLock { state -> Gate? in
            state.applying = true
            defer { state.hang = nil }
            return state.hang
        }
        await gate?.pass()
        state.withLock { $0.applying = false }
    }
    func currentPosition() async -> Duration { .zero }
    func shutdown() async {
        state.withLock { $0.shutDownDuringApply = $0.shutDownDuringApply || $0.applying }
        await signalling.shutdown()
    }
}

@Suite("EngineLane: lanes that do not keep their pool alive")
struct EngineLaneTests {
    @Test(.timeLimit(.minutes(1))) func aPoolDroppedWithoutShutdownShutsItsEnginesDown() async throws {
        let engines = Locked<[SignallingEngine]>([])
        weak var weakPool: PlayerPool?
        do {
            let pool = PlayerPool(configuration: .init(capacity: 2)) {
                let engine = SignallingEngine()
                engines.withLock { $0.append(engine) }
                return engine
            }
            weakPool = pool
            let page = try await pool.makeSession(named: "page")
            let lease = try await page.acquire(clip)
            try await pool.prewarm(film)
            try await page.giveBack(lease)
            await page.close()
        }
        let made = engines.value
        #expect(made.count == 2)
        for engine in made {
            var signals = engine.shutdowns.makeAsyncIterator()
            _ = await signals.next()
        }
        #expect(weakPool == nil)
        #expect(made.map(\.shutdownCount) == [1, 1])
    }

    @Test(.timeLimit(.minutes(1))) func aPoolDroppedWhileAnApplyHangsIsFreedAndEachEngineShutsDownAfterItsCall()
        async throws
    {
        let clock = ManualClock()
        let engines = Locked<[HangingEngine]>([])
        weak var weakPool: PlayerPool?
        let hung: Gate
        do {
            let pool = PlayerPool(
                configuration: .init(capacity: 2, loadTimeout: nil, applyTimeout: .seconds(5)), clock: clock
            ) {
                let engine = HangingEngine()
                engines.withLock { $0.append(engine) }
                return engine
            }
            weakPool = pool
            let page = try await pool.makeSession(named: "page")
            _ = try await page.acquire(clip)
            try await pool.prewarm(film)
            let first = try #require(engines.value.first)
            hung = first.hangNextApply()
            let update = Task { try await page.update { $0.isMuted = true } }
            await hung.waitForArrivals(1)
            await clock.waitForSleepers(count: 1)
            clock.advance(by: .seconds(5))
            // The update ends with the engine failed; the apply is still out.
            _ = await outcome(update)
            await page.close()
        }
        // Nothing holds the pool while the apply hangs: it is freed, and the healthy engine is shut down.
        let made = engines.value
        #expect(made.count == 2)
        var secondShutdown = made[1].signalling.shutdowns.makeAsyncIterator()
        _ = await secondShutdown.next()
        #expect(weakPool == nil)
        #expect(made[0].signalling.shutdownCount == 0)
        // The hung engine is shut down once its apply returns, never during it.
        hung.open()
        var firstShutdown = made[0].signalling.shutdowns.makeAsyncIterator()
        _ = await firstShutdown.next()
        #expect(made[0].signalling.shutdownCount == 1)
        #expect(!made[0].shutDownDuringApply)
    }

    @Test func theEngineReportsAnApplyThatReturnedAtOnceElseItsTaskDoes() {
        let lane = EngineLane()
        lane.beginCall()
        #expect(lane.callReturned() == false)
        #expect(lane.claimReport() == .returned(noted: nil))
        lane.beginCall()
        #expect(lane.claimReport() == .running)
        #expect(lane.callReturned() == true)
    }

    @Test func anApplyThatReturnedAtOnceIsReportedWithTheFailureNotedMeanwhileOnce() {
        let lane = EngineLane()
        lane.beginCall()
        lane.noteFailure("refused")
        lane.noteFailure("later")
        #expect(lane.callReturned() == false)
        #expect(lane.claimReport() == .returned(noted: "refused"))
        #expect(lane.takeNotedFailure() == nil)
    }

    @Test func theLanesOfAPoolCountTheirNotedFailuresUntilTheyAreTaken() {
        let reports = FailureReports()
        let first = EngineLane(reports: reports)
        let second = EngineLane(reports: reports)
        first.noteFailure("refused")
        first.noteFailure("again")  // The first note counts; a second one is not kept.
        second.noteFailure("gone")
        #expect(reports.pending == 2)
        #expect(first.takeNotedFailure() == "refused")
        #expect(first.takeNotedFailure() == nil)
        #expect(reports.pending == 1)
        // A note taken with an apply's report counts as taken too.
        second.beginCall()
        #expect(second.callReturned() == false)
        #expect(second.claimReport() == .returned(noted: "gone"))
        #expect(reports.pending == 0)
    }

    @Test func aLaneAbandonedDuringAnApplyOutsideShutsDownWhenItReturns() async {
        let lane = EngineLane()
        lane.beginCall()
        #expect(lane.claimReport() == .running)
        lane.abandon()
        let next = Task { await lane.next() }
        #expect(lane.callReturned() == true)
        #expect(await next.value == .shutDown)
    }

    @Test func aJobPostedBeforeTheLaneWaitsIsNotLost() async {
        let lane = EngineLane()
        lane.post(.apply(feedSettings, version: 1))
        #expect(await lane.next() == .apply(feedSettings, version: 1))
        lane.abandon()
        #expect(await lane.next() == .shutDown)
    }

    @Test func abandoningAWaitingLaneWakesItWithAShutdown() async {
        let lane = EngineLane()
        let next = Task { await lane.next() }
        lane.abandon()
        #expect(await next.value == .shutDown)
    }
}
