@_spi(EngineSupport) import SeamlessPlayback
import SeamlessPlaybackTesting
import Testing

@Suite("PlayerPool: engines that fail, hang, and borrows held long")
struct PoolShellWatchdogTests {
    @Test func anEngineThatBreaksMidPlaybackIsNeverServedWarmAgain() async throws {
        let f = PoolFixture()
        let pages = try await f.feedPlayingClip()
        let borrowed = try await pages.detail.borrow(try await pages.feed.lend(pages.lease))
        let events = await f.pool.events()
        pages.engine.fail("the stream broke")
        _ = await waitFor(events) { $0 == .engineFailed(pages.lease.player, "the stream broke") }
        var feedNotices = pages.feed.notices.makeAsyncIterator()
        var detailNotices = pages.detail.notices.makeAsyncIterator()
        #expect(await feedNotices.next() == .failed(pages.lease, reason: "the stream broke"))
        #expect(await detailNotices.next() == .failed(borrowed, reason: "the stream broke"))
        await #expect(throws: PlayerPoolError.engineFailed("the stream broke")) {
            try await pages.detail.giveBack(borrowed)
        }
        // The page reacts by acquiring the media again: a new engine, loaded cold.
        let again = try await pages.feed.acquire(clip)
        #expect(again.player != pages.lease.player)
        #expect(await f.pool.metrics.failures == 1)
        #expect(await f.pool.metrics.warmHits == 0)
        _ = await waitFor(events) { $0 == .destroyed(pages.lease.player) }
        #expect(pages.engine.record.shutdowns == 1)
        // The failure noted on the broken engine's lane went with the lane: later applies taken at once ask no lane.
        #expect(await f.pool.pendingFailureNotes == 0)
    }

    /// The feed plays its clip and lends it; the detail page's borrow hangs in its apply until the pool's 5 s apply
    /// timeout fails it. The apply stays hung until the returned gate opens.
    func borrowWhoseApplyTimesOut(_ f: PoolFixture) async throws -> (PoolFixture.FeedAndDetail, Gate) {
        let pages = try await f.feedPlayingClip()
        let token = try await pages.feed.lend(pages.lease)
        let hung = pages.engine.hangNextApply()
        let borrow = Task { try await pages.detail.borrow(token) }
        await hung.waitForArrivals(1)
        await f.clock.waitForSleepers(count: 1)
        f.clock.advance(by: .seconds(5))
        #expect(await outcome(borrow).error == .engineFailed("apply did not return within 5.0 seconds"))
        return (pages, hung)
    }

    @Test(arguments: ApplyPath.allCases)
    func aHungApplyTimesOutOnThePoolsClockAndItsEngineShutsDownOnlyAfterItReturns(_ path: ApplyPath) async throws {
        let f = PoolFixture(timeouts: (load: nil, apply: .seconds(5)))
        await path.use(in: f.pool)
        let (pages, hung) = try await borrowWhoseApplyTimesOut(f)
        #expect(await f.pool.metrics.abandoned == 1)
        #expect(await f.pool.metrics.live == 1)
        #expect(pages.engine.record.shutdowns == 0)
        // The slot is free: a healthy engine serves the next acquire while the hung call is still out.
        let fresh = try await pages.detail.acquire(film)
        #expect(fresh.player != pages.lease.player)
        let events = await f.pool.events()
        hung.open()
        _ = await waitFor(events) { $0 == .destroyed(pages.lease.player) }
        #expect(pages.engine.record.shutdowns == 1)
        #expect(!pages.engine.record.sawOverlap)
        #expect(await f.pool.metrics.abandoned == 0)
    }

    @Test("an engine whose creation outlasts the load timeout fails the acquire; shutdown does not wait for it")
    func aCreationThatHangsPastTheLoadTimeoutFailsAndItsLateEngineIsShutDownUnused() async throws {
        let clock = ManualClock()
        let creation = Gate()
        let (made, madeSink) = AsyncStream.makeStream(of: SimulatedEngine.self)
        let pool = PlayerPool(configuration: .init(capacity: 1, loadTimeout: .seconds(30)), clock: clock) {
            await creation.pass()
            let engine = SimulatedEngine(clock: clock)
            madeSink.yield(engine)
            return engine
        }
        let page = try await pool.makeSession(named: "feed", settings: feedSettings)
        let acquire = Task { try await page.acquire(clip) }
        await creation.waitForArrivals(1)
        await clock.waitForSleepers(count: 1)
        clock.advance(by: .seconds(30))
        #expect(
            await outcome(acquire).error == .engineFailed("creation of the engine did not return within 30.0 seconds"))
        #expect(await pool.metrics.live == 0)
        // Nothing waits for the hung creation: the pool's shutdown returns while it still hangs.
        await pool.shutdown()
        #expect(creation.waitingCount == 1)
        // Made at last, the engine is shut down by its lane, never used.
        creation.open()
        var engines = made.makeAsyncIterator()
        let late = try #require(await engines.next())
        await late.waitForShutdown()
        #expect(late.record.shutdowns == 1)
        #expect(late.record.loads.isEmpty && late.record.applies.isEmpty)
    }

    @Test("the pool's shutdown waits for an engine's shutdown no longer than the apply timeout")
    func aShutdownThatHangsIsWaitedForNoLongerThanTheApplyTimeout() async throws {
        let f = PoolFixture(capacity: 1, timeouts: (load: nil, apply: .seconds(5)))
        let pages = try await f.feedPlayingClip()
        let hung = pages.engine.hangShutdown()
        let closing = Task { await f.pool.shutdown() }
        await hung.waitForArrivals(1)
        await f.clock.waitForSleepers(count: 1)
        f.clock.advance(by: .seconds(5))
        await closing.value
        #expect(pages.engine.record.shutdowns == 0, "still shutting down")
        hung.open()
        await pages.engine.waitForShutdown()
        #expect(pages.engine.record.shutdowns == 1)
    }

    @Test("an engine whose hung call outlived its timeout stays in live, but not against the capacity")
    func aHungEngineCountsInLiveButNotAgainstTheCapacity() async throws {
        let f = PoolFixture(capacity: 1, timeouts: (load: nil, apply: .seconds(5)))
        let (pages, hung) = try await borrowWhoseApplyTimesOut(f)
        _ = try await pages.detail.acquire(film)
        let recovering = await f.pool.metrics
        #expect(recovering.live == 2, "the hung engine is alive until its call returns")
        #expect(recovering.abandoned == 1)
        #expect(recovering.live - recovering.abandoned == 1, "healthy engines: at most the capacity")
        let events = await f.pool.events()
        hung.open()
        _ = await waitFor(events) { $0 == .destroyed(pages.lease.player) }
        #expect(await f.pool.metrics.live == 1)
    }

    @Test("an update whose apply hangs past the timeout returns; the page hears its lease failed")
    func anUpdateOverAHungApplyReturnsAndThePageHearsTheFailure() async throws {
        let f = PoolFixture(timeouts: (load: nil, apply: .seconds(5)))
        let pages = try await f.feedPlayingClip()
        var notices = pages.feed.notices.makeAsyncIterator()
        let hung = pages.engine.hangNextApply()
        let update = Task { try await pages.feed.update { $0.isMuted = false } }
        await hung.waitForArrivals(1)
        await f.clock.waitForSleepers(count: 1)
        f.clock.advance(by: .seconds(5))
        #expect(await outcome(update).error == nil)
        #expect(await notices.next() == .failed(pages.lease, reason: "apply did not return within 5.0 seconds"))
        await #expect(throws: PlayerPoolError.engineFailed("apply did not return within 5.0 seconds")) {
            try await pages.feed.seek(pages.lease, to: .seconds(1))
        }
        hung.open()
    }

    @Test func aHungLoadTimesOutAndTheWaiterGetsAHealthyEngine() async throws {
        let f = PoolFixture(capacity: 1, timeouts: (load: .seconds(30), apply: nil))
        f.loadGate.close()
        let feed = try await f.pool.makeSession(named: "feed", settings: feedSettings)
        let detail = try await f.pool.makeSession(named: "detail", settings: detailSettings)
        let stuck = Task { try await feed.acquire(clip) }
        await f.loadGate.waitForArrivals(1)
        let events = await f.pool.events()
        let waiting = Task { try await detail.acquire(film) }
        _ = await waitFor(events) { $0 == .queued(session: "detail", film) }
        await f.clock.waitForSleepers(count: 1)
        f.clock.advance(by: .seconds(30))
        #expect(await outcome(stuck).error == .engineFailed("load of clip did not return within 30.0 seconds"))
        f.loadGate.open()
        let served = try await waiting.value
        _ = await waitFor(events) { if case .destroyed = $0 { true } else { false } }
        // The waiter got the freed slot with a new engine; the hung one was shut down once its load returned.
        #expect(f.engines.count == 2)
        #expect(served.engine === f.engines.last)
        #expect(f.engines.first?.record.shutdowns == 1)
        #expect(f.engines.first?.record.sawOverlap == false)
    }

    @Test func aBorrowHeldPastTheThresholdIsReportedOnce() async throws {
        let f = PoolFixture(borrowWarningThreshold: .seconds(60))
        let pages = try await f.feedPlayingClip()
        let events = await f.pool.events()
        let borrowed = try await pages.detail.borrow(try await pages.feed.lend(pages.lease))
        await f.clock.waitForSleepers(count: 1)
        f.clock.advance(by: .seconds(61))
        let warning = await waitFor(events) {
            if case .borrowHeldLong = $0 { return true } else { return false }
        }
        #expect(warning == .borrowHeldLong(pages.lease.player, session: "detail", heldFor: .seconds(61)))
        // Nothing is revoked.
        try await pages.detail.giveBack(borrowed)
        #expect(await f.pool.metrics.revocations == 0)
    }
}

