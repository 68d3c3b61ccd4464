import SeamlessPlaybackTesting
import Testing

@_spi(EngineSupport) @testable import SeamlessPlayback

/// Loads nobody wants are cut short, and an acquire's timeout bounds its whole call: exact actions.
@Suite("PoolStateMachine: abandoned loads, whole-call timeouts")
struct PoolStateMachineAbandonTests {
    static let p1 = MachineHarness.pid1

    func acquire(_ h: MachineHarness, _ session: SessionID, _ media: MediaItem, timeout: Duration?) -> RequestID {
        let r = h.request()
        let now = h.now
        h.step { $0.acquireRequested(r, session: session, media: media, timeout: timeout, now: now) }
        return r
    }

    @Test func anAcquireTimesOutWhileItsEngineIsMadeAndNothingIsLoadedAfter() {
        let h = MachineHarness(capacity: 1)
        let feed = h.open("feed", feedSettings)
        let r = h.request()
        let started = h.step { $0.acquireRequested(r, session: feed, media: clip, timeout: .seconds(3), now: .zero) }
        #expect(started == [.run(.create, on: Self.p1), .startTimer(r, deadline: .seconds(3))])
        #expect(h.step { $0.timerFired(r, now: .seconds(2)) } == [.startTimer(r, deadline: .seconds(3))])
        let fired = h.step { $0.timerFired(r, now: .seconds(3)) }
        #expect(fired.failure(for: r) == .timedOut)
        #expect(h.machine.metrics.timeouts == 1)
        #expect(h.machine.players[Self.p1]?.stack.isEmpty == true)
        #expect(h.machine.players[Self.p1]?.media == nil)
        // The engine arrives: it goes quiet and loads nothing.
        h.settle()
        #expect(h.machine.metrics.loads == 0)
        #expect(h.machine.players[Self.p1]?.applied == .idle)
    }

