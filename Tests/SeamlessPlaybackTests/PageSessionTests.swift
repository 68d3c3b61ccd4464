import Foundation
@_spi(EngineSupport) import SeamlessPlayback
import SeamlessPlaybackTesting
import Testing

@Suite("PageSession: handoffs between pages", .timeLimit(.minutes(1)))
struct PageSessionTests {
    @Test(arguments: ApplyPath.allCases)
    func feedToDetailAndBackKeepsOnePlayerPlayingWithEachPagesSettings(_ path: ApplyPath) async throws {
        let f = PoolFixture()
        await path.use(in: f.pool)
        let pages = try await f.feedPlayingClip()
        let (feed, detail, lease, engine) = (pages.feed, pages.detail, pages.lease, pages.engine)
        #expect(engine.lastApplied == feedSettings)
        f.clock.advance(by: .seconds(2))
        let atTap = await engine.currentPosition()

        let link = try await feed.lend(lease).appended(to: URL(string: "shop://detail?item=7")!)
        let borrowed = try #require(try await detail.borrow(from: link))
        #expect(borrowed.player == lease.player)
        #expect(borrowed.engine === lease.engine)
        #expect(engine.lastApplied == detailSettings)
        #expect(await engine.currentPosition() == atTap)
        f.clock.advance(by: .seconds(2))
        #expect(await engine.currentPosition() == atTap + .milliseconds(2500))

        var notices = feed.notices.makeAsyncIterator()
        try await detail.giveBack(borrowed)
        #expect(engine.lastApplied == feedSettings)
        #expect(await notices.next() == .returned(lease))
        #expect(engine.record.loads == [clip])
        #expect(engine.record.applies == [feedSettings, detailSettings, feedSettings])
        #expect(!engine.record.sawOverlap)
        await #expect(throws: PlayerPoolError.notHolder) { try await detail.giveBack(borrowed) }
        let metrics = await f.pool.metrics
        #expect(metrics.loads == 1)
        #expect(metrics.handoffs == 1)
        #expect(metrics.returns == 1)
    }

    @Test(arguments: ApplyPath.allCases)
    func borrowAndGiveBackReturnOnlyOnceTheirSettingsAreOnTheEngine(_ path: ApplyPath) async throws {
        let f = PoolFixture()
        await path.use(in: f.pool)
        let pages = try await f.feedPlayingClip()
        let (feed, detail, lease, engine) = (pages.feed, pages.detail, pages.lease, pages.engine)
        let token = try await feed.lend(lease)
        let returned = Locked(false)
        f.applyGate.close()
        let borrow = Task {
            let borrowed = try await detail.borrow(token)
            returned.withLock { $0 = true }
            return borrowed
        }
        await f.applyGate.waitForArrivals(2)
        // The apply is held at the gate: the borrow cannot have returned, the engine still plays the feed's way.
        #expect(!returned.value)
        #expect(engine.lastApplied == feedSettings)
        #expect(await f.pool.snapshot().first?.holders == ["feed", "detail"])
        f.applyGate.release()
        let borrowed = try await outcome(borrow).get()
        #expect(engine.lastApplied == detailSettings)

        let gaveBack = Locked(false)
        let giveBack = Task {
            try await detail.giveBack(borrowed)
            gaveBack.withLock { $0 = true }
        }
        await f.applyGate.waitForArrivals(3)
        #expect(!gaveBack.value)
        #expect(engine.lastApplied == detailSettings)
        f.applyGate.open()
        #expect(await outcome(giveBack).error == nil)
        #expect(engine.lastApplied == feedSettings)
        #expect(engine.record.loads.count == 1)
    }

    /// Regression for the give-back that carries out its apply on its own task: an update that arrives
    /// meanwhile lands after it, never before or alongside.
    @Test func anUpdateRacingAGiveBackLandsAfterIt() async throws {
        let f = PoolFixture()
        let pages = try await f.feedPlayingClip()
        let borrowed = try await pages.detail.borrow(try await pages.feed.lend(pages.lease))
        f.applyGate.close()
        let gaveBack = Locked(false)
        let giveBack = Task {
            try await pages.detail.giveBack(borrowed)
            gaveBack.withLock { $0 = true }
        }
        await f.applyGate.waitForArrivals(3)
        let update = Task { try await pages.feed.update { $0.volume = 0.2 } }
        // Until the update waits in the pool (its own continuation) while the give-back's apply is held.
        while await f.pool.pendingContinuations < 1 { await Task.yield() }
        #expect(!gaveBack.value)
        #expect(pages.engine.lastApplied == detailSettings)
        f.applyGate.open()
        #expect(await outcome(giveBack).error == nil)
        #expect(await outcome(update).error == nil)
        var quieter = feedSettings
        quieter.volume = 0.2
        #expect(Array(pages.engine.record.applies.suffix(2)) == [feedSettings, quieter])
        #expect(!pages.engine.record.sawOverlap)
    }