/// An engine that refuses one page's settings: it reports a failure from inside `apply`, then returns.
final class RefusingEngine: PlaybackEngine {
    let refused: PlaybackSettings
    private let report = Locked<(@Sendable (String) -> Void)?>(nil)

    init(refusing settings: PlaybackSettings) { refused = settings }

    func onFailure(_ report: @escaping @Sendable (String) -> Void) { self.report.withLock { $0 = report } }
    func load(_ item: MediaItem) async throws {}
    func apply(_ settings: PlaybackSettings) async {
        if settings == refused { report.value?("the player refused the settings") }
    }
    func currentPosition() async -> Duration { .zero }
    func shutdown() async {}
}

@Suite("PlayerPool: a failure reported during a call")
struct PlayerPoolFailureDuringCallTests {
    /// The report reaches the pool before the apply counts as landed: the borrow throws, every time.
    @Test(arguments: ApplyPath.allCases)
    func aSettingRefusedDuringTheBorrowsApplyFailsTheBorrow(_ path: ApplyPath) async throws {
        for _ in 0..<50 {
            let pool = PlayerPool(configuration: .init(capacity: 1)) { RefusingEngine(refusing: detailSettings) }
            await path.use(in: pool)
            let feed = try await pool.makeSession(named: "feed", settings: feedSettings)
            let detail = try await pool.makeSession(named: "detail", settings: detailSettings)
            let lease = try await feed.acquire(clip)
            let token = try await feed.lend(lease)
            await #expect(throws: PlayerPoolError.engineFailed("the player refused the settings")) {
                _ = try await detail.borrow(token)
            }
            await pool.shutdown()
        }
    }
}