    @Test func anAcquireTimesOutDuringItsLoadWhichIsCancelledAndTheEngineKept() throws {
        let h = MachineHarness(capacity: 1)
        let feed = h.open("feed", feedSettings)
        let r = acquire(h, feed, clip, timeout: .seconds(3))
        h.finishUntilLoad(Self.p1)
        #expect(h.job(Self.p1) == .load(clip))
        let fired = h.step { $0.timerFired(r, now: .seconds(3)) }
        #expect(fired.withoutEvents == [.fail(r, .timedOut), .cancelLoad(Self.p1, clip)])
        #expect(fired.contains(.emit(.timedOut(session: "feed", clip))))
        // A second acquire of other media takes the same engine once the load stopped.
        let next = acquire(h, feed, film, timeout: nil)
        #expect(
            h.step { $0.loadFinished(Self.p1, media: clip, failure: "cancelled") }.jobs == [
                .run(.load(film), on: Self.p1)
            ])
        #expect(h.settle().grant(for: next)?.player == Self.p1)
        #expect(h.machine.metrics.created == 1)
    }

    @Test func anAcquireTimesOutDuringItsApplyAndThePlayerGoesQuietAfter() throws {
        let h = MachineHarness(capacity: 1)
        let feed = h.open("feed", feedSettings)
        let detail = h.open("detail", detailSettings)
        let grant = try #require(h.acquire(feed, clip))
        let back = h.request()
        h.step { $0.giveBackRequested(back, lease: grant.key, by: feed) }
        h.settle()
        let r = acquire(h, detail, clip, timeout: .seconds(1))
        #expect(h.job(Self.p1) == .apply(detailSettings, version: 3))
        #expect(h.step { $0.timerFired(r, now: .seconds(1)) }.failure(for: r) == .timedOut)
        #expect(h.finishJob(Self.p1).jobs == [.run(.apply(.idle, version: 4), on: Self.p1)])
        h.settle()
        #expect(h.machine.players[Self.p1]?.applied == .idle)
        #expect(h.machine.metrics.cancelledLoads == 0)
    }

    @Test func aTimerAfterTheGrantCompletedDoesNothing() throws {
        let h = MachineHarness(capacity: 1)
        let feed = h.open("feed", feedSettings)
        let r = acquire(h, feed, clip, timeout: .seconds(3))
        #expect(h.settle().grant(for: r) != nil)
        #expect(h.step { $0.timerFired(r, now: .seconds(3)) } == [])
        #expect(h.machine.players[Self.p1]?.stack.count == 1)
    }

    @Test func aZeroTimeoutOnlyRefusesToWait() throws {
        let h = MachineHarness(capacity: 1)
        let feed = h.open("feed", feedSettings)
        let r = acquire(h, feed, clip, timeout: .zero)
        #expect(h.settle().grant(for: r) != nil)
        let refused = acquire(h, feed, film, timeout: .zero)
        #expect(h.machine.requests[refused] == nil)
    }

    @Test func aTimedOutFocusedItemIsNotPreloadedAgainWhileTheFocusLasts() {
        let h = MachineHarness(capacity: 2)
        let feed = h.open("feed", feedSettings)
        let window = PreloadWindow(ahead: 1, behind: 1)
        h.step { $0.focusChanged(on: 2, in: PoolStateMachinePreloadTests.items, window: window) }
        let dead = PoolStateMachinePreloadTests.items[2]
        h.finishJob(Self.p1)
        h.finishJob(Self.p1)
        #expect(h.job(Self.p1) == .load(dead))
        let r = acquire(h, feed, dead, timeout: .seconds(3))
        let fired = h.step { $0.timerFired(r, now: .seconds(3)) }
        #expect(fired.failure(for: r) == .timedOut)
        // The page gave up on it: the feed no longer wants it, so its load is cut short.
        #expect(fired.contains(.cancelLoad(Self.p1, dead)))
        #expect(h.machine.feed?.failed.contains(dead) == true)
        h.step { $0.loadFinished(Self.p1, media: dead, failure: "cancelled") }
        h.settle()
        h.step { $0.focusChanged(on: 3, in: PoolStateMachinePreloadTests.items, window: window) }
        h.settle()
        #expect(!h.machine.players.values.contains { $0.media == dead })
    }

    @Test func wantedMediaGoesToAnEngineNotStuckOnAnUnwantedLoad() {
        let h = MachineHarness(capacity: 2)
        let feed = h.open("feed", feedSettings)
        let p2 = MachineHarness.pid2
        // Player 1 loads the clip for an acquire that is then cancelled: its load is being cut short.
        let stuck = acquire(h, feed, clip, timeout: nil)
        h.finishUntilLoad(Self.p1)
        #expect(h.step { $0.requestCancelled(stuck) }.contains(.cancelLoad(Self.p1, clip)))
        #expect(h.machine.players[Self.p1]?.isStuckOnUnwantedLoad == true)
        // Player 2, used more recently, idles with the film.
        let warm = h.request()
        h.step { $0.prewarmRequested(warm, media: film) }
        for _ in 0..<3 { h.finishJob(p2) }
        #expect(h.machine.players[p2]?.loaded == film)
        // The trailer goes to player 2, though player 1 was used longest ago: player 1 is still busy.
        let r = acquire(h, feed, trailer, timeout: nil)
        #expect(h.machine.players[p2]?.media == trailer)
        #expect(h.job(p2) == .load(trailer))
        #expect(h.job(Self.p1) == .load(clip))
        #expect(h.finishJob(p2).jobs == [.run(.apply(feedSettings, version: 2), on: p2)])
        #expect(h.finishJob(p2).grant(for: r)?.player == p2)
    }

    @Test func shutdownCancelsEveryRunningLoad() {
        let h = MachineHarness(capacity: 2)
        let warm = h.request()
        h.step { $0.prewarmRequested(warm, media: clip) }
        h.finishJob(Self.p1)
        h.finishJob(Self.p1)
        #expect(h.job(Self.p1) == .load(clip))
        let down = h.request()
        let actions = h.step { $0.shutdownRequested(down) }
        #expect(actions.contains(.cancelLoad(Self.p1, clip)))
        #expect(actions.failure(for: warm) == .poolShutDown)
        h.step { $0.loadFinished(Self.p1, media: clip, failure: "cancelled") }
        #expect(h.settle().succeeded(down))
    }
}

