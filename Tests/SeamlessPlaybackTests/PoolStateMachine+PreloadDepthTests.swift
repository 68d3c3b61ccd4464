import Testing

@testable import SeamlessPlayback

@Suite("PoolStateMachine: how much a paused engine reads ahead")
struct PoolStateMachinePreloadDepthTests {
    static let items = (0..<12).map { MediaItem(id: "d\($0)") }
    static let p = (1...4).map { PlayerID(pool: 1, number: UInt32($0)) }

    /// The depths the actions tell the first player's engine, in order.
    func depths(_ actions: [PoolAction], of player: PlayerID = p[0]) -> [PreloadDepth] {
        actions.compactMap { if case .preloadDepth(let depth, player) = $0 { depth } else { nil } }
    }

    /// The depths the actions tell, and to which engine, in order.
    func told(_ actions: [PoolAction]) -> [String] {
        actions.compactMap { if case .preloadDepth(let depth, let player) = $0 { "\(depth) \(player)" } else { nil } }
    }

    /// Reports the player playing at `milliseconds` with `ahead` milliseconds buffered (or in `phase`); returns the
    /// depths told the first player's engine.
    @discardableResult
    func report(
        _ h: MachineHarness, _ player: PlayerID, _ milliseconds: Int, ahead: Int, phase: PlaybackPhase = .playing
    ) -> [PreloadDepth] {
        let status = PlaybackStatus(
            phase: phase, position: .milliseconds(milliseconds), duration: .seconds(60),
            bufferedAhead: .milliseconds(ahead))
        return depths(h.step { $0.statusReported(player, status) })
    }

    /// Two players, focused on 3 with one item ahead: the focused clip loaded and measured filling four times as fast
    /// as it plays, alone (the depth is lean), and its neighbour about to be placed.
    func leanWithANeighbourToPlace() -> (MachineHarness, PlayerID, PlayerID) {
        let h = MachineHarness(capacity: 2)
        let (p1, p2) = (Self.p[0], Self.p[1])
        _ = h.step { $0.focusChanged(on: 3, in: Self.items, window: PreloadWindow(ahead: 1, behind: 0)) }
        for _ in 0..<3 { h.finishJob(p1) }
        report(h, p1, 0, ahead: 300)
        #expect(report(h, p1, 500, ahead: 1_800) == [.lean])
        return (h, p1, p2)
    }

    @Test("alone on the link, a clip on screen that fills twice as fast as it plays makes it lean; slower, standard")
    func theClipOnScreenAloneMeasuresTheDepth() {
        // One player: no neighbour ever shares the link with the clip on screen.
        let h = MachineHarness(capacity: 1)
        let p1 = Self.p[0]
        _ = h.step { $0.focusChanged(on: 3, in: Self.items, window: PreloadWindow()) }
        for _ in 0..<3 { h.finishJob(p1) }
        #expect(h.machine.preloadDepth == .standard, "nothing measured")
        #expect(report(h, p1, 0, ahead: 300) == [], "the first report measures nothing")
        // Half a second of play brought 1.5 s: four times its pace.
        #expect(report(h, p1, 500, ahead: 1_800) == [.lean])
        #expect(h.machine.preloadDepth == .lean)
        #expect(h.machine.needsTheLink(p1) == false, "it gave the link away")
        // No longer needing the link, what it measures is not the link's pace alone: nothing changes.
        #expect(report(h, p1, 1_000, ahead: 1_400) == [])
        #expect(h.machine.needsTheLink(p1), "it lost the pace, and needs the link again")
        // Alone with the link again, a quarter faster than it plays: standard.
        #expect(report(h, p1, 2_000, ahead: 1_650) == [.standard])
        #expect(report(h, p1, 3_000, ahead: 1_900) == [], "nothing new")
        #expect(h.machine.preloadDepth == .standard)
        #expect(h.machine.checkInvariants() == [])
    }

    @Test("a stall of the clip on screen while it had the link makes the depth standard; a pause changes nothing")
    func aStallWhileAloneMakesTheDepthStandard() {
        let h = MachineHarness(capacity: 1)
        let p1 = Self.p[0]
        _ = h.step { $0.focusChanged(on: 3, in: Self.items, window: PreloadWindow(focusedBufferAhead: .seconds(8))) }
        for _ in 0..<3 { h.finishJob(p1) }
        report(h, p1, 0, ahead: 0)
        #expect(report(h, p1, 500, ahead: 1_500) == [.lean])
        #expect(h.machine.needsTheLink(p1) == false)
        // Short of eight seconds and measured afresh after a pause, it needs the link: a pause measures nothing.
        #expect(report(h, p1, 600, ahead: 1_500, phase: .paused(.requested)) == [])
        #expect(report(h, p1, 600, ahead: 1_500) == [])
        #expect(h.machine.needsTheLink(p1))
        #expect(report(h, p1, 700, ahead: 0, phase: .buffering) == [.standard])
        #expect(h.machine.preloadDepth == .standard)
    }

