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
        #expect(prefetches(h.finishJob(Self.p1), h) == [plan([1, 6, 7, 8, 9], held: false)], "loaded")
        // The same focus again hands nothing new.
        #expect(prefetches(h.step { $0.focusChanged(on: 3, in: Self.items, window: PreloadWindow()) }, h) == [])
        h.settle()
        // Moving on: the plan follows the focus; the focused item is loaded already (a player has it), so not held.
        let moved = h.step { $0.focusChanged(on: 4, in: Self.items, window: PreloadWindow()) }
        #expect(prefetches(moved, h) == [plan([2, 7, 8, 9, 10], held: false)])
        #expect(prefetches(h.step { $0.focusEnded() }, h) == [.empty])
        #expect(prefetches(h.step { $0.focusEnded() }, h) == [], "nothing new")
    }

    @Test("a stall of the focused clip holds the byte tier until its engine reports it playing; a neighbour's does not")
    func aStallOfTheClipOnScreenHoldsTheBytes() {
        let h = MachineHarness(capacity: 4, prefetches: true)
        _ = h.step { $0.focusChanged(on: 3, in: Self.items, window: PreloadWindow()) }
        for _ in 0..<3 { _ = h.finishJob(Self.p1) }
        #expect(h.machine.bytePlan == plan([1, 6, 7, 8, 9], held: false))
        func report(_ player: PlayerID, _ phase: PlaybackPhase) -> [BytePrefetchPlan] {
            let status = PlaybackStatus(phase: phase, position: .zero, duration: nil)
            return prefetches(h.step { $0.statusReported(player, status) }, h)
        }
        #expect(report(Self.p1, .playing) == [])
        #expect(report(Self.p1, .buffering) == [plan([1, 6, 7, 8, 9], held: true)])
        #expect(report(Self.p1, .buffering) == [], "nothing new")
        #expect(report(Self.p1, .playing) == [plan([1, 6, 7, 8, 9], held: false)])
        h.settle()
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
        for _ in 0..<3 { _ = h.finishJob(Self.p1) }
        func report(ahead: Duration) -> [BytePrefetchPlan] {
            let status = PlaybackStatus(
                phase: .playing, position: .seconds(1), duration: .seconds(30), bufferedAhead: ahead)
            return prefetches(h.step { $0.statusReported(Self.p1, status) }, h)
        }
        #expect(report(ahead: .seconds(2)) == [plan([1, 6, 7, 8, 9], held: true)])
        #expect(report(ahead: .milliseconds(2_500)) == [], "nothing new")
        #expect(report(ahead: .seconds(3)) == [plan([1, 6, 7, 8, 9], held: false)])
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