/// The same rules on simulated engines, on a manual clock: what a page waits for when a load nobody wants is cut
/// short.
@Suite("PlayerPool: abandoned loads on simulated engines")
struct PlayerPoolAbandonTests {
    /// A pool of one engine whose loads take two seconds on a manual clock.
    func slowPool(applyTimeout: Duration? = nil, hang: Bool = false) -> (PlayerPool, ManualClock, Locked<[Gate]>) {
        let clock = ManualClock()
        let hangs = Locked<[Gate]>([])
        // No load timeout: the only sleepers on the clock are the test's own (a deadline, a load's latency).
        let configuration = PlayerPool.Configuration(capacity: 1, loadTimeout: nil, applyTimeout: applyTimeout)
        let pool = PlayerPool(configuration: configuration, clock: clock) {
            let engine = SimulatedEngine(clock: clock, loadLatency: .seconds(2))
            if hang { hangs.withLock { $0.append(engine.hangNextLoad()) } }
            return engine
        }
        return (pool, clock, hangs)
    }

    @Test func anAcquireTimesOutDuringItsLoadAndTheNextClipCostsOneLoad() async throws {
        let (pool, clock, _) = slowPool()
        let page = try await pool.makeSession(named: "feed")
        let first = Task { try await page.acquire(clip, timeout: .seconds(1)) }
        await clock.waitForSleepers(count: 2)  // the acquire's deadline and the load's latency
        clock.advance(by: .seconds(1))
        #expect(await outcome(first).error == .timedOut)
        #expect(await pool.metrics.cancelledLoads == 1)
        #expect(await pool.snapshot().first?.holders == [])
        // The cancelled load stopped at once: the film's load is all the next acquire waits for.
        let second = Task { try await page.acquire(film) }
        await clock.waitForSleepers(count: 1)
        clock.advance(by: .seconds(2))
        let lease = try await second.value
        #expect(lease.media == film)
        #expect(clock.now.offset == .seconds(3))
        #expect(await pool.metrics.created == 1)
    }

    @Test func anAcquireCancelledDuringItsLoadLeavesTheEngineFreeForTheNextClip() async throws {
        let (pool, clock, _) = slowPool()
        let page = try await pool.makeSession(named: "feed")
        let first = Task { try await page.acquire(clip) }
        await clock.waitForSleepers(count: 1)
        first.cancel()
        #expect(await outcome(first).error == .cancelled)
        let second = Task { try await page.acquire(film) }
        await clock.waitForSleepers(count: 1)
        clock.advance(by: .seconds(2))
        #expect(try await second.value.media == film)
        #expect(clock.now.offset == .seconds(2))
    }

    @Test func shutdownDuringAHungLoadReturnsWithinTheApplyTimeout() async throws {
        let (pool, clock, hangs) = slowPool(applyTimeout: .seconds(1), hang: true)
        let prewarm = Task { try await pool.prewarm(clip) }
        // The load is stuck at its hang; nothing sleeps on the clock.
        while hangs.withLock({ $0.first?.arrivals ?? 0 }) < 1 { await Task.yield() }
        let down = Task { await pool.shutdown() }
        // The shutdown cancels the load and gives it the apply timeout to stop.
        while clock.nextDeadline?.offset != .seconds(1) { await Task.yield() }
        clock.advance(by: .seconds(1))
        await down.value
        #expect(await outcome(prewarm).error != nil)
        #expect(await pool.metrics.cancelledLoads == 1)
        hangs.withLock { $0.first?.open() }
    }
}

extension PoolStateMachineAbandonTests {
    @Test func aPageClosedWhileItsAcquireLoadsCancelsTheLoad() {
        let h = MachineHarness(capacity: 1)
        let feed = h.open("feed", feedSettings)
        let r = acquire(h, feed, clip, timeout: nil)
        h.finishUntilLoad(Self.p1)
        #expect(h.job(Self.p1) == .load(clip))
        let close = h.request()
        let closing = h.step { $0.sessionClosed(feed, request: close) }
        #expect(closing.failure(for: r) == .sessionClosed)
        #expect(closing.contains(.cancelLoad(Self.p1, clip)))
        #expect(closing.succeeded(close))
    }
}

/// Found in review: loads cut short that someone still wanted, a cut-short load taken for a failed one, a stale retry.
extension PoolStateMachineAbandonTests {
    @Test func aLoadAQueuedAcquireWantsIsNotCutShortWhenItsFirstPageLeaves() {
        let h = MachineHarness(capacity: 1)
        let a = h.open("a", feedSettings)
        let b = h.open("b", detailSettings)
        let first = acquire(h, a, clip, timeout: nil)
        h.finishUntilLoad(Self.p1)
        #expect(h.job(Self.p1) == .load(clip))
        let second = acquire(h, b, clip, timeout: nil)
        #expect(h.machine.requests[second] != nil)
        let cancelled = h.step { $0.requestCancelled(first) }
        #expect(cancelled.failure(for: first) == .cancelled)
        #expect(!cancelled.contains(.cancelLoad(Self.p1, clip)))
        // The waiting page takes the player, its load still running: one load in all.
        #expect(h.settle().grant(for: second)?.player == Self.p1)
        #expect(h.machine.metrics.loads == 1)
    }

