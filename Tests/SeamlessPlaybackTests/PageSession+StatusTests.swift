import SeamlessPlayback
import SeamlessPlaybackTesting
import Testing

/// Reads a status stream until a status of `phase` arrives; `nil` when the stream finishes first.
func next(
    _ phase: PlaybackPhase, from statuses: inout AsyncStream<PlaybackStatus>.Iterator
) async -> PlaybackStatus? {
    while let status = await statuses.next() {
        if status.phase == phase { return status }
    }
    return nil
}

/// A feed and a detail page whose settings both pause, the feed holding a player: a handoff between them applies
/// nothing unless the engine changed by itself.
func pausedPagesSharingAPlayer() async throws -> (PoolFixture, PageSession, PageSession, PlayerLease, SimulatedEngine) {
    let f = PoolFixture()
    let paused = PlaybackSettings(isPaused: true)
    let feed = try await f.pool.makeSession(named: "feed", settings: paused)
    let detail = try await f.pool.makeSession(named: "detail", settings: paused)
    let lease = try await feed.acquire(clip)
    return (f, feed, detail, lease, try #require(f.engine(of: lease)))
}

/// Reads a stream to its end; returns how many elements it had.
func drain<T: Sendable>(_ stream: AsyncStream<T>) async -> Int {
    var count = 0
    for await _ in stream { count += 1 }
    return count
}

@Suite("PageSession: status through the lease, and the engine's own changes", .timeLimit(.minutes(1)))
struct PageSessionStatusTests {
    @Test func theActiveHolderHearsTheLatestStatusThenEachChange() async throws {
        let f = PoolFixture()
        let pages = try await f.feedPlayingClip()
        var statuses = pages.feed.status(of: pages.lease).makeAsyncIterator()
        #expect(await statuses.next()?.phase == .playing)
        pages.engine.stall()
        #expect(await statuses.next()?.phase == .buffering)
        pages.engine.endStall()
        #expect(await statuses.next()?.phase == .playing)
        pages.engine.pauseBySystem(.interrupted)
        #expect(await statuses.next()?.phase == .paused(.interrupted))
    }

    @Test func aLenderIsSilentWhileLentAndHearsTheLatestFirstWhenItComesBack() async throws {
        let f = PoolFixture()
        let pages = try await f.feedPlayingClip()
        var feedStatuses = pages.feed.status(of: pages.lease).makeAsyncIterator()
        #expect(await feedStatuses.next()?.phase == .playing)
        let borrowed = try await pages.detail.borrow(try await pages.feed.lend(pages.lease))
        var detailStatuses = pages.detail.status(of: borrowed).makeAsyncIterator()
        #expect(await detailStatuses.next()?.phase == .playing)
        pages.engine.stall()
        #expect(await detailStatuses.next()?.phase == .buffering)
        try await pages.detail.giveBack(borrowed)
        // The borrower's stream ends with its lease; the feed hears the latest status, the stall.
        #expect(await detailStatuses.next() == nil)
        #expect(await feedStatuses.next()?.phase == .buffering)
    }

    @Test func aStreamEndsWithItsLeaseAndAtOnceForALeaseThePageDoesNotHold() async throws {
        let f = PoolFixture()
        let pages = try await f.feedPlayingClip()
        #expect(await drain(pages.detail.status(of: pages.lease)) == 0)
        let borrowed = try await pages.detail.borrow(try await pages.feed.lend(pages.lease))
        // Revoked by a reclaim.
        let revoked = pages.detail.status(of: borrowed)
        try await pages.feed.reclaim(pages.lease)
        _ = await drain(revoked)
        // Its page closed.
        let closing = pages.feed.status(of: pages.lease)
        await pages.feed.close()
        _ = await drain(closing)
        // Its engine failed, and the pool shut down.
        let other = try await f.pool.makeSession(named: "other")
        let lease = try await other.acquire(film)
        let failing = other.status(of: lease)
        try #require(f.engine(of: lease)).fail("decoder died")
        _ = await drain(failing)
        let last = try await other.acquire(trailer)
        let shuttingDown = other.status(of: last)
        await f.pool.shutdown()
        _ = await drain(shuttingDown)
        #expect(await f.pool.openStatusStreams == 0)
    }

    @Test(arguments: [PauseReason.interrupted, .outputLost, .system])
    func aSystemPauseIsHeardNotUndoneAndTheNextHandoffAppliesInFull(reason: PauseReason) async throws {
        let f = PoolFixture()
        // Feed and detail want the very same settings: a handoff between them applies nothing, unless the engine
        // changed by itself.
        let feed = try await f.pool.makeSession(named: "feed")
        let detail = try await f.pool.makeSession(named: "detail")
        let lease = try await feed.acquire(clip)
        let engine = try #require(f.engine(of: lease))
        var statuses = feed.status(of: lease).makeAsyncIterator()
        #expect(await next(.playing, from: &statuses) != nil)
        engine.pauseBySystem(reason)
        #expect(await next(.paused(reason), from: &statuses) != nil)
        // The pool heard it and left it alone.
        #expect(engine.phase == .paused(reason))
        #expect(engine.record.applies.count == 1)
        #expect(await f.pool.metrics.outsideChanges == 1)
        let borrowed = try await detail.borrow(try await feed.lend(lease))
        #expect(engine.record.applies.count == 2)
        #expect(engine.phase == .playing)
        try await detail.giveBack(borrowed)
        // Nothing changed by itself since: the feed's identical settings are live, nothing to apply.
        #expect(engine.record.applies.count == 2)
    }

    @Test func anUnchangedUpdateAfterASystemPauseAppliesTheSettingsAgain() async throws {
        let f = PoolFixture()
        let pages = try await f.feedPlayingClip()
        var statuses = pages.feed.status(of: pages.lease).makeAsyncIterator()
        try await pages.feed.update { _ in }
        #expect(pages.engine.record.applies.count == 1)
        pages.engine.pauseBySystem(.outputLost)
        #expect(await next(.paused(.outputLost), from: &statuses) != nil)
        try await pages.feed.update { _ in }
        #expect(pages.engine.record.applies.count == 2)
        #expect(pages.engine.phase == .playing)
        #expect(await next(.playing, from: &statuses) != nil)
    }

    @Test func anOutsideUnpauseOfAPausedPageIsUndoneAtTheNextHandoff() async throws {
        let (_, feed, detail, lease, engine) = try await pausedPagesSharingAPlayer()
        var statuses = feed.status(of: lease).makeAsyncIterator()
        #expect(await next(.paused(.requested), from: &statuses) != nil)
        engine.resumeBySystem()
        #expect(await next(.playing, from: &statuses) != nil)
        _ = try await detail.borrow(try await feed.lend(lease))
        #expect(engine.phase == .paused(.requested))
    }
}

@Suite("PageSession: an outside unpause reported in one burst with a stall", .timeLimit(.minutes(1)))
struct PageSessionOutsideUnpauseTests {
    /// Found in review: a `.playing` followed by a `.buffering` in one burst was taken for an apply's echo and not
    /// judged, so the outside unpause of a paused page went unnoticed.
    @Test func anOutsideUnpauseFollowedByAStallIsStillNoticed() async throws {
        let (f, feed, detail, lease, engine) = try await pausedPagesSharingAPlayer()
        var statuses = feed.status(of: lease).makeAsyncIterator()
        #expect(await next(.paused(.requested), from: &statuses) != nil)
        engine.resumeBySystem()
        engine.stall()
        #expect(await next(.buffering, from: &statuses) != nil)
        #expect(await f.pool.metrics.outsideChanges == 1)
        _ = try await detail.borrow(try await feed.lend(lease))
        #expect(engine.record.applies.count == 2)
        engine.endStall()
        #expect(engine.phase == .paused(.requested))
    }
}

@Suite("PlayerPool: failure reports after shutdown, and a shutdown that waits for slow calls", .timeLimit(.minutes(1)))
struct PlayerPoolReviewFixTests {
    @Test func aReportAfterTheEngineWasShutDownIsIgnored() async throws {
        let f = PoolFixture()
        let pages = try await f.feedPlayingClip()
        let events = await f.pool.events()
        pages.engine.fail("decoder died")
        #expect(await waitFor(events) { $0 == .destroyed(pages.lease.player) } != nil)
        #expect(await f.pool.pendingFailureNotes == 0)
        pages.engine.fail("again, while torn down")
        #expect(await f.pool.pendingFailureNotes == 0)
        await f.pool.shutdown()
        pages.engine.fail("after the pool")
        #expect(await f.pool.pendingFailureNotes == 0)
    }

    @Test func aReportAfterATrimIsIgnored() async throws {
        let f = PoolFixture()
        let pages = try await f.feedPlayingClip()
        try await pages.feed.giveBack(pages.lease)
        await f.pool.trim(keepingIdle: 0)
        #expect(pages.engine.record.shutdowns == 1)
        pages.engine.fail("late")
        #expect(await f.pool.pendingFailureNotes == 0)
    }

    @Test func theShutdownWaitsForAFailedEngineWhoseLoadIsOnlySlow() async throws {
        let f = PoolFixture()
        let feed = try await f.pool.makeSession(named: "feed")
        f.loadGate.close()
        let acquire = Task { try await feed.acquire(clip) }
        await f.loadGate.waitForArrivals(1)
        let engine = try #require(f.engines.first)
        engine.fail("stream cut")
        #expect(await outcome(acquire).error == .engineFailed("stream cut"))
        let shutdown = Task { await f.pool.shutdown() }
        // The page's notices finish when the shutdown is under way; only then does the load return.
        _ = await drain(feed.notices)
        #expect(engine.record.shutdowns == 0)
        f.loadGate.open()
        await shutdown.value
        #expect(engine.record.shutdowns == 1)
        #expect(await f.pool.metrics.live == 0)
    }
}

@Suite("PageSession: status streams come and go with their readers", .timeLimit(.minutes(1)))
struct PageSessionStatusReadersTests {
    @Test func aCancelledReaderEndsOnlyItsOwnStreamAndTheNextHearsTheLatestStatus() async throws {
        let f = PoolFixture()
        let pages = try await f.feedPlayingClip()
        let first = Task {
            for await status in pages.feed.status(of: pages.lease) where status.phase == .buffering { return true }
            return false
        }
        first.cancel()
        _ = await first.value  // a loop that never ended would meet the suite's time limit
        pages.engine.stall()
        var statuses = pages.feed.status(of: pages.lease).makeAsyncIterator()
        #expect(await next(.buffering, from: &statuses) != nil)
        pages.engine.endStall()
        #expect(await next(.playing, from: &statuses) != nil)
    }

    /// A loop that holds the status stream, not the page: dropping the page closes it (its player is free for
    /// another page), which ends the lease and the loop.
    @Test func aPageDroppedWhileALoopReadsAStatusIsClosedAndTheLoopEnds() async throws {
        let f = PoolFixture(capacity: 1)
        weak var dropped: PageSession?
        let loop = try await { () async throws -> Task<Int, Never> in
            let page = try await f.pool.makeSession(named: "dropped", settings: feedSettings)
            dropped = page
            let lease = try await page.acquire(clip)
            return Task { [statuses = page.status(of: lease)] in
                var heard = 0
                for await _ in statuses { heard += 1 }
                return heard
            }
        }()
        _ = await loop.value  // a loop that never ended would meet the suite's time limit
        #expect(dropped == nil)
        #expect(await f.pool.snapshot().map(\.holders) == [[]])
        #expect(await f.pool.openStatusStreams == 0)
        let next = try await f.pool.makeSession(named: "next")
        _ = try await next.acquire(clip, timeout: .zero)
    }
}
