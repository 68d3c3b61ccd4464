import Testing

@testable import SeamlessPlayback

@Suite("PoolStateMachine: feed preloading")
struct PoolStateMachinePreloadTests {
    static let items = (0..<12).map { MediaItem(id: "a\($0)") }
    static let p = (1...4).map { PlayerID(pool: 1, number: UInt32($0)) }

    func item(_ index: Int) -> MediaItem { Self.items[index] }

    func focus(_ h: MachineHarness, _ index: Int, window: PreloadWindow = PreloadWindow()) -> [PoolAction] {
        h.step { $0.focusChanged(on: index, in: Self.items, window: window) }
    }

    func media(_ h: MachineHarness) -> [MediaItem?] {
        Self.p.map { h.machine.players[$0]?.media }
    }

    @Test func windowIsLoadedNearestFirstOnNewEngines() {
        let h = MachineHarness(capacity: 4)
        #expect(focus(h, 3) == Self.p.map { .run(.create, on: $0) })
        #expect(media(h) == [item(3), item(4), item(2), item(5)])
        #expect(
            h.step { $0.engineCreated(Self.p[0]) } == [.emit(.created(Self.p[0])), .run(.load(item(3)), on: Self.p[0])])
        #expect(h.machine.metrics.preloads == 4)
    }

    @Test func windowIsConfigurable() {
        let h = MachineHarness(capacity: 4)
        #expect(
            focus(h, 3, window: PreloadWindow(ahead: 0, behind: 2)) == Self.p.prefix(3).map { .run(.create, on: $0) })
        #expect(media(h) == [item(3), item(2), item(1), nil])
    }

    @Test func tellingTheSameFocusAgainDoesNothing() {
        let h = MachineHarness(capacity: 4)
        _ = focus(h, 3)
        h.settle()
        #expect(focus(h, 3) == [])
        #expect(h.machine.metrics.loads == 4)
    }

    @Test func movingOnRecyclesTheIdlePlayerFarthestFromTheFocus() {
        let h = MachineHarness(capacity: 4)
        _ = focus(h, 3)
        h.settle()
        // Window of 4: a4, a5, a3, a6. a2 left it.
        #expect(focus(h, 4) == [.emit(.evicted(Self.p[2], item(2))), .run(.load(item(6)), on: Self.p[2])])
    }

    @Test func aHeldPlayerIsNeverTouchedAndTheFartherItemsWait() throws {
        let h = MachineHarness(capacity: 2)
        let feed = h.open("feed", feedSettings)
        let held = try #require(h.acquire(feed, item(0)))
        #expect(focus(h, 5) == [.run(.create, on: Self.p[1])])
        #expect(h.machine.players[held.player]?.media == item(0))
        h.settle()
        // No idle player outside the window: a6 waits for one.
        #expect(focus(h, 5) == [])
        #expect(h.machine.players[held.player]?.stack.count == 1)
    }

    @Test func theHeldFocusedItemIsNotLoadedTwice() throws {
        let h = MachineHarness(capacity: 4)
        let feed = h.open("feed", feedSettings)
        _ = try #require(h.acquire(feed, item(3)))
        #expect(focus(h, 3) == Self.p.dropFirst().map { .run(.create, on: $0) })
        #expect(media(h) == [item(3), item(4), item(2), item(5)])
    }

    @Test func aPreloadWhoseLoadHasNotBegunIsDroppedWhenItsItemLeavesTheWindow() {
        let h = MachineHarness(capacity: 4)
        _ = focus(h, 0)  // a0, a1, a2 on engines still being made
        #expect(
            focus(h, 5) == [
                .emit(.evicted(Self.p[0], item(0))), .emit(.evicted(Self.p[1], item(1))),
                .emit(.evicted(Self.p[2], item(2))), .run(.create, on: Self.p[3]),
            ])
        // The freed players take the rest of the new window, nearest first.
        #expect(media(h) == [item(6), item(4), item(7), item(5)])
        #expect(
            h.step { $0.engineCreated(Self.p[0]) } == [.emit(.created(Self.p[0])), .run(.load(item(6)), on: Self.p[0])])
        h.settle()
        #expect(h.machine.metrics.loads == 4)
    }

    @Test func aRunningLoadMayFinishAndAQueuedOneIsDropped() {
        let h = MachineHarness(capacity: 1)
        _ = focus(h, 0)
        h.finishJob(Self.p[0])  // create; the load of a0 runs
        #expect(h.job(Self.p[0]) == .load(item(0)))
        #expect(focus(h, 5) == [.emit(.evicted(Self.p[0], item(0)))])  // a5 queued behind it
        // a5 leaves the window before its load began: dropped, back to the running a0; a9 replaces it.
        #expect(focus(h, 9) == [.emit(.evicted(Self.p[0], item(5))), .emit(.evicted(Self.p[0], item(0)))])
        #expect(
            h.step { $0.loadFinished(Self.p[0], media: item(0)) }
                == [.emit(.loaded(Self.p[0], item(0))), .run(.load(item(9)), on: Self.p[0])])
    }

    @Test func endingTheFocusDropsPendingPreloads() {
        let h = MachineHarness(capacity: 2)
        _ = focus(h, 0)
        #expect(
            h.step { $0.focusEnded() } == [.emit(.evicted(Self.p[0], item(0))), .emit(.evicted(Self.p[1], item(1)))])
        #expect(h.machine.feed == nil)
        #expect(h.step { $0.engineCreated(Self.p[0]) } == [.emit(.created(Self.p[0]))])
    }

    @Test func anIndexOutsideTheFeedEndsTheFocus() {
        let h = MachineHarness(capacity: 2)
        _ = focus(h, 0)
        #expect(focus(h, 12).count == 2)
        #expect(h.machine.feed == nil)
    }

    @Test func nothingIsPreloadedWhileAcquiresWait() throws {
        let h = MachineHarness(capacity: 1)
        let a = h.open("a")
        _ = try #require(h.acquire(a, item(0)))
        let r = h.request()
        _ = h.step { $0.acquireRequested(r, session: a, media: item(1), timeout: nil, now: .zero) }
        #expect(focus(h, 4) == [])
    }

    /// Three idle players, least recently used first: a9, a0, a5.
    func idleA9A0A5() throws -> (MachineHarness, SessionID) {
        let h = MachineHarness(capacity: 3)
        let page = h.open("page")
        for index in [9, 0, 5] {
            let grant = try #require(h.acquire(page, item(index)))
            let back = h.request()
            h.step { $0.giveBackRequested(back, lease: grant.key, by: page) }
        }
        return (h, page)
    }

    @Test func anAcquireRecyclesTheIdlePlayerFarthestFromTheFocusNotTheLeastRecentlyUsed() throws {
        let (h, page) = try idleA9A0A5()
        #expect(
            focus(h, 8, window: PreloadWindow(ahead: 0, behind: 0))
                == [.emit(.evicted(Self.p[1], item(0))), .run(.load(item(8)), on: Self.p[1])])
        h.settle()
        let r = h.request()
        // a9 (1 ahead) is the least recently used, a5 (3 behind) is the farthest.
        #expect(
            h.step { $0.acquireRequested(r, session: page, media: film, timeout: nil, now: .zero) }
                == [.emit(.evicted(Self.p[2], item(5))), .run(.load(film), on: Self.p[2])])
    }

    @Test func withoutAFocusAnAcquireRecyclesTheLeastRecentlyUsed() throws {
        let (h, page) = try idleA9A0A5()
        _ = focus(h, 8)
        h.settle()
        _ = h.step { $0.focusEnded() }
        let r = h.request()
        #expect(
            h.step { $0.acquireRequested(r, session: page, media: film, timeout: nil, now: .zero) }
                == [.emit(.evicted(Self.p[0], item(9))), .run(.load(film), on: Self.p[0])])
    }
}

@Suite("PoolStateMachine: an app's prewarm and the policy's preloads")
struct PoolStateMachinePreloadPrewarmTests {
    static let items = (0..<12).map { MediaItem(id: "a\($0)") }

    /// A prewarm that joined a preload the policy placed must not be answered as loaded when the focus moves on.
    @Test func aPrewarmJoiningAPlacedPreloadIsNotDroppedWithIt() {
        let h = MachineHarness(capacity: 4)
        h.step { $0.focusChanged(on: 0, in: Self.items, window: PreloadWindow()) }
        let prewarm = h.request()
        #expect(!h.step { $0.prewarmRequested(prewarm, media: Self.items[1]) }.succeeded(prewarm))
        let moved = h.step { $0.focusChanged(on: 8, in: Self.items, window: PreloadWindow()) }
        #expect(!moved.succeeded(prewarm))
        let rest = h.settle()
        #expect(rest.succeeded(prewarm))
        #expect(h.machine.players.values.contains { $0.loaded == Self.items[1] })
    }
}
