import SeamlessPlayback
import SeamlessPlaybackTesting
import Testing

@Suite("PageSession: seek through the lease", .timeLimit(.minutes(1)))
struct PageSessionSeekTests {
    /// Returns once the pool has queued `count` seeks on the player.
    func waitForQueuedSeeks(_ count: Int, on player: PlayerID, in pool: PlayerPool) async {
        while await pool.queuedSeeks(on: player) < count { await Task.yield() }
    }

    @Test(arguments: ApplyPath.allCases)
    func theActiveHolderSeeksAndTheEngineIsThereWhenItReturns(_ path: ApplyPath) async throws {
        let f = PoolFixture()
        await path.use(in: f.pool)
        let pages = try await f.feedPlayingClip()
        try await pages.feed.seek(pages.lease, to: .seconds(4))
        #expect(pages.engine.record.seeks == [.seconds(4)])
        #expect(await pages.engine.currentPosition() == .seconds(4))
        f.clock.advance(by: .seconds(1))
        #expect(await pages.engine.currentPosition() == .seconds(5))
        // A borrower seeks on the same player; the lender may not.
        let token = try await pages.feed.lend(pages.lease)
        let borrowed = try await pages.detail.borrow(token)
        try await pages.detail.seek(borrowed, to: .zero)
        await #expect(throws: PlayerPoolError.notActiveHolder) {
            try await pages.feed.seek(pages.lease, to: .seconds(1))
        }
        #expect(pages.engine.record.seeks == [.seconds(4), .zero])
        #expect(await f.pool.metrics.seeks == 2)
        #expect(!pages.engine.record.sawOverlap)
    }

    @Test func aSeekWhoseLeaseLentThePlayerBeforeItsTurnThrowsAndNeverReachesTheEngine() async throws {
        let f = PoolFixture()
        let pages = try await f.feedPlayingClip()
        // The feed's update is held at the apply gate; its seek queues behind it.
        f.applyGate.close()
        let update = Task { try await pages.feed.update { $0.volume = 0.5 } }
        await f.applyGate.waitForArrivals(2)
        let seek = Task { try await pages.feed.seek(pages.lease, to: .seconds(3)) }
        await waitForQueuedSeeks(1, on: pages.lease.player, in: f.pool)
        // Meanwhile the feed lends the player, and the detail page's borrow is on its way.
        let token = try await pages.feed.lend(pages.lease)
        let borrow = Task { try await pages.detail.borrow(token) }
        f.applyGate.open()
        try await update.value
        _ = try await borrow.value
        #expect(await outcome(seek).error == .notActiveHolder)
        #expect(pages.engine.record.seeks.isEmpty)
    }

    @Test func aRefusedSeekThrowsAndThePlayerStaysInService() async throws {
        let f = PoolFixture()
        let pages = try await f.feedPlayingClip()
        pages.engine.refuseNextSeek("no seekable range")
        await #expect(throws: PlayerPoolError.seekFailed("no seekable range")) {
            try await pages.feed.seek(pages.lease, to: .seconds(2))
        }
        try await pages.feed.seek(pages.lease, to: .seconds(2))
        #expect(pages.engine.record.seeks == [.seconds(2)])
        let metrics = await f.pool.metrics
        #expect(metrics.failures == 0)
        #expect(metrics.live == 1)
    }

    @Test func anEngineThatCannotSeekAndANegativePositionAreRefused() async throws {
        let pool = PlayerPool(configuration: .init(loadTimeout: nil, applyTimeout: nil)) {
            RecordingEngine(takesAtOnce: true)
        }
        let page = try await pool.makeSession(named: "page")
        let lease = try await page.acquire(clip)
        await #expect(throws: PlayerPoolError.seekFailed("this engine cannot seek")) {
            try await page.seek(lease, to: .seconds(1))
        }
        await #expect(throws: PlayerPoolError.seekFailed("the position -1.0 seconds is negative")) {
            try await page.seek(lease, to: .seconds(-1))
        }
        #expect(await pool.metrics.failures == 0)
    }

    @Test func aHungSeekIsBoundedByTheApplyTimeout() async throws {
        let f = PoolFixture(timeouts: (nil, .seconds(5)))
        let pages = try await f.feedPlayingClip()
        let gate = pages.engine.hangNextSeek()
        let seek = Task { try await pages.feed.seek(pages.lease, to: .seconds(1)) }
        await gate.waitForArrivals(1)
        await f.clock.waitForSleepers(count: 1)
        f.clock.advance(by: .seconds(5))
        guard case .engineFailed(let reason)? = await outcome(seek).error else {
            Issue.record("the hung seek did not fail its engine")
            return
        }
        #expect(reason.contains("seek"))
        // The engine is shut down once its seek returns at last.
        let events = await f.pool.events()
        gate.open()
        #expect(await waitFor(events) { $0 == .destroyed(pages.lease.player) } != nil)
        #expect(pages.engine.record.shutdowns == 1)
    }

    @Test func aCancelledSeekReturnsAtOnceAndTheEngineKeepsServing() async throws {
        let f = PoolFixture()
        let pages = try await f.feedPlayingClip()
        let gate = pages.engine.hangNextSeek()
        let seek = Task { try await pages.feed.seek(pages.lease, to: .seconds(1)) }
        await gate.waitForArrivals(1)
        seek.cancel()
        #expect(await outcome(seek).error == .cancelled)
        gate.open()
        try await pages.feed.seek(pages.lease, to: .seconds(2))
        #expect(pages.engine.record.seeks == [.seconds(1), .seconds(2)])
    }
}
