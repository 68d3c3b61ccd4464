@_spi(EngineSupport) import SeamlessPlayback
import SeamlessPlaybackTesting
import Testing

/// A feed page of eight clips (or `count`) on a pool of three players, driven by a `FeedAutoplay` on the fixture's
/// manual clock.
private struct AutoplayFeed {
    let fixture: PoolFixture
    let page: PageSession
    let feed: FeedAutoplay
    let items: [MediaItem]
    var changes: AsyncStream<FeedAutoplay.Change>.Iterator

    init(
        count: Int = 8, window: PreloadWindow = PreloadWindow(ahead: 0, behind: 0),
        failLoad: @escaping @Sendable (MediaItem) -> String? = { _ in nil }
    ) async throws {
        items = (0..<count).map { MediaItem(id: "clip\($0)") }
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

@Suite("FeedAutoplay.changes: one stream per reader", .timeLimit(.minutes(1)))
struct FeedAutoplayChangesTests {
    @Test func twoReadersBothHearEveryChange() async throws {
        var autoplay = try await AutoplayFeed()
        var first = autoplay.feed.changes.makeAsyncIterator()
        var second = autoplay.feed.changes.makeAsyncIterator()
        let lease = try await autoplay.show(2)
        await autoplay.feed.visibilityChanged([cell(2, 0.1), cell(3, 0.9)], phase: .idle)
        #expect(await autoplay.next() == .stopped(index: 2))
        guard case .playing(3, let next) = await autoplay.next() else { throw CancellationError() }
        let heard: [FeedAutoplay.Change] = [
            .playing(index: 2, lease: lease), .stopped(index: 2), .playing(index: 3, lease: next),
        ]
        #expect(await [first.next(), first.next(), first.next()] == heard)
        #expect(await [second.next(), second.next(), second.next()] == heard)
    }

    @Test func cancellingOneReaderFinishesNoOtherAndANewReaderHearsTheCurrentStateFirst() async throws {
        var autoplay = try await AutoplayFeed()
        let lease = try await autoplay.show(0)
        // A cell's `.task`: it reads until SwiftUI cancels it.
        let heard = Locked<[FeedAutoplay.Change]>([])
        let reader = Task { [changes = autoplay.feed.changes] in
            for await change in changes { heard.withLock { $0.append(change) } }
        }
        while heard.value.isEmpty { await Task.yield() }
        #expect(heard.value == [.playing(index: 0, lease: lease)])
        reader.cancel()
        await reader.value

        // Autoplay is not deaf: the fixture's reader hears the next cell play.
        await autoplay.feed.visibilityChanged([cell(0, 0.1), cell(3, 1)], phase: .idle)
        #expect(await autoplay.next() == .stopped(index: 0))
        guard case .playing(3, let third) = await autoplay.next() else { throw CancellationError() }
        #expect(heard.value == [.playing(index: 0, lease: lease)])

        // The view appears again: its new reader hears where the player is, then the changes.
        var again = autoplay.feed.changes.makeAsyncIterator()
        #expect(await again.next() == .playing(index: 3, lease: third))
        await autoplay.feed.visibilityChanged([], phase: .idle)
        #expect(await again.next() == .stopped(index: 3))
    }

    @Test func aReaderThatComesWhileTheUserPausedTheCellHearsItHasThePlayer() async throws {
        var autoplay = try await AutoplayFeed()
        let lease = try await autoplay.show(1)
        await autoplay.feed.userPaused(1)
        var late = autoplay.feed.changes.makeAsyncIterator()
        #expect(await late.next() == .playing(index: 1, lease: lease))
    }
}

@Suite("FeedAutoplay.itemsChanged: a feed that changes", .timeLimit(.minutes(1)))
struct FeedAutoplayItemsChangedTests {
    private static func inserted(_ ids: String..., above items: [MediaItem]) -> [MediaItem] {
        ids.map { MediaItem(id: $0) } + items
    }

    @Test func anInsertAboveThePlayingCellMovesItsIndexAndKeepsItsPlayer() async throws {
        var autoplay = try await AutoplayFeed()
        let lease = try await autoplay.show(1)
        let engine = try #require(autoplay.fixture.engine(of: lease))
        let loads = engine.record.loads.count

        await autoplay.feed.itemsChanged(Self.inserted("new0", "new1", above: autoplay.items))
        #expect(await autoplay.next() == .playing(index: 3, lease: lease))
        #expect(await autoplay.feed.playing?.index == 3)
        #expect(await autoplay.held().map(\.player) == [lease.player])
        #expect(engine.record.loads.count == loads)
        #expect(engine.lastApplied == PlaybackSettings(isMuted: true, isPaused: false))

        // The list reports its cells by their new indices: cell 3 is the one that plays (kept above half).
        await autoplay.feed.visibilityChanged([cell(3, 0.6), cell(4, 0.9)], phase: .idle)
        #expect(await autoplay.feed.playing?.index == 3)
        await autoplay.feed.visibilityChanged([cell(3, 0.1), cell(4, 1)], phase: .idle)
        #expect(await autoplay.next() == .stopped(index: 3))
        guard case .playing(4, let next) = await autoplay.next() else { throw CancellationError() }
        #expect(next.media.id == "clip2")
    }

    @Test func aRefreshThatShiftsIndicesKeepsThePreloadsOfTheWindow() async throws {
        var autoplay = try await AutoplayFeed(window: PreloadWindow(ahead: 1, behind: 1))
        let events = await autoplay.fixture.pool.events()
        let lease = try await autoplay.show(3)
        var preloaded: Set<String> = []
        for await event in events {
            if case .loaded(_, let item) = event, item.id != "clip3" { preloaded.insert(item.id) }
            if preloaded == ["clip2", "clip4"] { break }
        }
        let before = await autoplay.fixture.pool.metrics

        await autoplay.feed.itemsChanged(Self.inserted("new0", "new1", above: autoplay.items))
        #expect(await autoplay.next() == .playing(index: 5, lease: lease))
        let after = await autoplay.fixture.pool.metrics
        #expect(after.loads == before.loads)
        #expect(after.preloads == before.preloads)
        let loaded = await autoplay.fixture.pool.snapshot().compactMap(\.media?.id).sorted()
        #expect(loaded == ["clip2", "clip3", "clip4"])
    }

    @Test func anAppendBringsNewItemsIntoThePreloadWindow() async throws {
        var autoplay = try await AutoplayFeed(count: 2, window: PreloadWindow(ahead: 1, behind: 0))
        let events = await autoplay.fixture.pool.events()
        let lease = try await autoplay.show(1)
        await autoplay.feed.itemsChanged(autoplay.items + [MediaItem(id: "clip2"), MediaItem(id: "clip3")])
        let preload = await waitFor(events) { if case .loaded(_, let item) = $0 { item.id == "clip2" } else { false } }
        #expect(preload != nil)
        #expect(await autoplay.feed.playing?.lease == lease)
        // Nothing moved, so the hosts heard nothing: the next change they hear is the next cell's.
        await autoplay.feed.visibilityChanged([cell(1, 0.1), cell(2, 1)], phase: .idle)
        #expect(await autoplay.next() == .stopped(index: 1))
        guard case .playing(2, let next) = await autoplay.next() else { throw CancellationError() }
        #expect(next.media.id == "clip2")
    }

    @Test func aRemovedPlayingPostStopsAndItsPlayerGoesBack() async throws {
        var autoplay = try await AutoplayFeed()
        _ = try await autoplay.show(2)
        await autoplay.feed.itemsChanged(autoplay.items.filter { $0.id != "clip2" })
        #expect(await autoplay.next() == .stopped(index: 2))
        #expect(await autoplay.feed.playing == nil)
        #expect(await autoplay.held().isEmpty)
        // The post below took its place: it plays once the list reports it.
        let next = try await autoplay.show(2)
        #expect(next.media.id == "clip3")
    }

    @Test func aPausedCellFollowsItsItemAndStopsWhenItLeaves() async throws {
        var autoplay = try await AutoplayFeed()
        let lease = try await autoplay.show(1)
        await autoplay.feed.userPaused(1)
        await autoplay.feed.itemsChanged(Self.inserted("new0", above: autoplay.items))
        #expect(await autoplay.next() == .playing(index: 2, lease: lease))
        #expect(await autoplay.page.settings.isPaused)
        // Still held back by the paused cell, now at 2.
        await autoplay.feed.visibilityChanged([cell(2, 0.6), cell(3, 1)], phase: .idle)
        #expect(await autoplay.held().map(\.player) == [lease.player])

        await autoplay.feed.itemsChanged(autoplay.items.filter { $0.id != "clip1" })
        #expect(await autoplay.next() == .stopped(index: 2))
        #expect(await autoplay.held().isEmpty)
    }

    @Test func anAcquireInFlightFollowsItsItem() async throws {
        var autoplay = try await AutoplayFeed()
        autoplay.fixture.loadGate.close()
        await autoplay.feed.visibilityChanged([cell(1, 1)], phase: .idle)
        await autoplay.fixture.loadGate.waitForArrivals(1)
        await autoplay.feed.itemsChanged(Self.inserted("new0", above: autoplay.items))
        autoplay.fixture.loadGate.open()
        guard case .playing(2, let lease) = await autoplay.next() else {
            Issue.record("clip1 should play at its new index")
            return
        }
        #expect(lease.media.id == "clip1")
    }

    @Test func anAcquireInFlightWhoseItemLeftIsCancelledAndNeverShown() async throws {
        var autoplay = try await AutoplayFeed()
        autoplay.fixture.loadGate.close()
        await autoplay.feed.visibilityChanged([cell(1, 1)], phase: .idle)
        await autoplay.fixture.loadGate.waitForArrivals(1)
        // Returns once the acquire has ended.
        await autoplay.feed.itemsChanged(autoplay.items.filter { $0.id != "clip1" })
        #expect(await autoplay.held().isEmpty)
        #expect(await autoplay.feed.quiescence.isAcquiring == false)
        autoplay.fixture.loadGate.open()
        let next = try await autoplay.show(1)
        #expect(next.media.id == "clip2")
    }

    @Test func aPlayingPostRemovedWhileLentStopsWhenItsPlayerComesBack() async throws {
        var autoplay = try await AutoplayFeed()
        let lease = try await autoplay.show(0)
        let detail = try await autoplay.fixture.pool.makeSession(named: "detail")
        let borrowed = try await detail.borrow(autoplay.page.lend(lease))
        await autoplay.feed.itemsChanged(autoplay.items.filter { $0.id != "clip0" })
        #expect(await autoplay.fixture.pool.snapshot().count { $0.holders.contains("feed") } == 1)
        try await detail.giveBack(borrowed)
        #expect(await autoplay.next() == .stopped(index: 0))
        while await !autoplay.held().isEmpty { await Task.yield() }
    }

    @Test func aPostListedTwiceKeepsPlayingWhenTheOtherCopyIsRemoved() async throws {
        var autoplay = try await AutoplayFeed(count: 3)
        let repost = MediaItem(id: "clip0")
        await autoplay.feed.itemsChanged(autoplay.items + [repost])
        let lease = try await autoplay.show(3)
        await autoplay.feed.itemsChanged(Array(autoplay.items.dropFirst()) + [repost])
        #expect(await autoplay.next() == .playing(index: 2, lease: lease))
        #expect(await autoplay.held().map(\.player) == [lease.player])
    }

    @Test func indicesOutsideTheFeedAreIgnored() async throws {
        var autoplay = try await AutoplayFeed(count: 3)
        // A header numbered past the feed, 95 % visible, does not keep real cell 0 at 90 % from playing.
        await autoplay.feed.visibilityChanged([cell(5, 0.95), cell(0, 0.9)], phase: .idle)
        guard case .playing(0, _) = await autoplay.next() else {
            Issue.record("cell 0 should play")
            return
        }
        await autoplay.feed.userPlayed(42)
        await autoplay.feed.userPaused(42)
        #expect(await autoplay.feed.playing?.index == 0)
        await autoplay.feed.visibilityChanged([cell(0, 0.1), cell(1, 1)], phase: .idle)
        #expect(await autoplay.next() == .stopped(index: 0))
    }
}
