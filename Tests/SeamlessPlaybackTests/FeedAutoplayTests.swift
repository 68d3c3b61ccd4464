import SeamlessPlayback
import SeamlessPlaybackTesting
import Testing

/// A feed page of eight clips on a pool of three players, driven by a `FeedAutoplay` on the fixture's manual clock.
private struct AutoplayFeed {
    let fixture: PoolFixture
    let page: PageSession
    let feed: FeedAutoplay
    let items = (0..<8).map { MediaItem(id: "clip\($0)") }
    var changes: AsyncStream<FeedAutoplay.Change>.Iterator

    init(
        window: PreloadWindow = PreloadWindow(ahead: 0, behind: 0),
        failLoad: @escaping @Sendable (MediaItem) -> String? = { _ in nil }
    ) async throws {
        fixture = PoolFixture(capacity: 3, failLoad: failLoad)
        page = try await fixture.pool.makeSession(named: "feed", settings: PlaybackSettings(isMuted: true))
        feed = FeedAutoplay(
            pool: fixture.pool, session: page, items: items, window: window, clock: fixture.clock)
        changes = feed.changes.makeAsyncIterator()
    }

    /// The next change the hosts hear.
    mutating func next() async -> FeedAutoplay.Change? { await changes.next() }

    /// The players the page holds now.
    func held() async -> [PlayerSnapshot] {
        await fixture.pool.snapshot().filter { $0.holders.contains("feed") }
    }

    /// Shows one cell fully, at rest, and waits until it plays.
    mutating func show(_ index: Int) async throws -> PlayerLease {
        await feed.visibilityChanged([cell(index, 1)], phase: .idle)
        let change = await next()
        guard case .playing(index, let lease) = change else {
            Issue.record("expected cell \(index) to play, heard \(String(describing: change))")
            throw CancellationError()
        }
        return lease
    }
}

private func cell(_ index: Int, _ share: Double, _ distance: Double = 0) -> CellVisibility {
    CellVisibility(index: index, visibleFraction: share, distanceFromCenter: distance)
}

@Suite("FeedAutoplay: the selector's decisions carried out with the pool's players")
struct FeedAutoplayTests {
    @Test func theBestCellPlaysWithThePageSettingsUnpausedAndAStoppedOneGoesQuiet() async throws {
        var autoplay = try await AutoplayFeed()
        let first = try await autoplay.show(2)
        let engine = try #require(autoplay.fixture.engine(of: first))
        #expect(engine.lastApplied == PlaybackSettings(isMuted: true, isPaused: false))
        #expect(await autoplay.feed.playing?.index == 2)
        #expect(await autoplay.feed.playing?.lease == first)

        await autoplay.feed.visibilityChanged([cell(2, 0.1), cell(3, 0.9)], phase: .idle)
        #expect(await autoplay.next() == .stopped(index: 2))
        guard case .playing(3, let second) = await autoplay.next() else { throw CancellationError() }
        #expect(await autoplay.held().map(\.player) == [second.player])
        #expect(engine.lastApplied == .idle || engine === autoplay.fixture.engine(of: second))
    }

    @Test func aDecisionThatOvertakesAnAcquireInFlightCancelsIt() async throws {
        var autoplay = try await AutoplayFeed()
        autoplay.fixture.loadGate.close()
        await autoplay.feed.visibilityChanged([cell(0, 1)], phase: .idle)
        await autoplay.fixture.loadGate.waitForArrivals(1)
        // Returns once the overtaken acquire has ended, holding nothing.
        await autoplay.feed.visibilityChanged([cell(0, 0.2), cell(1, 1)], phase: .idle)
        #expect(await autoplay.held().isEmpty)
        #expect(await autoplay.fixture.pool.metrics.cancelledLoads >= 1)
        await autoplay.fixture.loadGate.waitForArrivals(2)
        autoplay.fixture.loadGate.open()
        guard case .playing(1, let lease) = await autoplay.next() else {
            Issue.record("cell 1 should play, and cell 0 never")
            return
        }
        #expect(lease.media.id == "clip1")
        #expect(await autoplay.held().count == 1)
    }

