@_spi(EngineSupport) import SeamlessPlayback
import SeamlessPlaybackTesting
import Testing

@Suite("PlayerPool: capacity, waiters, failures, shutdown", .timeLimit(.minutes(1)))
struct PlayerPoolTests {
    @Test func waiterTimesOutOnThePoolsClockAndLeavesNoTrace() async throws {
        let f = PoolFixture(capacity: 1)
        let a = try await f.pool.makeSession(named: "a")
        let b = try await f.pool.makeSession(named: "b")
        let held = try await a.acquire(clip)
        let waiting = Task { try await b.acquire(film, timeout: .seconds(1)) }
        await f.clock.waitForSleepers(count: 1)
        #expect(await f.pool.metrics.waiting == 1)
        f.clock.advance(by: .milliseconds(999))
        #expect(f.clock.sleeperCount == 1, "the timer is set for later than its deadline")
        f.clock.advance(by: .milliseconds(1))
        #expect(await outcome(waiting).error == .timedOut)
        let metrics = await f.pool.metrics
        #expect(metrics.waiting == 0)
        #expect(metrics.timeouts == 1)
        // Full capacity is usable afterwards.
        try await a.giveBack(held)
        _ = try await b.acquire(film, timeout: .zero)
    }

    @Test func waitersAreServedInOrderAndACancelledOneIsSkipped() async throws {
        let f = PoolFixture(capacity: 1)
        let a = try await f.pool.makeSession(named: "a")
        let b = try await f.pool.makeSession(named: "b")
        let c = try await f.pool.makeSession(named: "c")
        let d = try await f.pool.makeSession(named: "d")
        let events = await f.pool.events()
        let held = try await a.acquire(clip)
        let tb = Task { try await b.acquire(film) }
        _ = await waitFor(events) { $0 == .queued(session: "b", film) }
        let tc = Task { try await c.acquire(trailer) }
        _ = await waitFor(events) { $0 == .queued(session: "c", trailer) }
        let td = Task { try await d.acquire(clip) }
        _ = await waitFor(events) { $0 == .queued(session: "d", clip) }
        tb.cancel()
        #expect(await outcome(tb).error == .cancelled)
        try await a.giveBack(held)
        let leaseC = try await outcome(tc).get()
        #expect(leaseC.session == "c")
        #expect(await f.pool.metrics.waiting == 1)
        try await c.giveBack(leaseC)
        #expect(try await outcome(td).get().session == "d")
        #expect(await f.pool.metrics.waiting == 0)
    }

