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

    @Test func theFocusedItemLoadsAloneThenTheNeighboursOneAtATimeNearestFirst() {
        let h = MachineHarness(capacity: 4)
        let (p1, p2, p3, p4) = (Self.p[0], Self.p[1], Self.p[2], Self.p[3])
        #expect(focus(h, 3) == [.run(.create, on: p1)])
        #expect(media(h) == [item(3), nil, nil, nil])
        // While the focused item's engine is made, goes quiet and loads, nothing else starts.
        #expect(h.step { $0.engineCreated(p1) } == [.emit(.created(p1)), .run(.apply(.idle, version: 1), on: p1)])
        #expect(focus(h, 3) == [])
        #expect(h.step { $0.applyFinished(p1, version: 1) } == [.run(.load(item(3)), on: p1)])
        #expect(focus(h, 3) == [])
        // Loaded: the nearest neighbour starts, alone.
        #expect(
            h.step { $0.loadFinished(p1, media: item(3)) } == [.emit(.loaded(p1, item(3))), .run(.create, on: p2)])
        #expect(h.step { $0.engineCreated(p2) } == [.emit(.created(p2)), .run(.apply(.idle, version: 1), on: p2)])
        #expect(h.step { $0.applyFinished(p2, version: 1) } == [.run(.load(item(4)), on: p2)])
        #expect(
            h.step { $0.loadFinished(p2, media: item(4)) } == [.emit(.loaded(p2, item(4))), .run(.create, on: p3)])
        h.finishJob(p3)
        h.finishJob(p3)
        #expect(
            h.step { $0.loadFinished(p3, media: item(2)) } == [.emit(.loaded(p3, item(2))), .run(.create, on: p4)])
        h.settle()
        #expect(media(h) == [item(3), item(4), item(2), item(5)])
        #expect(h.machine.metrics.preloads == 4)
        #expect(h.machine.metrics.loads == 4)
    }

    /// A stall of the focused clip drops the neighbour's preload not yet loading, and starts none until its engine
    /// reports it out of buffering.
    @Test("a stall of the clip on screen holds the neighbours' preloads")
    func aStallOfTheClipOnScreenHoldsTheNeighbours() {
        let h = MachineHarness(capacity: 4)
        let (p1, p2, p3) = (Self.p[0], Self.p[1], Self.p[2])
        func report(_ player: PlayerID, _ phase: PlaybackPhase) -> [PoolAction] {
            h.step { $0.statusReported(player, PlaybackStatus(phase: phase, position: .zero, duration: nil)) }
        }
        _ = focus(h, 3)
        for _ in 0..<3 { h.finishJob(p1) }
        #expect(media(h) == [item(3), item(4), nil, nil], "loaded: the nearest neighbour's engine is being made")
        // The clip on screen runs dry before the neighbour's load began: the neighbour is dropped.
        #expect(report(p1, .buffering) == [.emit(.evicted(p2, item(4)))])
        #expect(report(p1, .buffering) == [])
        #expect(focus(h, 3) == [], "the same focus again starts nothing either")
        h.settle()
        #expect(media(h) == [item(3), nil, nil, nil])
        #expect(h.machine.metrics.loads == 1)
        // Playing again: the neighbours follow, nearest first, one at a time (a new engine while there is room).
        #expect(report(p1, .playing).jobs == [.run(.create, on: p3)])
        #expect(report(p1, .playing) == [])
        #expect(media(h) == [item(3), nil, item(4), nil])
        h.finishJob(p3)
        h.finishJob(p3)
        // A neighbour's engine buffering holds nothing.
        #expect(report(p3, .buffering) == [])
        #expect(h.step { $0.loadFinished(p3, media: item(4)) }.jobs == [.run(.create, on: Self.p[3])])
        h.settle()
        #expect(media(h) == [item(3), item(5), item(4), item(2)])
        #expect(h.machine.checkInvariants() == [])
    }

    /// The focused clip plays with less than the window's `focusedBufferAhead` in hand: the neighbours wait as for a
    /// stall, until a report says it holds enough or its end.
    @Test("a clip on screen short of its buffer holds the neighbours' preloads until it holds enough or its end")
    func aShortBufferOfTheClipOnScreenHoldsTheNeighbours() {
        let h = MachineHarness(capacity: 4)
        let (p1, p2, p3) = (Self.p[0], Self.p[1], Self.p[2])
        func report(_ position: Int, ahead: Duration?, phase: PlaybackPhase = .playing) -> [PoolAction] {
            let status = PlaybackStatus(
                phase: phase, position: .seconds(position), duration: .seconds(10), bufferedAhead: ahead)
            return h.step { $0.statusReported(p1, status) }
        }
        _ = focus(h, 3)
        for _ in 0..<3 { h.finishJob(p1) }
        #expect(media(h) == [item(3), item(4), nil, nil])
        // One second in hand of the four the default window asks for: the neighbour not yet loading is dropped.
        #expect(report(0, ahead: .seconds(1)) == [.emit(.evicted(p2, item(4)))])
        #expect(report(0, ahead: .milliseconds(3_999)) == [], "still short")
        #expect(h.machine.needsTheLink(p1))
        // Paused, it takes nothing from the link: the neighbours go.
        #expect(report(0, ahead: .seconds(1), phase: .paused(.requested)).jobs == [.run(.create, on: p3)])
        h.finishJob(p3)
        h.finishJob(p3)
        #expect(report(0, ahead: .seconds(1)) == [], "short again: the load that began runs on")
        #expect(h.step { $0.loadFinished(p3, media: item(4)) } == [.emit(.loaded(p3, item(4)))], "held")
        // Its end is in hand (7 s + 2.9 s of a 10 s clip, within the end's slack), though short of four seconds.
        #expect(report(7, ahead: .milliseconds(2_900)).jobs == [.run(.create, on: Self.p[3])])
        #expect(h.machine.needsTheLink(p1) == false)
        #expect(h.machine.checkInvariants() == [])
    }

    /// A link that brings the clip on screen twice what it plays can spare the rest before the clip holds its target;
    /// once the clip falls behind (others share the link), the neighbours wait again.
    @Test("a clip on screen whose buffer fills twice as fast as it plays lets the neighbours go before its target")
    func aClipOnScreenThatFillsFastLetsTheNeighboursGo() {
        let h = MachineHarness(capacity: 4)
        let p1 = Self.p[0]
        func report(_ milliseconds: Int, ahead: Int) -> [PoolAction] {
            let status = PlaybackStatus(
                phase: .playing, position: .milliseconds(milliseconds), duration: .seconds(10),
                bufferedAhead: .milliseconds(ahead))
            return h.step { $0.statusReported(p1, status) }
        }
        _ = focus(h, 3)
        for _ in 0..<3 { h.finishJob(p1) }
        #expect(report(0, ahead: 300) == [.emit(.evicted(Self.p[1], item(4)))], "short, nothing measured")
        #expect(h.machine.needsTheLink(p1))
        // Half a second later it holds 1.8 s: it filled 2 s in 0.5 s of play, four times its pace.
        #expect(report(500, ahead: 1_800).jobs == [.run(.create, on: Self.p[2])])
        #expect(h.machine.needsTheLink(p1) == false)
        h.finishJob(Self.p[2])
        h.finishJob(Self.p[2])
        // Sharing the link, it ran down to 0.8 s over five seconds: the next neighbour waits.
        #expect(report(5_500, ahead: 800) == [])
        #expect(h.machine.needsTheLink(p1))
        #expect(h.step { $0.loadFinished(Self.p[2], media: item(4)) } == [.emit(.loaded(Self.p[2], item(4)))])
        // Alone again, it gains twice its pace: the next neighbour goes.
        #expect(report(6_500, ahead: 1_800).jobs == [.run(.create, on: Self.p[3])])
        #expect(h.machine.checkInvariants() == [])
    }

    @Test("the byte tier waits for a clip on screen that fills slowly, not one that fills twice as fast")
    func theByteTierFollowsHowFastTheClipOnScreenFills() {
        // One player: no neighbour ever holds the byte tier, only the clip on screen.
        let h = MachineHarness(capacity: 1, prefetches: true)
        let p1 = Self.p[0]
        func report(_ milliseconds: Int, ahead: Int, phase: PlaybackPhase = .playing) {
            let status = PlaybackStatus(
                phase: phase, position: .milliseconds(milliseconds), duration: .seconds(60),
                bufferedAhead: .milliseconds(ahead))
            _ = h.step { $0.statusReported(p1, status) }
        }
        _ = focus(h, 3)
        for _ in 0..<3 { h.finishJob(p1) }
        report(0, ahead: 0)
        #expect(h.machine.bytePlan.isHeld)
        // A quarter faster than it plays: held until it holds the window's four seconds.
        report(4_000, ahead: 1_000)
        #expect(h.machine.bytePlan.isHeld)
        report(16_000, ahead: 4_000)
        #expect(h.machine.bytePlan.isHeld == false)
        // A stall holds it whatever the pace was, and forgets the pace.
        _ = focus(h, 3, window: PreloadWindow(focusedBufferAhead: .seconds(8)))
        report(16_500, ahead: 5_500)
        #expect(h.machine.bytePlan.isHeld == false, "0.5 s of play brought 2 s: four times its pace")
        report(17_000, ahead: 0, phase: .buffering)
        #expect(h.machine.bytePlan.isHeld)
        report(17_000, ahead: 200)
        #expect(h.machine.bytePlan.isHeld, "nothing measured since the stall")
        report(17_500, ahead: 1_700)
        #expect(h.machine.bytePlan.isHeld == false)
        // Paused (a swipe away and back), it plays again short of the target: its pace is measured afresh.
        report(17_600, ahead: 1_700, phase: .paused(.requested))
        #expect(h.machine.bytePlan.isHeld == false, "a paused clip takes nothing from the link")
        report(17_600, ahead: 400)
        #expect(h.machine.bytePlan.isHeld)
        #expect(h.machine.checkInvariants() == [])
    }

    /// A swipe to an item no player has: the neighbour's preload that runs is cut short, so that the new clip on
    /// screen loads alone; the neighbour is placed again once the clip on screen is loaded.
    @Test("a focus on an item no player has cuts short a neighbour's running preload, placed again later")
    func aColdFocusCutsShortARunningNeighbour() {
        let h = MachineHarness(capacity: 4)
        let (p1, p2, p3) = (Self.p[0], Self.p[1], Self.p[2])
        _ = focus(h, 3)
        for _ in 0..<3 { h.finishJob(p1) }
        h.finishJob(p2)
        h.finishJob(p2)
        #expect(h.machine.players[p2]?.runningLoad == item(4))
        // A fling to 5: 4 is in its window (behind), but its load would share the link with 5's.
        // (3 left the window: its player lets go of it.)
        #expect(
            focus(h, 5) == [
                .run(.create, on: p3), .cancelLoad(p2, item(4)), .emit(.evicted(p1, item(3))), .run(.unload, on: p1),
            ])
        #expect(h.machine.players[p2]?.media == nil)
        // The load stops; nothing starts while 5's engine is made and loads.
        #expect(h.step { $0.loadFinished(p2, media: item(4), failure: "cancelled") }.jobs == [])
        for _ in 0..<2 { h.finishJob(p3) }
        // 5 is loaded: its neighbours follow, nearest first: 6, then 4 again.
        let loaded = h.step { $0.loadFinished(p3, media: item(5)) }
        #expect(loaded.first == .emit(.loaded(p3, item(5))))
        #expect(media(h).contains(item(6)))
        #expect(h.machine.checkInvariants() == [])
        h.settle()
        #expect(Set(media(h)) == [item(5), item(6), item(4), item(7)])
        #expect(h.machine.checkInvariants() == [])
    }

    /// The engine whose cut-short load would not stop fails; the neighbour placed on it behind that load did
    /// nothing wrong: it is placed on another player, not counted as failed.
    @Test func mediaWaitingBehindALoadThatWouldNotStopIsPlacedAgainWhenItsEngineFails() {
        let h = MachineHarness(capacity: 4)
        let p2 = Self.p[1]
        _ = focus(h, 3, window: PreloadWindow(focusedBufferAhead: .zero))
        for _ in 0..<3 { h.finishJob(Self.p[0]) }
        h.finishJob(p2)
        h.finishJob(p2)
        _ = focus(h, 5, window: PreloadWindow(focusedBufferAhead: .zero))
        #expect(h.machine.players[p2]?.lane.isLoadCancelled == true)
        // 5 loads, then 6 on a new engine and 4 on the player that had 3; 7 is placed on the one cut short.
        while let busy = h.machine.players.values.first(where: { $0.job != nil && $0.id != p2 }) {
            _ = h.finishJob(busy.id)
        }
        #expect(h.machine.players[p2]?.media == item(7))
        #expect(h.machine.players[p2]?.runningLoad == item(4))
        let failed = h.step { $0.engineFailed(p2, reason: "the cancelled load did not stop", now: .zero) }
        #expect(h.machine.feed?.failed.contains(item(7)) == false)
        #expect(failed.jobs.contains(.run(.create, on: PlayerID(pool: 1, number: 5))))
        h.settle()
        #expect(Set(h.machine.players.values.compactMap(\.media)) == [item(5), item(6), item(4), item(7)])
        #expect(h.machine.checkInvariants() == [])
    }

    @Test func aColdFocusLetsALoadAPrewarmWaitsForRunOn() {
        let h = MachineHarness(capacity: 4)
        let p2 = Self.p[1]
        _ = focus(h, 3)
        for _ in 0..<3 { h.finishJob(Self.p[0]) }
        h.finishJob(p2)
        h.finishJob(p2)
        // The app prewarms the neighbour being preloaded: its load is the app's too now.
        _ = h.step { $0.prewarmRequested(h.request(), media: item(4)) }
        #expect(focus(h, 5).contains(.cancelLoad(p2, item(4))) == false)
        #expect(h.machine.players[p2]?.media == item(4))
        #expect(h.machine.checkInvariants() == [])
    }

    @Test("a clip on screen that does not say what it holds, or a live one, holds the neighbours only by a stall")
    func aClipThatDoesNotSayWhatItHoldsHoldsNothing() {
        let h = MachineHarness(capacity: 4)
        let p1 = Self.p[0]
        _ = focus(h, 3)
        for _ in 0..<3 { h.finishJob(p1) }
        let silent = PlaybackStatus(phase: .playing, position: .zero, duration: .seconds(10))
        let live = PlaybackStatus(phase: .playing, position: .zero, duration: nil, bufferedAhead: .seconds(1))
        #expect(h.step { $0.statusReported(p1, silent) } == [])
        #expect(h.step { $0.statusReported(p1, live) } == [])
        #expect(h.machine.needsTheLink(p1) == false)
        // A window that asks for nothing in hand holds them only while the clip stalls.
        _ = focus(h, 3, window: PreloadWindow(focusedBufferAhead: .zero))
        let short = PlaybackStatus(
            phase: .playing, position: .zero, duration: .seconds(10), bufferedAhead: .milliseconds(10))
        #expect(h.step { $0.statusReported(p1, short) } == [])
        #expect(h.machine.needsTheLink(p1) == false)
        #expect(media(h) == [item(3), item(4), nil, nil])
    }

    @Test func aStallOfMediaTheEngineHadBeforeHoldsNothing() {
        let h = MachineHarness(capacity: 1, prefetches: true)
        let p1 = Self.p[0]
        _ = focus(h, 3)
        for _ in 0..<3 { h.finishJob(p1) }
        let status = PlaybackStatus(phase: .buffering, position: .zero, duration: nil)
        _ = h.step { $0.statusReported(p1, status) }
        #expect(h.machine.needsTheLink(p1))
        #expect(h.machine.bytePlan.isHeld)
        // The focus moves far: the one player is given the new focused item; the stall was of item 3.
        _ = focus(h, 9)
        h.settle()
        #expect(media(h) == [item(9), nil, nil, nil])
        #expect(h.machine.needsTheLink(p1) == false)
        #expect(h.machine.bytePlan.isHeld == false)
    }

    @Test func aStallReportedBeforeTheFocusedLoadEndsIsOfThatClip() {
        let h = MachineHarness(capacity: 4)
        let p1 = Self.p[0]
        _ = focus(h, 3)
        h.finishJob(p1)
        h.finishJob(p1)
        // The clip ran dry right after its first frame, and the report came before the load's end.
        let status = PlaybackStatus(phase: .buffering, position: .zero, duration: nil)
        #expect(h.step { $0.statusReported(p1, status) } == [])
        #expect(h.step { $0.loadFinished(p1, media: item(3)) } == [.emit(.loaded(p1, item(3)))], "no neighbour")
        #expect(h.machine.needsTheLink(p1))
    }

    @Test func theWindowSaysHowManyNeighboursLoadAtOnce() {
        let h = MachineHarness(capacity: 4)
        let window = PreloadWindow(concurrentLoads: 2)
        #expect(focus(h, 3, window: window) == [.run(.create, on: Self.p[0])])
        h.finishJob(Self.p[0])
        h.finishJob(Self.p[0])
        #expect(
            h.step { $0.loadFinished(Self.p[0], media: item(3)) }
                == [.emit(.loaded(Self.p[0], item(3))), .run(.create, on: Self.p[1]), .run(.create, on: Self.p[2])])
        #expect(media(h) == [item(3), item(4), item(2), nil])
        h.finishJob(Self.p[1])
        h.finishJob(Self.p[1])
        #expect(h.step { $0.loadFinished(Self.p[1], media: item(4)) }.jobs == [.run(.create, on: Self.p[3])])
        #expect(PreloadWindow(concurrentLoads: 0).concurrentLoads == 1)
        var zero = PreloadWindow()
        zero.concurrentLoads = 0
        #expect(FeedFocus(index: 0, items: Self.items, window: zero).concurrentLoads == 1)
    }

    /// Found in review: a failed focused item counted as done even while a page's acquire loaded it again.
    @Test func aPagesAcquireOfAFocusedItemThatFailedHoldsTheNeighboursBack() throws {
        let h = MachineHarness(capacity: 3)
        let window = PreloadWindow(ahead: 1, behind: 0)
        _ = focus(h, 3, window: window)
        h.finishJob(Self.p[0])
        h.finishJob(Self.p[0])
        h.step { $0.loadFinished(Self.p[0], media: item(3), failure: "flaky") }
        h.settle()  // the neighbour a4 loads all the same
        let feed = h.open("feed", feedSettings)
        let acquire = h.request()
        h.step { $0.acquireRequested(acquire, session: feed, media: item(3), timeout: nil, now: .zero) }
        #expect(h.machine.focusedItem(of: try #require(h.machine.feed)) == .inFlight)
        #expect(focus(h, 3, window: window) == [])
    }

    /// Found in review: `concurrentLoads` counted only the window's neighbours, not a load a move of the focus left
    /// running (one an app's prewarm still wants).
    @Test func aLoadLeftRunningByAMoveCountsAgainstTheNeighboursAtOnce() {
        let h = MachineHarness(capacity: 4)
        let window = PreloadWindow(ahead: 1, behind: 0)
        _ = focus(h, 0, window: window)
        h.finishJob(Self.p[0])
        h.finishJob(Self.p[0])
        h.finishJob(Self.p[0])  // a0 loaded; a1's engine is being made
        h.finishJob(Self.p[1])
        h.finishJob(Self.p[1])  // a1's load runs
        let warm = h.request()
        h.step { $0.prewarmRequested(warm, media: item(1)) }
        // a0, the old focus, is let go of: nobody wants it.
        #expect(
            focus(h, 5, window: window)
                == [.run(.create, on: Self.p[2]), .emit(.evicted(Self.p[0], item(0))), .run(.unload, on: Self.p[0])])
        h.finishJob(Self.p[2])
        h.finishJob(Self.p[2])
        // a5 loaded: a6 waits while a1's load still runs.
        #expect(h.step { $0.loadFinished(Self.p[2], media: item(5)) } == [.emit(.loaded(Self.p[2], item(5)))])
        let loaded = h.step { $0.loadFinished(Self.p[1], media: item(1)) }
        #expect(loaded.withoutEvents == [.succeed(warm), .run(.create, on: Self.p[3])])
    }

    @Test func aLoadWhoseItemLeftTheWindowIsCancelledAndNoLongerHoldsTheNeighboursBack() {
        let h = MachineHarness(capacity: 4)
        let window = PreloadWindow(ahead: 1, behind: 0)
        _ = focus(h, 0, window: window)
        for _ in 0..<3 { h.finishJob(Self.p[0]) }
        h.finishJob(Self.p[1])
        h.finishJob(Self.p[1])  // a1's load runs
        #expect(
            focus(h, 5, window: window) == [
                .cancelLoad(Self.p[1], item(1)), .run(.create, on: Self.p[2]), .emit(.evicted(Self.p[0], item(0))),
                .run(.unload, on: Self.p[0]),
            ])
        h.finishJob(Self.p[2])
        h.finishJob(Self.p[2])
        // a5 loaded: a6 starts at once, beside the load being cancelled.
        #expect(
            h.step { $0.loadFinished(Self.p[2], media: item(5)) }
                == [.emit(.loaded(Self.p[2], item(5))), .run(.create, on: Self.p[3])])
        // The cancelled load stops; its engine stays, empty, for the next preload.
        #expect(h.step { $0.loadFinished(Self.p[1], media: item(1), failure: "cancelled") } == [])
        #expect(h.machine.players[Self.p[1]]?.retiring == false)
        #expect(h.machine.metrics.cancelledLoads == 1)
    }

    /// Found in review: a seek of the focused item's player held the neighbours back, and nothing started them after.
    @Test func theNeighboursStartWhenASeekOfTheFocusedPlayerReturns() throws {
        let h = MachineHarness(capacity: 4)
        let feed = h.open("feed", feedSettings)
        let lease = try #require(h.acquire(feed, item(3)))
        let seek = h.request()
        h.step { $0.seekRequested(seek, lease: lease.key, by: feed, to: .zero) }
        #expect(focus(h, 3) == [])
        #expect(
            h.step { $0.seekFinished(Self.p[0], request: seek, failure: nil) }
                == [.succeed(seek), .run(.create, on: Self.p[1])])
    }

    @Test func windowIsConfigurable() {
        let h = MachineHarness(capacity: 4)
        #expect(focus(h, 3, window: PreloadWindow(ahead: 0, behind: 2)) == [.run(.create, on: Self.p[0])])
        h.settle()
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
        // Window of 4: a4 (loaded, in focus), a5, a3, a6. a2 left it.
        #expect(focus(h, 4) == [.emit(.evicted(Self.p[2], item(2))), .run(.load(item(6)), on: Self.p[2])])
    }

    @Test func aPreloadRunningWhenItsItemLeavesTheWindowIsCancelledAndTheNewFocusStartsAtOnce() {
        let h = MachineHarness(capacity: 4)
        _ = focus(h, 3)
        h.finishJob(Self.p[0])
        h.finishJob(Self.p[0])
        h.finishJob(Self.p[0])  // a3 loaded; a4's engine is being made
        h.finishJob(Self.p[1])
        h.finishJob(Self.p[1])  // a4's load runs
        #expect(h.job(Self.p[1]) == .load(item(4)))
        // The user swipes far: a8 starts at once; a4's load, outside the new window, is cancelled.
        // a3, the old focus, is let go of.
        #expect(
            focus(h, 8) == [
                .cancelLoad(Self.p[1], item(4)), .run(.create, on: Self.p[2]), .emit(.evicted(Self.p[0], item(3))),
                .run(.unload, on: Self.p[0]),
            ])
        #expect(h.job(Self.p[1]) == .load(item(4)))
        #expect(h.machine.players[Self.p[2]]?.media == item(8))
        // a4's load finishing before it stopped is let go of at once (nobody wants it), and starts no neighbour while
        // a8's engine is made.
        #expect(
            h.step { $0.loadFinished(Self.p[1], media: item(4)) } == [
                .emit(.loaded(Self.p[1], item(4))), .emit(.evicted(Self.p[1], item(4))), .run(.unload, on: Self.p[1]),
            ])
        #expect(h.machine.players[Self.p[1]]?.media == nil)
        h.finishJob(Self.p[1])
        #expect(h.machine.players[Self.p[1]]?.loaded == nil)
    }

    @Test func aPagesOwnAcquireOfTheFocusedItemHoldsTheNeighboursBack() throws {
        let h = MachineHarness(capacity: 4)
        let feed = h.open("feed", feedSettings)
        let acquire = h.request()
        h.step { $0.acquireRequested(acquire, session: feed, media: item(3), timeout: nil, now: .zero) }
        #expect(focus(h, 3) == [])
        // Created: the page's settings go on first, then its load runs, alone.
        #expect(h.finishJob(Self.p[0]).jobs == [.run(.apply(feedSettings, version: 1), on: Self.p[0])])
        #expect(focus(h, 3) == [])
        #expect(h.finishJob(Self.p[0]).jobs == [.run(.load(item(3)), on: Self.p[0])])
        #expect(focus(h, 3) == [])
        // Loaded: the page's grant finishes first; then the neighbours start.
        let landed = h.step { $0.loadFinished(Self.p[0], media: item(3)) }
        #expect(landed.grant(for: acquire) != nil)
        #expect(landed.jobs == [.run(.create, on: Self.p[1])])
    }

    /// The page's grant of a preloaded clip lands before its engine reports that it plays: the engine's last report
    /// (its preload's pause, one second in hand) is judged against the page's settings, so no neighbour slips in.
    @Test func aGrantThatPlaysIsJudgedAsPlayingBeforeItsEngineSaysSo() throws {
        let h = MachineHarness(capacity: 4)
        let (p1, p2) = (Self.p[0], Self.p[1])
        _ = focus(h, 3)
        h.finishJob(p1)
        h.finishJob(p1)
        let feed = h.open("feed", feedSettings)
        let acquire = h.request()
        h.step { $0.acquireRequested(acquire, session: feed, media: item(3), timeout: nil, now: .zero) }
        let landed = h.step { $0.loadFinished(p1, media: item(3)) }
        #expect(landed.jobs == [.run(.apply(feedSettings, version: 2), on: p1)], "the grant first")
        let preloaded = PlaybackStatus(
            phase: .paused(.requested), position: .zero, duration: .seconds(10), bufferedAhead: .seconds(1))
        #expect(h.step { $0.statusReported(p1, preloaded) } == [])
        let granted = h.step { $0.applyFinished(p1, version: 2) }
        #expect(granted.grant(for: acquire) != nil)
        #expect(granted.jobs == [], "held: the clip on screen plays with one second in hand")
        let playing = PlaybackStatus(
            phase: .playing, position: .zero, duration: .seconds(10), bufferedAhead: .seconds(5))
        #expect(h.step { $0.statusReported(p1, playing) }.jobs == [.run(.create, on: p2)])
    }

    @Test func aPreloadThatFailsIsNotTriedAgainWhileTheFocusLasts() {
        let h = MachineHarness(capacity: 2)
        _ = focus(h, 3, window: PreloadWindow(ahead: 1, behind: 0))
        h.finishJob(Self.p[0])
        h.finishJob(Self.p[0])
        // The focused item's load fails: the neighbour goes on all the same, the failed item waits for a move.
        let failed = h.step { $0.loadFinished(Self.p[0], media: item(3), failure: "corrupt") }
        #expect(failed.jobs == [.run(.shutDown, on: Self.p[0]), .run(.create, on: Self.p[1])])
        h.settle()
        #expect(focus(h, 3, window: PreloadWindow(ahead: 1, behind: 0)) == [])
        #expect(h.machine.metrics.loads == 2)
        // The focus moves with the failed item still in the window: not tried again.
        #expect(focus(h, 4, window: PreloadWindow(ahead: 0, behind: 1)).jobs.isEmpty)
        #expect(h.machine.metrics.loads == 2)
        // A new focus after the feed was left: tried once more.
        h.step { $0.focusEnded() }
        #expect(focus(h, 4, window: PreloadWindow(ahead: 0, behind: 1)).jobs.count == 1)
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
        // Held and loaded: the neighbours start, one at a time.
        #expect(focus(h, 3) == [.run(.create, on: Self.p[1])])
        h.settle()
        #expect(media(h) == [item(3), item(4), item(2), item(5)])
    }

    @Test func aPreloadWhoseLoadHasNotBegunIsDroppedWhenItsItemLeavesTheWindow() {
        let h = MachineHarness(capacity: 4)
        _ = focus(h, 0)  // a0 on an engine still being made
        #expect(focus(h, 5) == [.emit(.evicted(Self.p[0], item(0))), .run(.create, on: Self.p[1])])
        #expect(media(h) == [nil, item(5), nil, nil])
        // A new engine goes quiet at once, with or without a load to come.
        #expect(
            h.step { $0.engineCreated(Self.p[0]) }
                == [.emit(.created(Self.p[0])), .run(.apply(.idle, version: 1), on: Self.p[0])])
        // The rest of the new window follows a5's load, nearest first; the idle empty engine takes the last.
        h.settle()
        #expect(media(h) == [item(7), item(5), item(6), item(4)])
        #expect(h.machine.metrics.loads == 4)
    }

    @Test func aRunningLoadOutsideTheWindowIsCancelledAndAQueuedOneIsDropped() {
        let h = MachineHarness(capacity: 1)
        _ = focus(h, 0)
        h.finishJob(Self.p[0])
        h.finishJob(Self.p[0])  // create, quiet; the load of a0 runs
        #expect(h.job(Self.p[0]) == .load(item(0)))
        // a0 left the window: its load is cancelled, and a5 queued behind it on the only engine.
        #expect(focus(h, 5) == [.cancelLoad(Self.p[0], item(0))])
        #expect(h.machine.players[Self.p[0]]?.media == item(5))
        // a5 leaves the window before its load began: dropped; a9 replaces it.
        #expect(focus(h, 9) == [.emit(.evicted(Self.p[0], item(5)))])
        #expect(h.machine.players[Self.p[0]]?.media == item(9))
        #expect(
            h.step { $0.loadFinished(Self.p[0], media: item(0), failure: "cancelled") }
                == [.run(.load(item(9)), on: Self.p[0])])
    }

    @Test func endingTheFocusDropsPendingPreloads() {
        let h = MachineHarness(capacity: 2)
        _ = focus(h, 0)
        #expect(h.step { $0.focusEnded() } == [.emit(.evicted(Self.p[0], item(0)))])
        #expect(h.machine.feed == nil)
        #expect(
            h.step { $0.engineCreated(Self.p[0]) }
                == [.emit(.created(Self.p[0])), .run(.apply(.idle, version: 1), on: Self.p[0])])
    }

    @Test func anIndexOutsideTheFeedEndsTheFocus() {
        let h = MachineHarness(capacity: 2)
        _ = focus(h, 0)
        #expect(focus(h, 12) == [.emit(.evicted(Self.p[0], item(0)))])
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
        // The window keeps a9 and a5 (nobody wants a0 any more: its player is recycled for a8); a7 and a6 find no
        // player to recycle.
        #expect(
            focus(h, 8, window: PreloadWindow(ahead: 1, behind: 3))
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
    @Test func aPrewarmJoiningAPlacedPreloadIsNotDroppedWithIt() throws {
        let h = MachineHarness(capacity: 4)
        h.step { $0.focusChanged(on: 0, in: Self.items, window: PreloadWindow()) }
        let prewarm = h.request()
        #expect(!h.step { $0.prewarmRequested(prewarm, media: Self.items[0]) }.succeeded(prewarm))
        let moved = h.step { $0.focusChanged(on: 8, in: Self.items, window: PreloadWindow()) }
        #expect(!moved.succeeded(prewarm))
        let rest = h.settle()
        #expect(rest.succeeded(prewarm))
        // Loaded before the prewarm succeeded (the policy may recycle the player afterwards: a0 left the window).
        let loaded = try #require(rest.firstIndex(of: .emit(.loaded(MachineHarness.pid1, Self.items[0]))))
        #expect(try loaded < #require(rest.firstIndex(of: .succeed(prewarm))))
    }
}