    @Test(arguments: ApplyPath.allCases)
    func aReclaimRevokedWhileItsApplyIsInFlightFails(_ path: ApplyPath) async throws {
        let f = PoolFixture()
        await path.use(in: f.pool)
        let pages = try await f.feedPlayingClip()
        let mini = try await f.pool.makeSession(named: "mini", settings: miniSettings)
        let detailLease = try await pages.detail.borrow(try await pages.feed.lend(pages.lease))
        _ = try await mini.borrow(try await pages.detail.lend(detailLease))
        f.applyGate.close()
        let arrivals = f.applyGate.arrivals
        let middle = Task { try await pages.detail.reclaim(detailLease) }
        await f.applyGate.waitForArrivals(arrivals + 1)
        let bottom = Task { try await pages.feed.reclaim(pages.lease) }
        while await f.pool.pendingContinuations < 1 { await Task.yield() }
        f.applyGate.open()
        #expect(await outcome(middle).error == .leaseRevoked)
        #expect(await outcome(bottom).error == nil)
        #expect(pages.engine.lastApplied == feedSettings)
        #expect(await f.pool.snapshot().first?.holders == ["feed"])
    }

    @Test func nestedHandoffWithTheMiddlePageReclaiming() async throws {
        let f = PoolFixture()
        let a = try await f.pool.makeSession(named: "feed", settings: feedSettings)
        let b = try await f.pool.makeSession(named: "detail", settings: detailSettings)
        let c = try await f.pool.makeSession(named: "mini", settings: miniSettings)
        let la = try await a.acquire(clip)
        let lb = try await b.borrow(try await a.lend(la))
        let lc = try await c.borrow(try await b.lend(lb))
        let engine = try #require(f.engine(of: la))
        #expect(engine.lastApplied == miniSettings)
        #expect(await f.pool.snapshot().first?.holders == ["feed", "detail", "mini"])

        try await b.reclaim(lb)
        #expect(engine.lastApplied == detailSettings)
        var notices = c.notices.makeAsyncIterator()
        #expect(await notices.next() == .revoked(lc))
        await #expect(throws: PlayerPoolError.leaseRevoked) { try await c.giveBack(lc) }
        await #expect(throws: PlayerPoolError.leaseRevoked) { _ = try await c.lend(lc) }
        await #expect(throws: PlayerPoolError.leaseRevoked) { try await c.reclaim(lc) }
        let appliesAfterRevoke = engine.record.applies.count
        try await b.giveBack(lb)
        #expect(engine.lastApplied == feedSettings)
        #expect(engine.record.applies.count == appliesAfterRevoke + 1)
        await c.close()
        // Exactly one revocation notice, then the stream ends.
        #expect(await notices.next() == nil)
        #expect(await f.pool.metrics.revocations == 1)
    }

    @Test(arguments: ApplyPath.allCases)
    func reclaimWhileTheBorrowersApplyIsInFlight(_ path: ApplyPath) async throws {
        let f = PoolFixture()
        await path.use(in: f.pool)
        let pages = try await f.feedPlayingClip()
        let (feed, lease, engine) = (pages.feed, pages.lease, pages.engine)
        let borrow = try await f.borrowHeldAtTheGate(pages)
        let reclaim = Task { try await feed.reclaim(lease) }
        // Both wait for the engine (the borrower's apply in flight, then the owner's), not for each other.
        while await f.pool.pendingContinuations < 2 { await Task.yield() }
        f.applyGate.open()
        #expect(await outcome(borrow).error == .leaseRevoked)
        #expect(await outcome(reclaim).error == nil)
        #expect(engine.record.applies == [feedSettings, detailSettings, feedSettings])
        #expect(engine.lastApplied == feedSettings)
        #expect(!engine.record.sawOverlap)
        #expect(await f.pool.snapshot().first?.holders == ["feed"])
    }