    @Test func aLoadCutShortBecauseTheFocusMovedOnIsNotAFailedPreload() {
        let h = MachineHarness(capacity: 4)
        let window = PreloadWindow(ahead: 1, behind: 0)
        let items = PoolStateMachinePreloadTests.items
        h.step { $0.focusChanged(on: 0, in: items, window: window) }
        for _ in 0..<3 { h.finishJob(Self.p1) }
        for _ in 0..<2 { h.finishJob(MachineHarness.pid2) }
        #expect(h.job(MachineHarness.pid2) == .load(items[1]))
        let moved = h.step { $0.focusChanged(on: 5, in: items, window: window) }
        #expect(moved.contains(.cancelLoad(MachineHarness.pid2, items[1])))
        // Back at the start before the cut-short load returns: the item is wanted again, and stays so.
        h.step { $0.focusChanged(on: 0, in: items, window: window) }
        h.step { $0.loadFinished(MachineHarness.pid2, media: items[1], failure: "cancelled") }
        h.settle()
        #expect(h.machine.feed?.failed.contains(items[1]) == false)
        #expect(h.machine.players.values.contains { $0.loaded == items[1] })
    }

    @Test func aStaleRetryTimerDoesNotStartAnotherMediasRetryEarly() {
        let h = MachineHarness(capacity: 1)
        let feed = h.open("feed", feedSettings)
        let r = acquire(h, feed, clip, timeout: nil)
        h.finishUntilLoad(Self.p1)
        let offline = MediaFailure(.network, reason: "refused")
        h.step { $0.loadFinished(Self.p1, media: clip, failure: "refused", mediaFailure: offline) }
        #expect(h.step { $0.retryDue(Self.p1, media: film) } == [])
        #expect(h.machine.players[Self.p1]?.retryPending == true)
        #expect(h.step { $0.retryDue(Self.p1, media: clip) }.jobs == [.run(.load(clip), on: Self.p1)])
        #expect(h.settle().grant(for: r) != nil)
    }

    // MARK: Media let go of

    /// A pool focused on a0 with a window of one ahead, a0 and a1 loaded and idle.
    func focusedOnA0(_ h: MachineHarness) {
        let items = PoolStateMachinePreloadTests.items
        h.step { $0.focusChanged(on: 0, in: items, window: PreloadWindow(ahead: 1, behind: 0)) }
        h.settle()
    }

