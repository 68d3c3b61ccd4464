import Testing

@testable import SeamlessPlayback

@Suite("PoolStateMachine: the feed's byte tier")
struct PoolStateMachineBytesTests {
    static let items = (0..<12).map { MediaItem(id: "b\($0)") }
    static let p1 = PlayerID(pool: 1, number: 1)

    func plan(_ indices: [Int], held: Bool, bytes: Int64 = 256 << 10) -> BytePrefetchPlan {
        BytePrefetchPlan(items: indices.map { Self.items[$0] }, bytesPerItem: bytes, isHeld: held)
    }

    /// The plans the actions hand over, in order; each is the machine's plan at the time.
    func prefetches(_ actions: [PoolAction], _ h: MachineHarness) -> [BytePrefetchPlan] {
        let plans = actions.compactMap { action -> BytePrefetchPlan? in
            if case .prefetch(let plan) = action { plan } else { nil }
        }
        if let last = plans.last { #expect(last == h.machine.bytePlan) }
        return plans
    }

    @Test func theByteTierIsHeldWhileTheFocusedItemLoadsThenFreed() {
        let h = MachineHarness(capacity: 4, prefetches: true)
        // Focus on 3: players for 3, 4, 2, 5; bytes for 1 behind and 6, 7, 8, 9 ahead, nearest first.
        let first = h.step { $0.focusChanged(on: 3, in: Self.items, window: PreloadWindow()) }
        #expect(first == [.run(.create, on: Self.p1), .prefetch(plan([1, 6, 7, 8, 9], held: true))])
        #expect(h.machine.bytePlan == plan([1, 6, 7, 8, 9], held: true))
        #expect(prefetches(h.finishJob(Self.p1), h) == [], "still in flight: the engine goes quiet")
        #expect(prefetches(h.finishJob(Self.p1), h) == [], "its load starts")
        #expect(prefetches(h.finishJob(Self.p1), h) == [], "loaded: the neighbours' preloads come first")
        #expect(prefetches(h.settle(), h) == [plan([1, 6, 7, 8, 9], held: false)], "the player tier is loaded")
        // The same focus again hands nothing new.
        #expect(prefetches(h.step { $0.focusChanged(on: 3, in: Self.items, window: PreloadWindow()) }, h) == [])
        // Moving on: the plan follows the focus; the focused item is loaded already, but 6 needs a player.
        let moved = h.step { $0.focusChanged(on: 4, in: Self.items, window: PreloadWindow()) }
        #expect(prefetches(moved, h) == [plan([2, 7, 8, 9, 10], held: true)])
        #expect(prefetches(h.settle(), h) == [plan([2, 7, 8, 9, 10], held: false)])
        #expect(prefetches(h.step { $0.focusEnded() }, h) == [.empty])
        #expect(prefetches(h.step { $0.focusEnded() }, h) == [], "nothing new")
    }

    @Test("the byte tier waits for every neighbour's preload to end, loaded or failed")
    func theByteTierWaitsForThePlayerTier() {
        let h = MachineHarness(capacity: 3, prefetches: true)
        // Focus on 3: players for 3, then 4 and 2 (capacity 3: 5 gets none).
        _ = h.step { $0.focusChanged(on: 3, in: Self.items, window: PreloadWindow()) }
        for _ in 0..<3 { _ = h.finishJob(Self.p1) }
        let p2 = PlayerID(pool: 1, number: 2)
        let p3 = PlayerID(pool: 1, number: 3)
        #expect(h.machine.bytePlan.isHeld, "4's engine is being made")
        #expect(prefetches(h.finishJob(p2), h) == [])
        #expect(prefetches(h.finishJob(p2), h) == [], "4 loads")
        // 4 loaded: 2's preload starts (one at a time), and the bytes wait for it too.
        #expect(prefetches(h.finishJob(p2), h) == [])
        #expect(h.machine.players[p3] != nil)
        #expect(prefetches(h.finishJob(p3), h) == [])
        #expect(prefetches(h.finishJob(p3), h) == [])
        // 2's preload fails (not tried again while the focus stays): its player is free, and 5's preload takes it.
        let failed = h.step {
            $0.loadFinished(p3, media: Self.items[2], mediaFailure: MediaFailure(.notFound, reason: "404"))
        }
        #expect(prefetches(failed, h) == [])
        #expect(h.machine.players[p3]?.media == Self.items[5])
        // 5 loaded: nothing of the player tier is left to load (2 failed), and no player is left to be had.
        #expect(prefetches(h.finishJob(p3), h) == [plan([1, 6, 7, 8, 9], held: false)])
    }

    @Test("a stall of the focused clip holds the byte tier until its engine reports it playing; a neighbour's does not")
    func aStallOfTheClipOnScreenHoldsTheBytes() {
        let h = MachineHarness(capacity: 4, prefetches: true)
        _ = h.step { $0.focusChanged(on: 3, in: Self.items, window: PreloadWindow()) }
        h.settle()
        #expect(h.machine.bytePlan == plan([1, 6, 7, 8, 9], held: false))
        func report(_ player: PlayerID, _ phase: PlaybackPhase) -> [BytePrefetchPlan] {
            let status = PlaybackStatus(phase: phase, position: .zero, duration: nil)
            return prefetches(h.step { $0.statusReported(player, status) }, h)
        }
        #expect(report(Self.p1, .playing) == [])
        #expect(report(Self.p1, .buffering) == [plan([1, 6, 7, 8, 9], held: true)])
        #expect(report(Self.p1, .buffering) == [], "nothing new")
        #expect(report(Self.p1, .playing) == [plan([1, 6, 7, 8, 9], held: false)])
        // A neighbour's engine (not the clip on screen) buffering holds nothing.
        let neighbour = PlayerID(pool: 1, number: 2)
        #expect(h.machine.players[neighbour] != nil)
        #expect(report(neighbour, .buffering) == [])
    }

    @Test("the focused clip playing short of its buffer holds the byte tier until it holds enough")
    func aShortBufferOfTheClipOnScreenHoldsTheBytes() {
        let h = MachineHarness(capacity: 4, prefetches: true)
        let window = PreloadWindow(focusedBufferAhead: .seconds(3))
        _ = h.step { $0.focusChanged(on: 3, in: Self.items, window: window) }
        h.settle()
        func report(ahead: Duration) -> [BytePrefetchPlan] {
            let status = PlaybackStatus(
                phase: .playing, position: .seconds(1), duration: .seconds(30), bufferedAhead: ahead)
            return prefetches(h.step { $0.statusReported(Self.p1, status) }, h)
        }
        #expect(report(ahead: .seconds(2)) == [plan([1, 6, 7, 8, 9], held: true)])
        #expect(report(ahead: .milliseconds(2_500)) == [], "nothing new")
        #expect(report(ahead: .seconds(3)) == [plan([1, 6, 7, 8, 9], held: false)])
    }

    @Test("the focused clip's load ends with its engine's last word that it loads: the bytes wait for the next one")
    func aLoadedClipWhoseEngineLastSaidItLoadsHoldsTheBytes() {
        let h = MachineHarness(capacity: 1, prefetches: true)
        _ = h.step { $0.focusChanged(on: 3, in: Self.items, window: PreloadWindow()) }
        #expect(prefetches(h.finishJob(Self.p1), h) == [], "its engine is made")
        #expect(prefetches(h.finishJob(Self.p1), h) == [], "it goes quiet; its load starts")
        // The load runs: the engine says so, and the report is of the media it loads.
        let loading = PlaybackStatus(phase: .loading, position: .zero, duration: nil)
        #expect(prefetches(h.step { $0.statusReported(Self.p1, loading) }, h) == [])
        #expect(prefetches(h.finishJob(Self.p1), h) == [], "loaded, and its engine last said it loads")
        #expect(h.machine.bytePlan == plan([1, 6, 7, 8, 9], held: true))
        #expect(h.machine.needsTheLink(Self.p1))
        // Its report after the first frame: paused (no page took it), so the link is free.
        let paused = PlaybackStatus(phase: .paused(.requested), position: .zero, duration: .seconds(10))
        #expect(prefetches(h.step { $0.statusReported(Self.p1, paused) }, h) == [plan([1, 6, 7, 8, 9], held: false)])
        #expect(h.machine.needsTheLink(Self.p1) == false)
    }

    @Test func aWindowSaysHowManyItemsAndBytes() {
        let h = MachineHarness(capacity: 2, prefetches: true)
        let window = PreloadWindow(ahead: 1, behind: 0, bytesAhead: 2, bytesBehind: 2, bytesPerItem: 4_096)
        let actions = h.step { $0.focusChanged(on: 5, in: Self.items, window: window) }
        #expect(prefetches(actions, h) == [plan([4, 7, 3, 8], held: true, bytes: 4_096)])
    }

    @Test func aPoolWithoutAPrefetcherHasNoByteTier() {
        let h = MachineHarness(capacity: 4)
        let actions = h.step { $0.focusChanged(on: 3, in: Self.items, window: PreloadWindow()) }
        #expect(prefetches(actions, h) == [])
        #expect(h.machine.feed?.bytes == [])
        h.settle()
        #expect(prefetches(h.step { $0.focusEnded() }, h) == [])
    }

    @Test func shutdownEmptiesThePlan() {
        let h = MachineHarness(capacity: 4, prefetches: true)
        h.step { $0.focusChanged(on: 3, in: Self.items, window: PreloadWindow()) }
        let request = h.request()
        #expect(prefetches(h.step { $0.shutdownRequested(request) }, h) == [.empty])
    }

    @Test("a page's acquire that takes the player loading the focused item frees the bytes at once")
    func anAcquireThatTakesTheFocusedPlayerMovesThePlan() {
        let h = MachineHarness(capacity: 1, prefetches: true)
        let window = PreloadWindow(ahead: 0, behind: 0, bytesAhead: 1, bytesBehind: 0)
        h.step { $0.focusChanged(on: 0, in: Self.items, window: window) }
        #expect(h.machine.bytePlan == plan([1], held: true), "the focused item's engine is being made")
        // Another page wants other media: the only player is the preload's, and the page comes first.
        let page = h.open("detail")
        let request = h.request()
        let now = h.now
        let media = MediaItem(id: "elsewhere")
        let actions = h.step { $0.acquireRequested(request, session: page, media: media, timeout: nil, now: now) }
        #expect(h.machine.players[Self.p1]?.media == media)
        #expect(
            prefetches(actions, h) == [plan([1], held: false)], "no player has the focused item: nothing to wait for")
    }

    @Test func aFocusedItemThatFailedDoesNotHoldTheBytes() {
        let h = MachineHarness(capacity: 1, prefetches: true)
        let window = PreloadWindow(ahead: 0, behind: 0, bytesAhead: 1, bytesBehind: 0)
        h.step { $0.focusChanged(on: 0, in: Self.items, window: window) }
        h.finishJob(Self.p1)
        h.finishJob(Self.p1)
        let failed = h.step {
            $0.loadFinished(Self.p1, media: Self.items[0], mediaFailure: MediaFailure(.notFound, reason: "404"))
        }
        #expect(prefetches(failed, h) == [plan([1], held: false)])
    }
}