    @Test func cancelledBeforeCallingChangesNothing() async throws {
        let f = PoolFixture(capacity: 1)
        let a = try await f.pool.makeSession(named: "a")
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await a.acquire(clip)
        }
        #expect(await outcome(task).error == .cancelled)
        #expect(await f.pool.metrics.live == 0)
        #expect(await f.pool.snapshot().isEmpty)
    }

    @Test func enginesBeingCreatedCountTowardCapacity() async throws {
        let f = PoolFixture(capacity: 1)
        let a = try await f.pool.makeSession(named: "a")
        let b = try await f.pool.makeSession(named: "b")
        let events = await f.pool.events()
        f.creationGate.close()
        let first = Task { try await a.acquire(clip) }
        await f.creationGate.waitForArrivals(1)
        let second = Task { try await b.acquire(film) }
        _ = await waitFor(events) { $0 == .queued(session: "b", film) }
        #expect(await f.pool.metrics.live == 0)
        f.creationGate.open()
        let lease = try await outcome(first).get()
        try await a.giveBack(lease)
        #expect(try await outcome(second).get().player == lease.player)
        #expect(f.engines.count == 1)
    }

    @Test func aTimeoutTooLongForAnyClockWaitsUntilCancelled() async throws {
        let pool = PlayerPool(configuration: .init(capacity: 1)) { SimulatedEngine() }
        let a = try await pool.makeSession(named: "a")
        let events = await pool.events()
        _ = try await a.acquire(clip)
        let waiting = Task { try await a.acquire(film, timeout: .seconds(Int64.max)) }
        _ = await waitFor(events) { $0 == .queued(session: "a", film) }
        waiting.cancel()
        #expect(await outcome(waiting).error == .cancelled)
        await pool.shutdown()
    }

    @Test func anEventStreamCanKeepOnlyTheNewestEventsWhileUnread() async throws {
        let pool = PlayerPool(configuration: .init(capacity: 1)) { SimulatedEngine() }
        let page = try await pool.makeSession(named: "a")
        let latest = await pool.events(bufferingPolicy: .bufferingNewest(2))
        let all = await pool.events()
        for _ in 0..<50 { try await page.giveBack(try await page.acquire(clip)) }
        await pool.shutdown()
        var kept: [PoolEvent] = []
        for await event in latest { kept.append(event) }
        var every: [PoolEvent] = []
        for await event in all { every.append(event) }
        #expect(every.count > 100, "the unbounded stream kept every event")
        #expect(kept == Array(every.suffix(2)), "the bounded one, the last two")
    }

    @Test func shutdownWhileACreateALoadAndAnApplyAreInFlight() async throws {
        let f = PoolFixture(capacity: 3)
        let a = try await f.pool.makeSession(named: "a", settings: feedSettings)
        let b = try await f.pool.makeSession(named: "b", settings: detailSettings)
        let held = try await a.acquire(clip)
        // The new engine's load begins once b's settings are on it (its second apply): held at the load gate.
        f.loadGate.close()
        let loading = Task { try await b.acquire(film) }
        await f.loadGate.waitForArrivals(2)
        f.applyGate.close()
        let applying = Task { try await a.update { $0.volume = 0.5 } }
        await f.applyGate.waitForArrivals(3)
        f.creationGate.close()
        let creating = Task { try await b.acquire(trailer) }
        await f.creationGate.waitForArrivals(3)
        let shutdown = Task { await f.pool.shutdown() }
        #expect(await outcome(loading).error == .poolShutDown)
        #expect(await outcome(creating).error == .poolShutDown)
        f.applyGate.open()
        f.loadGate.open()
        f.creationGate.open()
        await shutdown.value
        // The update's change was made before the shutdown: it completes rather than failing.
        #expect(await outcome(applying).error == nil)
        #expect(f.engines.count == 3)
        #expect(f.engines.allSatisfy { $0.record.shutdowns == 1 && !$0.record.sawUseAfterShutdown })
        #expect(await f.pool.metrics.live == 0)
        await #expect(throws: PlayerPoolError.poolShutDown) { try await a.giveBack(held) }
    }

    @Test func aGiveBackThatFreesThePlayerForAWaiterDoesNotWaitForTheWaitersApply() async throws {
        let f = PoolFixture(capacity: 1)
        let feed = try await f.pool.makeSession(named: "feed", settings: feedSettings)
        let other = try await f.pool.makeSession(named: "other", settings: detailSettings)
        let events = await f.pool.events()
        let lease = try await feed.acquire(clip)
        let waiting = Task { try await other.acquire(clip) }
        _ = await waitFor(events) { $0 == .queued(session: "other", clip) }
        f.applyGate.close()
        let arrivals = f.applyGate.arrivals
        // The give-back completes at once, with the waiter's apply still held at the gate.
        try await feed.giveBack(lease)
        await f.applyGate.waitForArrivals(arrivals + 1)
        #expect(f.engines.first?.lastApplied == feedSettings)
        f.applyGate.open()
        #expect(try await outcome(waiting).get().player == lease.player)
        #expect(f.engines.first?.lastApplied == detailSettings)
    }

    @Test func engineCreationFailureFreesTheSlot() async throws {
        let f = PoolFixture(capacity: 1)
        f.failNextCreations(1)
        let a = try await f.pool.makeSession(named: "a")
        await #expect(throws: PlayerPoolError.engineFailed("no engine today")) { _ = try await a.acquire(clip) }
        #expect(await f.pool.metrics.live == 0)
        _ = try await a.acquire(clip)
        #expect(await f.pool.metrics.live == 1)
    }

    @Test func loadFailureFreesTheSlotAndDoesNotStrandTheWaiter() async throws {
        let f = PoolFixture(capacity: 1, failLoad: { $0 == film ? "missing file" : nil })
        let a = try await f.pool.makeSession(named: "a")
        let b = try await f.pool.makeSession(named: "b")
        let events = await f.pool.events()
        f.loadGate.close()
        let failing = Task { try await a.acquire(film) }
        await f.loadGate.waitForArrivals(1)
        let waiting = Task { try await b.acquire(clip) }
        _ = await waitFor(events) { $0 == .queued(session: "b", clip) }
        f.loadGate.open()
        #expect(await outcome(failing).error == .engineFailed("missing file"))
        let lease = try await outcome(waiting).get()
        #expect(lease.media == clip)
        let metrics = await f.pool.metrics
        #expect(metrics.destroyed == 1)
        #expect(metrics.live == 1)
        #expect(f.engines.first?.record.shutdowns == 1)
    }

    @Test func shutdownFailsWaitersShutsEachEngineOnceAndFinishesStreams() async throws {
        let f = PoolFixture(capacity: 2)
        let a = try await f.pool.makeSession(named: "a")
        let b = try await f.pool.makeSession(named: "b")
        let events = await f.pool.events()
        _ = try await a.acquire(clip)
        _ = try await a.acquire(film)
        let waiting = Task { try await b.acquire(trailer, timeout: .seconds(30)) }
        _ = await waitFor(events) { $0 == .queued(session: "b", trailer) }
        await f.pool.shutdown()
        #expect(await outcome(waiting).error == .poolShutDown)
        #expect(f.engines.map(\.record.shutdowns) == [1, 1])
        for await _ in a.notices {}
        for await _ in events {}
        await #expect(throws: PlayerPoolError.poolShutDown) { _ = try await a.acquire(clip) }
        await #expect(throws: PlayerPoolError.poolShutDown) { _ = try await f.pool.makeSession(named: "late") }
        await #expect(throws: PlayerPoolError.poolShutDown) { try await f.pool.prewarm(clip) }
        await f.pool.shutdown()
        #expect(f.engines.map(\.record.shutdowns) == [1, 1])
        #expect(await f.pool.metrics.live == 0)
    }

    @Test func prewarmMakesTheNextAcquireWarmAndTrimKeepsHeldPlayers() async throws {
        let f = PoolFixture(capacity: 3)
        let a = try await f.pool.makeSession(named: "a")
        try await f.pool.prewarm(clip)
        try await f.pool.prewarm(film)
        #expect(await f.pool.metrics.idle == 2)
        let lease = try await a.acquire(clip)
        var metrics = await f.pool.metrics
        #expect(metrics.warmHits == 1)
        #expect(metrics.loads == 2)
        await f.pool.trim(keepingIdle: 0)
        metrics = await f.pool.metrics
        #expect(metrics.live == 1)
        #expect(metrics.idle == 0)
        #expect(await f.pool.snapshot().map(\.holders) == [["a"]])
        try await a.giveBack(lease)
    }

    @Test func eventsTellTheStoryInOrder() async throws {
        let f = PoolFixture(capacity: 1)
        let feed = try await f.pool.makeSession(named: "feed", settings: feedSettings)
        let detail = try await f.pool.makeSession(named: "detail", settings: detailSettings)
        let events = await f.pool.events()
        let lease = try await feed.acquire(clip)
        let borrowed = try await detail.borrow(try await feed.lend(lease))
        try await detail.giveBack(borrowed)
        await f.pool.shutdown()
        var seen: [PoolEvent] = []
        for await event in events { seen.append(event) }
        #expect(
            seen == [
                .created(lease.player), .loaded(lease.player, clip),
                .acquired(lease.player, session: "feed", warm: false),
                .handedOff(lease.player, from: "feed", to: "detail"),
                .qualityReported(lease.player, session: "feed", PlaybackQuality(startupTime: .zero)),
                .returned(lease.player, session: "detail"),
                .qualityReported(lease.player, session: "detail", PlaybackQuality(startupTime: .zero)),
                .qualityReported(lease.player, session: "feed", PlaybackQuality(startupTime: .zero)),
                .destroyed(lease.player),
            ])
    }

    /// Many pages race over few players with random operations, waits that time out on the manual clock,
    /// and cancellations that land while work is in flight; at quiescence every engine carries exactly its
    /// active holder's settings (rule 7), nothing waits, and nothing leaked.
    @Test(arguments: [1, 2, 3])
    func seededRaceOfManyPagesOverFewPlayers(seed: Int) async throws {
        let f = PoolFixture(capacity: 3, engineLatency: .microseconds(20))
        let pages = try await (0..<12).asyncMap { index in
            try await f.pool.makeSession(
                named: "page\(index)", settings: [feedSettings, detailSettings, miniSettings][index % 3])
        }
        let leases = Locked<[PlayerLease]>([])
        let tokens = Locked<[HandoffToken]>([])
        let finished = Locked(false)
        // Time moves on while the pages race, so waits time out; it stops once every page is done.
        let driver = Task {
            while !finished.value {
                f.clock.advance(by: .milliseconds(50))
                await Task.yield()
            }
        }
        await withTaskGroup(of: Void.self) { group in
            for (index, page) in pages.enumerated() {
                group.addTask {
                    var rng = SplitMix64(seed: UInt64(seed * 1000 + index))
                    var mine: [PlayerLease] = []
                    func maybeCancel(_ task: Task<PlayerLease, any Error>) async {
                        guard Int.random(in: 0..<4, using: &rng) == 0 else { return }
                        for _ in 0..<Int.random(in: 0...3, using: &rng) { await Task.yield() }
                        task.cancel()
                    }
                    for _ in 0..<150 {
                        switch Int.random(in: 0..<11, using: &rng) {
                        case 0, 1:
                            let item = [clip, film, trailer, MediaItem(id: "extra")].randomElement(using: &rng) ?? clip
                            // A timeout bounds the whole call and the clock runs far ahead of the engines' real
                            // latency, so half wait long enough (a minute: over a thousand turns of the driver)
                            // for their load and apply to land.
                            let timeout =
                                Bool.random(using: &rng)
                                ? Duration.seconds(60) : Duration.milliseconds(Int.random(in: 0...300, using: &rng))
                            let attempt = Task { try await page.acquire(item, timeout: timeout) }
                            await maybeCancel(attempt)
                            if let lease = try? await attempt.value { mine.append(lease) }
                        case 2, 3:
                            if let lease = mine.randomElement(using: &rng), let token = try? await page.lend(lease) {
                                tokens.withLock { $0.append(token) }
                            }
                        case 4, 5:
                            if let token = tokens.withLock({ $0.popLast() }) {
                                let attempt = Task { try await page.borrow(token) }
                                await maybeCancel(attempt)
                                if let lease = try? await attempt.value { mine.append(lease) }
                            }
                        case 6, 7:
                            if let lease = mine.popLast() { try? await page.giveBack(lease) }
                        case 8:
                            if let lease = mine.randomElement(using: &rng) { try? await page.reclaim(lease) }
                        default:
                            let volume = Double(Int.random(in: 0...10, using: &rng)) / 10
                            try? await page.update { $0.volume = volume }
                        }
                    }
                    leases.withLock { $0 += mine }
                }
            }
        }
        finished.withLock { $0 = true }
        await driver.value
        // Every call has returned: by the guarantee, nothing more needs to land.
        let engines = Dictionary(leases.value.map { ($0.player, $0.engine) }, uniquingKeysWith: { a, _ in a })
        for snapshot in await f.pool.snapshot() where !snapshot.holders.isEmpty {
            #expect(Set(snapshot.holders).count == snapshot.holders.count)
            let engine = try #require(engines[snapshot.player] as? SimulatedEngine)
            #expect(engine.lastApplied == snapshot.activeSettings, "seed \(seed) \(snapshot)")
        }
        for engine in f.engines { #expect(!engine.record.sawOverlap) }
        let metrics = await f.pool.metrics
        #expect(
            metrics.acquisitions > 0 && metrics.handoffs > 0 && metrics.timeouts > 0, "the race exercised too little")
        #expect(metrics.waiting == 0)
        #expect(metrics.live <= 3)
        #expect(f.engines.filter { $0.record.shutdowns == 0 }.count == metrics.live)
        #expect(await f.pool.checkInvariants() == [])
        #expect(await f.pool.pendingContinuations == 0)
        #expect(await f.pool.armedTimers == 0)
        for page in pages { await page.close() }
        #expect(await f.pool.metrics.idle == metrics.live)
    }
}

extension Sequence {
    func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var results: [T] = []
        for element in self { results.append(try await transform(element)) }
        return results
    }
}