    @Test(arguments: ApplyPath.allCases)
    func cancellingABorrowWhileItsApplyIsInFlightRestoresTheLender(_ path: ApplyPath) async throws {
        let f = PoolFixture()
        await path.use(in: f.pool)
        let pages = try await f.feedPlayingClip()
        let (feed, lease, engine) = (pages.feed, pages.lease, pages.engine)
        let events = await f.pool.events()
        let borrow = try await f.borrowHeldAtTheGate(pages)
        let failed = Task {
            let result = await outcome(borrow)
            // Whatever the cancelled borrow answers, the lender's settings are back when it does.
            return (result.error, engine.lastApplied)
        }
        borrow.cancel()
        _ = await waitFor(events) { $0 == .cancelled(session: "detail") }
        // Cancelled, the borrow still waits: for the applies in flight, and only for them.
        #expect(await f.pool.pendingContinuations == 1)
        f.applyGate.open()
        let (error, applied) = await failed.value
        #expect(error == .cancelled)
        #expect(applied == feedSettings)
        #expect(await f.pool.snapshot().first?.holders == ["feed"])
        // The lender holds the player as before and can lend again.
        _ = try await feed.lend(lease)
        #expect(await f.pool.metrics.cancellations == 1)
    }

    @Test func updateReachesTheEngineOnlyWhileThePageIsActive() async throws {
        let f = PoolFixture()
        let pages = try await f.feedPlayingClip()
        let (feed, detail, lease, engine) = (pages.feed, pages.detail, pages.lease, pages.engine)
        let borrowed = try await detail.borrow(try await feed.lend(lease))
        try await feed.update { $0.volume = 0.3 }
        #expect(engine.lastApplied == detailSettings)
        try await detail.update { $0.isPaused = true }
        #expect(engine.lastApplied?.isPaused == true)
        #expect(await detail.settings.isPaused)
        try await detail.giveBack(borrowed)
        #expect(engine.lastApplied?.volume == 0.3)
        #expect(engine.lastApplied?.isMuted == true)
    }

