@_spi(EngineSupport) import SeamlessPlayback
import SeamlessPlaybackTesting
import Testing

@Suite("PlayerPool: feed focus and preloading", .timeLimit(.minutes(1)))
struct PlayerPoolFocusTests {
    static let items = (0..<10).map { MediaItem(id: "item\($0)") }

    func makePool(capacity: Int = 4) -> (PlayerPool, ManualClock) {
        let clock = ManualClock()
        let pool = PlayerPool(
            configuration: .init(capacity: capacity, loadTimeout: nil, applyTimeout: nil),
            clock: clock
        ) { SimulatedEngine(clock: clock, loadLatency: .milliseconds(250)) }
        return (pool, clock)
    }

    @Test func focusReturnsAtOnceAndTheWindowLoadsOnTheLanesTheFocusedItemFirst() async throws {
        let (pool, clock) = makePool()
        let events = await pool.events()
        await pool.focus(on: 3, in: Self.items)
        // Returned with the focused item's cold start asleep on the clock, alone: the neighbours wait for it.
        await clock.waitForSleepers(count: 1)
        #expect(await pool.metrics.preloads == 1)
        var loaded: [MediaItem] = []
        while loaded.count < 4 {
            await clock.waitForSleepers(count: 1)
            #expect(clock.sleeperCount == 1, "one cold start at a time")
            clock.advance(by: .milliseconds(250))
            guard case .loaded(_, let item)? = await waitFor(events, { if case .loaded = $0 { true } else { false } })
            else { break }
            loaded.append(item)
        }
        #expect(loaded == [Self.items[3], Self.items[4], Self.items[2], Self.items[5]])
        // The focused item opens warm, with no time passing on the clock.
        let feed = try await pool.makeSession(named: "feed")
        let lease = try await feed.acquire(Self.items[3])
        #expect(lease.media == Self.items[3])
        let metrics = await pool.metrics
        #expect(metrics.warmHits == 1)
        #expect(metrics.loads == 4)
        #expect(clock.now.offset == .milliseconds(1000))
        await pool.shutdown()
    }

    @Test func aFeedWhoseIndicesShiftKeepsEveryPreloadOfTheWindow() async throws {
        let (pool, clock) = makePool()
        let events = await pool.events()
        await pool.focus(on: 3, in: Self.items)
        for _ in 0..<4 {
            await clock.waitForSleepers(count: 1)
            clock.advance(by: .milliseconds(250))
            _ = await waitFor(events) { if case .loaded = $0 { true } else { false } }
        }
        let before = await pool.metrics
        // A refresh inserts two items at the top: the same media, two indices further.
        let refreshed = [MediaItem(id: "new0"), MediaItem(id: "new1")] + Self.items
        await pool.focus(on: 5, in: refreshed)
        let after = await pool.metrics
        #expect(after.preloads == before.preloads)
        #expect(after.loads == before.loads)
        #expect(clock.sleeperCount == 0)
        #expect(await pool.snapshot().compactMap(\.media?.id).sorted() == ["item2", "item3", "item4", "item5"])
        await pool.shutdown()
    }

    @Test func aHeldPlayerKeepsItsMediaWhenTheFocusMovesAway() async throws {
        let (pool, clock) = makePool(capacity: 2)
        let feed = try await pool.makeSession(named: "feed")
        let acquiring = Task { try await feed.acquire(Self.items[0]) }
        await clock.waitForSleepers(count: 1)
        clock.advance(by: .milliseconds(250))
        let lease = try await acquiring.value
        await pool.focus(on: 7, in: Self.items)
        #expect(await pool.metrics.preloads == 1)
        let held = await pool.snapshot().first { $0.player == lease.player }
        #expect(held?.media == Self.items[0])
        #expect(held?.holders == ["feed"])
        await pool.endFocus()
        try await feed.giveBack(lease)
        await pool.shutdown()
    }
}

@Suite("PlayerPool: the byte tier handed to the prefetcher", .timeLimit(.minutes(1)))
struct PlayerPoolByteTierTests {
    /// Records every plan it is handed.
    final class RecordingPrefetcher: BytePrefetching {
        let plans = Locked<[BytePrefetchPlan]>([])
        func update(_ plan: BytePrefetchPlan) { plans.withLock { $0.append(plan) } }
    }