    @Test func aFocusMoveLetsGoOfLoadedMediaTheWindowNoLongerWantsAndTheEngineUnloadsIt() throws {
        let h = MachineHarness(capacity: 4)
        let items = PoolStateMachinePreloadTests.items
        focusedOnA0(h)
        #expect(h.machine.players[Self.p1]?.loaded == items[0])
        #expect(h.machine.players[MachineHarness.pid2]?.loaded == items[1])
        // A fling to a5: its engine is made (a slot is free); a0 and a1 are let go of, their engines told to unload.
        let moved = h.step { $0.focusChanged(on: 5, in: items, window: PreloadWindow(ahead: 1, behind: 0)) }
        #expect(
            moved == [
                .run(.create, on: MachineHarness.pid3), .emit(.evicted(Self.p1, items[0])), .run(.unload, on: Self.p1),
                .emit(.evicted(MachineHarness.pid2, items[1])), .run(.unload, on: MachineHarness.pid2),
            ])
        #expect(h.machine.players[Self.p1]?.media == nil)
        #expect(h.step { $0.unloadFinished(Self.p1) } == [])
        #expect(h.machine.players[Self.p1]?.loaded == nil)
        #expect(h.machine.players[Self.p1]?.isLaneFree == true)
        // An unload reported twice, or for a lane that runs no unload, changes nothing.
        #expect(h.step { $0.unloadFinished(Self.p1) } == [])
        // a0 is no warm hit any more: a page that wants it has it loaded again.
        let feed = h.open("feed", feedSettings)
        let r = acquire(h, feed, items[0], timeout: nil)
        let actions = h.settle()
        let grant = try #require(actions.grant(for: r))
        #expect(actions.contains(.run(.load(items[0]), on: grant.player)))
    }

    @Test func withoutAFocusAGivenBackPlayerKeepsItsMediaForAWarmHit() throws {
        let h = MachineHarness(capacity: 1)
        let feed = h.open("feed", feedSettings)
        let grant = try #require(h.acquire(feed, clip))
        let back = h.request()
        h.step { $0.giveBackRequested(back, lease: grant.key, by: feed) }
        let settled = h.settle()
        #expect(!settled.contains(.run(.unload, on: Self.p1)))
        #expect(h.machine.players[Self.p1]?.loaded == clip)
        #expect(h.machine.players[Self.p1]?.media == clip)
    }

    /// A page holding a9 while the pool is focused on a0: a9 is outside the window.
    func a9HeldWhileFocusedOnA0(_ h: MachineHarness) throws -> (SessionID, Grant) {
        let feed = h.open("feed", feedSettings)
        let grant = try #require(h.acquire(feed, PoolStateMachinePreloadTests.items[9]))
        focusedOnA0(h)
        return (feed, grant)
    }

    @Test func aPlayerGivenBackOutsideTheWindowGoesQuietThenUnloads() throws {
        let h = MachineHarness(capacity: 4)
        let items = PoolStateMachinePreloadTests.items
        let (feed, grant) = try a9HeldWhileFocusedOnA0(h)
        // Held: the focus lets go of nothing a page holds.
        #expect(h.machine.players[grant.player]?.media == items[9])
        let back = h.request()
        let given = h.step { $0.giveBackRequested(back, lease: grant.key, by: feed) }
        #expect(given.contains(.emit(.evicted(grant.player, items[9]))))
        #expect(given.jobs == [.run(.apply(.idle, version: 2), on: grant.player)])
        // The give-back returns once the idle settings are on; the unload comes after.
        let quiet = h.finishJob(grant.player)
        #expect(quiet.contains(.succeed(back)))
        #expect(quiet.jobs == [.run(.unload, on: grant.player)])
        h.finishJob(grant.player)
        #expect(h.machine.players[grant.player]?.loaded == nil)
    }

    @Test func mediaLetGoOfIsKeptWhenTheWindowWantsItAgainBeforeItsUnloadBegins() throws {
        let h = MachineHarness(capacity: 4)
        let items = PoolStateMachinePreloadTests.items
        let (feed, grant) = try a9HeldWhileFocusedOnA0(h)
        let back = h.request()
        h.step { $0.giveBackRequested(back, lease: grant.key, by: feed) }
        #expect(h.machine.players[grant.player]?.media == nil)
        #expect(h.job(grant.player) == .apply(.idle, version: 2))
        // The user is back at a9 while its engine still goes quiet: a9 is kept, and no unload follows.
        h.step { $0.focusChanged(on: 9, in: items, window: PreloadWindow(ahead: 1, behind: 0)) }
        #expect(h.machine.players[grant.player]?.media == items[9])
        let quiet = h.finishJob(grant.player)
        #expect(!quiet.contains(.run(.unload, on: grant.player)))
        #expect(h.machine.players[grant.player]?.loaded == items[9])
        // A page that wants it now is a warm hit.
        let r = acquire(h, feed, items[9], timeout: nil)
        let settled = h.settle()
        #expect(settled.grant(for: r)?.player == grant.player)
        #expect(!settled.jobs.contains { $0 == .run(.load(items[9]), on: grant.player) })
        #expect(h.machine.players.values.filter { $0.job == .unload }.isEmpty)
    }

    @Test func mediaLetGoOfIsKeptWhenTheFocusEndsBeforeItsUnloadBegins() throws {
        let h = MachineHarness(capacity: 4)
        let (feed, grant) = try a9HeldWhileFocusedOnA0(h)
        let back = h.request()
        h.step { $0.giveBackRequested(back, lease: grant.key, by: feed) }
        #expect(h.machine.players[grant.player]?.media == nil)
        h.step { $0.focusEnded() }
        #expect(h.machine.players[grant.player]?.media == PoolStateMachinePreloadTests.items[9])
        #expect(!h.settle().contains(.run(.unload, on: grant.player)))
    }

    @Test func anAppsPrewarmIsForgottenOnceItsPlayerLoadsOtherMedia() throws {
        let h = MachineHarness(capacity: 1)
        let items = PoolStateMachinePreloadTests.items
        let warm = h.request()
        h.step { $0.prewarmRequested(warm, media: items[0]) }
        h.settle()
        #expect(h.machine.players[Self.p1]?.prewarmedByApp == items[0])
        // The feed's policy takes the player for a1, then for a0 again: a0 is the policy's now, and is let go of
        // when the focus moves on.
        h.step { $0.focusChanged(on: 1, in: items, window: PreloadWindow(ahead: 0, behind: 0)) }
        h.settle()
        #expect(h.machine.players[Self.p1]?.prewarmedByApp == nil)
        h.step { $0.focusChanged(on: 0, in: items, window: PreloadWindow(ahead: 0, behind: 0)) }
        h.settle()
        #expect(h.machine.players[Self.p1]?.loaded == items[0])
        let moved = h.step { $0.focusChanged(on: 5, in: items, window: PreloadWindow(ahead: 0, behind: 0)) }
        #expect(moved.contains(.emit(.evicted(Self.p1, items[0]))))
    }

    @Test func nothingIsLetGoOfWhileAnAcquireWaitsForAPlayer() throws {
        let h = MachineHarness(capacity: 1)
        let items = PoolStateMachinePreloadTests.items
        // A page whose settings are the idle ones: given back, its engine needs no apply, and an unload could start
        // at once.
        let feed = h.open("feed", .idle)
        let detail = h.open("detail", detailSettings)
        let grant = try #require(h.acquire(feed, items[9]))
        h.step { $0.focusChanged(on: 0, in: items, window: PreloadWindow(ahead: 0, behind: 0)) }
        let r = acquire(h, detail, film, timeout: nil)
        let back = h.request()
        // The waiting acquire recycles the player given back (evicting a9 for the film): no unload comes first.
        let given = h.step { $0.giveBackRequested(back, lease: grant.key, by: feed) }
        let settled = h.settle()
        #expect(!(given + settled).contains(.run(.unload, on: grant.player)))
        #expect(settled.grant(for: r)?.player == grant.player)
    }

    @Test func mediaAnAppPrewarmedStaysLoadedWhenTheFocusMovesAway() {
        let h = MachineHarness(capacity: 4)
        let items = PoolStateMachinePreloadTests.items
        let warm = h.request()
        h.step { $0.prewarmRequested(warm, media: film) }
        #expect(h.settle().contains(.succeed(warm)))
        focusedOnA0(h)
        let moved = h.step { $0.focusChanged(on: 5, in: items, window: PreloadWindow(ahead: 1, behind: 0)) }
        #expect(moved.contains(.run(.unload, on: MachineHarness.pid2)))
        #expect(!moved.contains(.run(.unload, on: Self.p1)))
        #expect(h.machine.players[Self.p1]?.loaded == film)
        #expect(h.machine.players[Self.p1]?.media == film)
    }

    @Test func anAcquireThatRecyclesAPlayerWhileItUnloadsLoadsAfterTheUnload() throws {
        let h = MachineHarness(capacity: 2)
        let items = PoolStateMachinePreloadTests.items
        focusedOnA0(h)
        h.step { $0.focusChanged(on: 8, in: items, window: PreloadWindow(ahead: 0, behind: 0)) }
        // a8 went to the player farthest from the focus (a0's), a1's player unloads.
        #expect(h.job(Self.p1) == .load(items[8]))
        #expect(h.job(MachineHarness.pid2) == .unload)
        h.finishJob(Self.p1)
        let feed = h.open("feed", feedSettings)
        let r = acquire(h, feed, film, timeout: nil)
        // The acquire takes the emptied player; its settings and load wait for the unload.
        #expect(h.job(MachineHarness.pid2) == .unload)
        let unloaded = h.step { $0.unloadFinished(MachineHarness.pid2) }
        #expect(unloaded.jobs.count == 1)
        #expect(h.job(MachineHarness.pid2) == .apply(feedSettings, version: 2))
        #expect(h.settle().grant(for: r)?.player == MachineHarness.pid2)
        #expect(h.machine.players[MachineHarness.pid2]?.loaded == film)
    }
}