    @Test func whileTheListMovesOneTimerWaitsForTheSettleTime() async throws {
        var autoplay = try await AutoplayFeed()
        let clock = autoplay.fixture.clock
        await autoplay.feed.visibilityChanged([cell(4, 0.8)], phase: .dragging)
        await clock.waitForSleepers(count: 1)
        await autoplay.feed.visibilityChanged([cell(4, 0.9)], phase: .decelerating)
        #expect(clock.sleeperCount == 1)
        clock.advance(by: .milliseconds(149))
        #expect(await autoplay.feed.playing == nil)
        clock.advance(by: .milliseconds(1))
        guard case .playing(4, _) = await autoplay.next() else {
            Issue.record("cell 4 should play once settled")
            return
        }
        #expect(clock.sleeperCount == 0)
    }

    @Test func aLentPlayerMakesNoDecisionsUntilItComesBack() async throws {
        var autoplay = try await AutoplayFeed()
        let lease = try await autoplay.show(0)
        let detail = try await autoplay.fixture.pool.makeSession(named: "detail")
        let token = try await autoplay.page.lend(lease)
        let borrowed = try await detail.borrow(token)

        await autoplay.feed.visibilityChanged([cell(1, 1)], phase: .idle)
        await autoplay.feed.userPlayed(5)
        #expect(await autoplay.feed.playing?.index == 0)
        #expect(await autoplay.fixture.pool.snapshot().count { $0.holders.contains("feed") } == 1)

        try await detail.giveBack(borrowed)
        #expect(await autoplay.next() == .stopped(index: 0))
        guard case .playing(1, _) = await autoplay.next() else {
            Issue.record("cell 1 should play from the latest visibility")
            return
        }
    }

    @Test func theUsersPauseAndPlayUpdateThePageSettings() async throws {
        var autoplay = try await AutoplayFeed()
        let lease = try await autoplay.show(0)
        let engine = try #require(autoplay.fixture.engine(of: lease))
        await autoplay.feed.userPaused(0)
        #expect(await autoplay.page.settings.isPaused)
        #expect(engine.lastApplied?.isPaused == true)
        #expect(await autoplay.feed.playing == nil)
        // The user looks at the paused cell: nothing else starts, and it keeps its player.
        await autoplay.feed.visibilityChanged([cell(0, 0.6), cell(1, 1)], phase: .idle)
        #expect(await autoplay.held().map(\.player) == [lease.player])

        await autoplay.feed.userPlayed(0)
        #expect(await autoplay.next() == .playing(index: 0, lease: lease))
        #expect(await autoplay.page.settings.isPaused == false)
        #expect(engine.lastApplied?.isPaused == false)

        await autoplay.feed.userPaused(0)
        await autoplay.feed.userPlayed(1)
        #expect(await autoplay.next() == .stopped(index: 0))
        guard case .playing(1, let other) = await autoplay.next() else { throw CancellationError() }
        #expect(await autoplay.page.settings.isPaused == false)
        #expect(await autoplay.held().map(\.player) == [other.player])
    }

    @Test func thePlayingCellPointsThePoolsFocusSoTheNeighboursPreload() async throws {
        var autoplay = try await AutoplayFeed(window: PreloadWindow(ahead: 1, behind: 0))
        let events = await autoplay.fixture.pool.events()
        _ = try await autoplay.show(3)
        let preload = await waitFor(events) { if case .loaded(_, let item) = $0 { item.id == "clip4" } else { false } }
        #expect(preload != nil)
        #expect(await autoplay.held().compactMap(\.media?.id) == ["clip3"])
    }

    @Test func aFailedAcquireHoldsNothingAndTheNextCellStillPlays() async throws {
        var autoplay = try await AutoplayFeed { $0.id == "clip1" ? "no such clip" : nil }
        await autoplay.feed.visibilityChanged([cell(1, 1)], phase: .idle)
        while await autoplay.feed.quiescence.isAcquiring { await Task.yield() }
        #expect(await autoplay.feed.playing == nil)
        #expect(await autoplay.held().isEmpty)
        await autoplay.feed.visibilityChanged([cell(1, 0.2), cell(2, 1)], phase: .idle)
        guard case .playing(2, _) = await autoplay.next() else {
            Issue.record("cell 2 should play, and cell 1 never")
            return
        }
    }

    @Test func aPlayingCellWhoseEngineFailsIsReportedStopped() async throws {
        var autoplay = try await AutoplayFeed()
        let lease = try await autoplay.show(0)
        let engine = try #require(autoplay.fixture.engine(of: lease))
        engine.fail("decoder lost")
        #expect(await autoplay.next() == .stopped(index: 0))
        #expect(await autoplay.feed.playing == nil)
        #expect(await autoplay.held().isEmpty)
    }
}