    @Test func thePrefetcherIsHeldWhileTheFocusedItemLoadsAndEmptiedWhenTheFocusEnds() async throws {
        let prefetcher = RecordingPrefetcher()
        let loadGate = Gate(isOpen: false)
        let pool = PlayerPool(configuration: .init(capacity: 2, prefetcher: prefetcher)) {
            SimulatedEngine(loadGate: loadGate)
        }
        let items = (0..<10).map { MediaItem(id: "clip-\($0)") }
        let window = PreloadWindow(ahead: 1, behind: 0, bytesAhead: 2, bytesBehind: 0, bytesPerItem: 1_000)
        await pool.focus(on: 0, in: items, window: window)
        #expect(
            prefetcher.plans.value == [
                BytePrefetchPlan(items: [items[2], items[3]], bytesPerItem: 1_000, isHeld: true)
            ])
        await loadGate.waitForArrivals(1)
        loadGate.open()
        // The focused item loads, then its neighbour (the player tier first): the plan is handed again, no longer held.
        while prefetcher.plans.value.count < 2 { await Task.yield() }
        #expect(
            prefetcher.plans.value.last
                == BytePrefetchPlan(items: [items[2], items[3]], bytesPerItem: 1_000, isHeld: false))
        await pool.endFocus()
        #expect(prefetcher.plans.value.last == .empty)
        await pool.shutdown()
    }

    @Test func theClipOnScreenShortOfItsBufferHoldsTheBytesUntilItHoldsEnoughOrPauses() async throws {
        let prefetcher = RecordingPrefetcher()
        let engine = SimulatedEngine(duration: .seconds(30))
        let pool = PlayerPool(configuration: .init(capacity: 1, prefetcher: prefetcher)) { engine }
        let items = (0..<10).map { MediaItem(id: "clip-\($0)") }
        let window = PreloadWindow(
            ahead: 0, behind: 0, bytesAhead: 2, bytesBehind: 0, bytesPerItem: 1_000, focusedBufferAhead: .seconds(4))
        func planIsHeld(_ held: Bool) async {
            // Ends with the test's time limit rather than spinning on.
            while prefetcher.plans.value.last?.isHeld != held, !Task.isCancelled { await Task.yield() }
        }
        await pool.focus(on: 0, in: items, window: window)
        await planIsHeld(false)
        let feed = try await pool.makeSession(named: "feed")
        let lease = try await feed.acquire(items[0])
        // The clip plays and its engine says it holds one second: the link is the clip's.
        engine.setBufferedAhead(.seconds(1))
        await planIsHeld(true)
        var statuses = feed.status(of: lease).makeAsyncIterator()
        #expect(await statuses.next()?.bufferedAhead == .seconds(1), "the page hears it too")
        engine.setBufferedAhead(.seconds(5))
        await planIsHeld(false)
        engine.setBufferedAhead(.seconds(2))
        await planIsHeld(true)
        // Paused by its page, it takes nothing from the link.
        try await feed.update { $0.isPaused = true }
        await planIsHeld(false)
        #expect(
            prefetcher.plans.value.map(\.isHeld).suffix(5) == [false, true, false, true, false],
            "every change of the hold handed over once")
        try await feed.giveBack(lease)
        await pool.shutdown()
    }

    @Test("every engine hears the preload depth when it changes, and a new one before its first load")
    func theEnginesHearThePreloadDepth() async throws {
        let clock = ManualClock()
        let made = Locked<[SimulatedEngine]>([])
        let pool = PlayerPool(configuration: .init(capacity: 2, loadTimeout: nil, applyTimeout: nil), clock: clock) {
            let engine = SimulatedEngine(clock: clock, duration: .seconds(30))
            made.withLock { $0.append(engine) }
            return engine
        }
        let events = await pool.events()
        let items = PlayerPoolFocusTests.items
        await pool.focus(on: 0, in: items, window: PreloadWindow(ahead: 0, behind: 0))
        _ = await waitFor(events) { if case .loaded = $0 { true } else { false } }
        let first = try #require(made.withLock { $0.first })
        #expect(first.record.preloadDepths == [], "nothing measured yet: standard, as a new engine is")
        // A page plays it; its engine holds one second, then, half a second of play later, two and a half: it filled
        // three times as fast as it played, alone on the link.
        let feed = try await pool.makeSession(named: "feed")
        let lease = try await feed.acquire(items[0])
        first.setBufferedAhead(.seconds(1))
        clock.advance(by: .milliseconds(500))
        first.setBufferedAhead(.seconds(2))
        while first.record.preloadDepths.isEmpty, !Task.isCancelled { await Task.yield() }
        #expect(first.record.preloadDepths == [.lean])
        // The window grows: the neighbour's new engine hears the depth before its first load.
        await pool.focus(on: 0, in: items, window: PreloadWindow(ahead: 1, behind: 0))
        _ = await waitFor(events) { if case .loaded(_, items[1]) = $0 { true } else { false } }
        let second = try #require(made.withLock { $0.count == 2 ? $0[1] : nil })
        #expect(second.record.preloadDepths == [.lean])
        #expect(second.record.loadsAtPreloadDepths == [0])
        try await feed.giveBack(lease)
        await pool.shutdown()
    }

    /// Focused on item 0 with one neighbour ahead, both loaded; returns the two engines, item 0's first.
    func focusedOnItem0(_ fixture: PoolFixture, events: AsyncStream<PoolEvent>) async -> [SimulatedEngine] {
        await fixture.pool.focus(on: 0, in: PlayerPoolFocusTests.items, window: PreloadWindow(ahead: 1, behind: 0))
        var loaded = 0
        while loaded < 2, await waitFor(events, { if case .loaded = $0 { true } else { false } }) != nil { loaded += 1 }
        return fixture.engines
    }

    @Test func aFocusMoveUnloadsTheEnginesOfMediaTheWindowLeftAndAPageThenLoadsItAgain() async throws {
        let fixture = PoolFixture(capacity: 3)
        let pool = fixture.pool
        let events = await pool.events()
        let engines = await focusedOnItem0(fixture, events: events)
        #expect(engines.map(\.media) == [PlayerPoolFocusTests.items[0], PlayerPoolFocusTests.items[1]])
        let gates = engines.map { $0.hangNextUnload() }
        await pool.focus(on: 6, in: PlayerPoolFocusTests.items, window: PreloadWindow(ahead: 0, behind: 0))
        for gate in gates { await gate.waitForArrivals(1) }
        #expect(engines.map(\.record.unloads) == [1, 1])
        for gate in gates { gate.open() }
        // Item 0 is no warm hit any more: the page's acquire loads it again.
        let page = try await pool.makeSession(named: "feed", settings: feedSettings)
        let lease = try await page.acquire(PlayerPoolFocusTests.items[0])
        let acquired = await waitFor(events) { if case .acquired = $0 { true } else { false } }
        #expect(acquired == .acquired(lease.player, session: "feed", warm: false))
        #expect(fixture.engines.flatMap(\.record.loads).filter { $0 == PlayerPoolFocusTests.items[0] }.count == 2)
        #expect(fixture.engines.allSatisfy { !$0.record.sawOverlap })
        await page.close()
        await pool.shutdown()
    }

    @Test func anUnloadThatHangsPastTheApplyTimeoutFailsOnlyItsEngine() async throws {
        let fixture = PoolFixture(capacity: 3, timeouts: (load: nil, apply: .seconds(2)))
        let pool = fixture.pool
        let events = await pool.events()
        let engines = await focusedOnItem0(fixture, events: events)
        let hung = engines[1].hangNextUnload()
        await pool.focus(on: 6, in: PlayerPoolFocusTests.items, window: PreloadWindow(ahead: 0, behind: 0))
        await hung.waitForArrivals(1)
        fixture.clock.advance(by: .seconds(2))
        let failed = await waitFor(events) { if case .engineFailed = $0 { true } else { false } }
        guard case .engineFailed(_, let reason)? = failed else {
            Issue.record("no engine failed")
            return
        }
        #expect(reason.contains("unload"))
        // The pool goes on: a page gets a player, and nothing waits for the hung engine.
        let page = try await pool.makeSession(named: "feed", settings: feedSettings)
        let lease = try await page.acquire(PlayerPoolFocusTests.items[3])
        #expect(fixture.engine(of: lease)?.media == PlayerPoolFocusTests.items[3])
        hung.open()
        await engines[1].waitForShutdown()
        await page.close()
        await pool.shutdown()
    }
}