    @Test("while a neighbour's preload loads, the clip on screen's pace says nothing of the link")
    func aNeighbourLoadingLeavesTheDepth() {
        let (h, p1, p2) = leanWithANeighbourToPlace()
        // The link is free: the neighbour's engine is made, and it loads.
        h.finishJob(p2)
        h.finishJob(p2)
        #expect(h.machine.neighboursInFlight(of: h.machine.feed!) == 1)
        // Sharing the link, the clip on screen runs down its buffer, and measures a slow pace: the depth stays.
        #expect(report(h, p1, 5_500, ahead: 800) == [])
        #expect(h.machine.needsTheLink(p1))
        #expect(report(h, p1, 6_500, ahead: 900) == [])
        #expect(h.machine.preloadDepth == .lean)
        // The neighbour loaded: alone again, the same pace makes it standard, told to both engines.
        h.finishJob(p2)
        #expect(h.machine.neighboursInFlight(of: h.machine.feed!) == 0)
        let status = PlaybackStatus(
            phase: .playing, position: .milliseconds(7_500), duration: .seconds(60), bufferedAhead: .seconds(1))
        #expect(told(h.step { $0.statusReported(p1, status) }) == ["standard \(p1)", "standard \(p2)"])
        #expect(h.machine.checkInvariants() == [])
    }

    @Test("a new engine hears lean before its first job; one loading the focused item hears standard till it ends")
    func theFocusedLoadIsStandard() {
        let h = MachineHarness(capacity: 2)
        let (p1, p2) = (Self.p[0], Self.p[1])
        let created = h.step { $0.focusChanged(on: 3, in: Self.items, window: PreloadWindow(ahead: 1, behind: 0)) }
        #expect(created == [.run(.create, on: p1)])
        #expect(told(h.finishJob(p1)) == [], "standard, as a new engine is")
        for _ in 0..<2 { h.finishJob(p1) }
        report(h, p1, 0, ahead: 300)
        #expect(report(h, p1, 500, ahead: 1_800) == [.lean])
        // The neighbour's new engine hears lean before its first job, and loads lean: it is a preload.
        let second = h.finishJob(p2)
        #expect(second.first == .preloadDepth(.lean, on: p2))
        #expect(told(h.finishJob(p2)) == [])
        #expect(told(h.finishJob(p2)) == [])
        // The focus moves to 7, which no player has: the player that loads it hears standard before its load.
        let moved = h.step { $0.focusChanged(on: 7, in: Self.items, window: PreloadWindow(ahead: 1, behind: 0)) }
        let all = moved + h.settle()
        let loading = all.firstIndex { if case .run(.load(Self.items[7]), _) = $0 { true } else { false } }
        let loader: PlayerID? = loading.flatMap { if case .run(_, let id) = all[$0] { id } else { nil } }
        let standard = loader.flatMap { id in all.firstIndex(of: .preloadDepth(.standard, on: id)) }
        #expect(loader != nil && standard != nil && standard! < loading!, "standard before the focused load: \(all)")
        // Its load ended: it hears lean again.
        #expect(loader.map { id in all.contains(.preloadDepth(.lean, on: id)) } == true)
        #expect(h.machine.checkInvariants() == [])
    }

    @Test("a swipe onto a neighbour whose preload loads makes that load the focused one: standard till it ends")
    func aSwipeOntoALoadingPreloadMakesItStandard() {
        let (h, _, p2) = leanWithANeighbourToPlace()
        let window = PreloadWindow(ahead: 1, behind: 0)
        #expect(h.finishJob(p2).first == .preloadDepth(.lean, on: p2), "made, lean before its first job")
        #expect(told(h.finishJob(p2)) == [], "its preload of 4 loads, lean")
        #expect(h.machine.players[p2]?.runningLoad == Self.items[4])
        // The user swipes to 4 while it loads: the rest of that load is the focused item's.
        #expect(told(h.step { $0.focusChanged(on: 4, in: Self.items, window: window) }) == ["standard \(p2)"])
        #expect(told(h.finishJob(p2)) == ["lean \(p2)"], "loaded: the pool's depth again")
        #expect(h.machine.checkInvariants() == [])
    }

    @Test("without a feed, or for a player other than the focused one, nothing is measured")
    func onlyTheFocusedClipMeasures() {
        let (h, p1, p2) = leanWithANeighbourToPlace()
        h.settle()
        // The neighbour plays (a page took it) alone, short of its buffer and slow: it is not the clip on screen.
        report(h, p2, 0, ahead: 100)
        #expect(report(h, p2, 1_000, ahead: 200) == [])
        #expect(h.machine.preloadDepth == .lean)
        _ = h.step { $0.focusEnded() }
        report(h, p1, 0, ahead: 0, phase: .buffering)
        #expect(h.machine.preloadDepth == .lean, "no feed: no clip on screen to measure")
    }
}