    @Test(arguments: [Double.nan, .infinity, -1, 0.1, 4.01])
    func badRatesAreRefusedAndChangeNothing(_ rate: Double) async throws {
        let f = PoolFixture()
        let feed = try await f.pool.makeSession(named: "feed", settings: feedSettings)
        let lease = try await feed.acquire(clip)
        let applies = f.engine(of: lease)?.record.applies.count
        await #expect {
            try await feed.update { $0.rate = rate }
        } throws: { error in
            guard case .invalidSettings = error as? PlayerPoolError else { return false }
            return true
        }
        #expect(await feed.settings == feedSettings)
        #expect(f.engine(of: lease)?.record.applies.count == applies)
        await #expect(throws: PlayerPoolError.self) {
            _ = try await f.pool.makeSession(named: "bad", settings: PlaybackSettings(rate: rate))
        }
    }

    @Test func everyTokenRefusalIsTypedAndChangesNothing() async throws {
        let f = PoolFixture(tokenLifetime: .seconds(5))
        let feed = try await f.pool.makeSession(named: "feed", settings: feedSettings)
        let detail = try await f.pool.makeSession(named: "detail", settings: detailSettings)
        let mini = try await f.pool.makeSession(named: "mini", settings: miniSettings)
        let lease = try await feed.acquire(clip)
        let before = await f.pool.snapshot()

        let forged = try #require(HandoffToken("AAAAAAAAAAAAAAAAAAAAAA"))
        await #expect(throws: PlayerPoolError.tokenUnknown) { _ = try await detail.borrow(forged) }
        await #expect(throws: PlayerPoolError.tokenMalformed) {
            _ = try await detail.borrow(from: URL(string: "shop://detail?reusedPlayer=not-a-token!")!)
        }
        #expect(try await detail.borrow(from: URL(string: "shop://detail?item=1")!) == nil)
        let own = try await feed.lend(lease)
        await #expect(throws: PlayerPoolError.alreadyHolding) { _ = try await feed.borrow(own) }
        f.clock.advance(by: .seconds(5))
        await #expect(throws: PlayerPoolError.tokenExpired) { _ = try await detail.borrow(own) }
        #expect(await f.pool.snapshot() == before)

        let token = try await feed.lend(lease)
        let borrowed = try await detail.borrow(token)
        await #expect(throws: PlayerPoolError.tokenAlreadyUsed) { _ = try await mini.borrow(token) }
        await #expect(throws: PlayerPoolError.notHolder) { _ = try await feed.lend(lease) }
        await #expect(throws: PlayerPoolError.notHolder) { _ = try await mini.lend(borrowed) }
        await #expect(throws: PlayerPoolError.notHolder) { try await mini.giveBack(lease) }
        await #expect(throws: PlayerPoolError.notHolder) { try await mini.reclaim(lease) }
    }

    @Test func closeGivesBackEverythingAndRefusesLaterCalls() async throws {
        let f = PoolFixture()
        let pages = try await f.feedPlayingClip()
        let (feed, detail, lease, engine) = (pages.feed, pages.detail, pages.lease, pages.engine)
        _ = try await detail.borrow(try await feed.lend(lease))
        let own = try await detail.acquire(film)
        await detail.close()
        #expect(engine.lastApplied == feedSettings)
        #expect(await f.pool.snapshot().map(\.holders) == [["feed"], []])
        var notices = detail.notices.makeAsyncIterator()
        #expect(await notices.next() == nil)
        await #expect(throws: PlayerPoolError.sessionClosed) { _ = try await detail.acquire(clip) }
        await #expect(throws: PlayerPoolError.sessionClosed) { _ = try await detail.lend(own) }
        await #expect(throws: PlayerPoolError.sessionClosed) {
            _ = try await detail.borrow(HandoffToken.init("BBBBBBBBBBBBBBBBBBBBBB")!)
        }
        await detail.close()
        #expect(await f.pool.metrics.idle == 1)
    }

    @Test func closeEndsThePagesPendingAcquireAndBorrow() async throws {
        let f = PoolFixture(capacity: 1)
        let pages = try await f.feedPlayingClip()
        let events = await f.pool.events()
        let borrow = try await f.borrowHeldAtTheGate(pages)
        let acquire = Task { try await pages.detail.acquire(film) }
        _ = await waitFor(events) { $0 == .queued(session: "detail", film) }
        let closing = Task { await pages.detail.close() }
        #expect(await outcome(acquire).error == .sessionClosed)
        f.applyGate.open()
        #expect(await outcome(borrow).error == .sessionClosed)
        await closing.value
        #expect(pages.engine.lastApplied == feedSettings)
        #expect(await f.pool.snapshot().map(\.holders) == [["feed"]])
        #expect(await f.pool.metrics.waiting == 0)
    }

    @Test func aSecondCloseWaitsForTheFirst() async throws {
        let f = PoolFixture()
        let pages = try await f.feedPlayingClip()
        let borrowed = try await pages.detail.borrow(try await pages.feed.lend(pages.lease))
        f.applyGate.close()
        let first = Task { await pages.detail.close() }
        await f.applyGate.waitForArrivals(3)
        let second = Task {
            await pages.detail.close()
            // Whenever the second close returns, the first close's work is done.
            return pages.engine.lastApplied
        }
        for _ in 0..<100 { await Task.yield() }
        f.applyGate.open()
        await first.value
        #expect(await second.value == feedSettings)
        await #expect(throws: PlayerPoolError.sessionClosed) { try await pages.detail.giveBack(borrowed) }
    }

    @Test func aPageDroppedWithoutClosingGivesItsPlayersBack() async throws {
        let f = PoolFixture(capacity: 1)
        let events = await f.pool.events()
        var dropped: PageSession? = try await f.pool.makeSession(named: "dropped", settings: feedSettings)
        let player = try #require(try await dropped?.acquire(clip).player)
        dropped = nil
        _ = await waitFor(events) { $0 == .returned(player, session: "dropped") }
        #expect(await f.pool.snapshot().map(\.holders) == [[]])
        let next = try await f.pool.makeSession(named: "next")
        _ = try await next.acquire(clip, timeout: .zero)
    }

    @Test func pageNamesNeedNotBeUnique() async throws {
        let f = PoolFixture()
        let one = try await f.pool.makeSession(named: "detail", settings: feedSettings)
        let two = try await f.pool.makeSession(named: "detail", settings: detailSettings)
        let lease = try await one.acquire(clip)
        let borrowed = try await two.borrow(try await one.lend(lease))
        #expect(borrowed.session == "detail")
        await #expect(throws: PlayerPoolError.notHolder) { try await one.giveBack(borrowed) }
        try await two.giveBack(borrowed)
    }
}
