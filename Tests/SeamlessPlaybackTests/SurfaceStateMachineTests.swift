import SeamlessPlaybackTesting
import Testing

@testable import SeamlessPlayback

/// The surface machine driven directly: hosts are names, leases are made by hand (grants 1, 2, 3 of one
/// player: the feed, the detail page above it, a mini-player above that), and every step's exact host
/// calls are compared. Each step also checks the machine's invariants.
@Suite("SurfaceStateMachine: which host shows each player")
struct SurfaceStateMachineTests {
    typealias Machine = SurfaceStateMachine<String>
    typealias Action = SurfaceAction<String>

    let engine = SimulatedEngine()
    let player = PlayerID(pool: 1, number: 1)
    var feed: PlayerLease { lease(1, "feed") }
    var detail: PlayerLease { lease(2, "detail") }
    var mini: PlayerLease { lease(3, "mini-player") }

    func lease(_ epoch: UInt64, _ page: String, player: PlayerID? = nil) -> PlayerLease {
        PlayerLease(
            player: player ?? self.player, media: clip, session: page, engine: engine,
            epoch: epoch, sessionID: epoch)
    }

    /// Runs one input and checks the invariants after it.
    func step(
        _ machine: inout Machine, _ input: (inout Machine) -> [Action],
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> [Action] {
        let actions = input(&machine)
        #expect(machine.invariantViolations() == [], sourceLocation: sourceLocation)
        return actions
    }

    /// The feed shows in its cell, the detail page has borrowed and shows in its page.
    func detailShowing() -> Machine {
        var m = Machine()
        _ = step(&m) { $0.showRequested(feed, in: "cell", active: feed) }
        _ = step(&m) { $0.showRequested(detail, in: "page", active: detail) }
        return m
    }

    @Test func theActiveHoldersShowAttachesItsHost() {
        var m = Machine()
        #expect(step(&m) { $0.showRequested(feed, in: "cell", active: feed) } == [.attach(feed, to: "cell")])
        #expect(m.host(showing: player) == "cell")
    }

    @Test func aBorrowersShowAttachesItsHostBeforeDetachingTheLendersHost() {
        var m = Machine()
        _ = step(&m) { $0.showRequested(feed, in: "cell", active: feed) }
        // The borrow has returned: the record already names the detail page, the stream has not said so yet.
        #expect(
            step(&m) { $0.showRequested(detail, in: "page", active: detail) }
                == [.attach(detail, to: "page"), .detach(feed, from: "cell")])
        #expect(m.host(showing: player) == "page")
    }

    @Test func theLendersLateViewWillDisappearHideDoesNothing() {
        var m = detailShowing()
        #expect(step(&m) { $0.hideRequested(feed, from: "cell", active: detail) } == [])
        #expect(m.host(showing: player) == "page")
        // The refused hide kept the feed's cell registered: the way back shows the picture there again.
        #expect(
            step(&m) { $0.activeChanged(player: player, to: feed) }
                == [.attach(feed, to: "cell"), .detach(detail, from: "page")])
    }

    @Test func theLendersLateShowDoesNotTakeThePictureBack() {
        var m = detailShowing()
        #expect(step(&m) { $0.showRequested(feed, in: "cell", active: detail) } == [])
        #expect(m.host(showing: player) == "page")
    }

    @Test func aPendingOrUnshownBorrowLeavesThePictureWithTheLender() {
        var m = Machine()
        _ = step(&m) { $0.showRequested(feed, in: "cell", active: feed) }
        #expect(step(&m) { $0.activeChanged(player: player, to: detail) } == [])
        #expect(m.host(showing: player) == "cell")
        // The feed is not the active holder any more: its own hide is refused too.
        #expect(step(&m) { $0.hideRequested(feed, from: "cell", active: detail) } == [])
        #expect(m.host(showing: player) == "cell")
    }

    @Test func onTheWayBackTheLenderReattachesAndTheBorrowersTeardownHideDoesNothing() {
        var m = detailShowing()
        #expect(
            step(&m) { $0.activeChanged(player: player, to: feed) }
                == [.attach(feed, to: "cell"), .detach(detail, from: "page")])
        #expect(step(&m) { $0.hideRequested(detail, from: "page", active: feed) } == [])
        #expect(m.host(showing: player) == "cell")
    }

    @Test func aGiveBackSeenFirstInAnInputStillMovesThePictureBeforeTheInputIsJudged() {
        var m = detailShowing()
        // The stream has not delivered the give-back; the borrower's teardown hide reads the record.
        #expect(
            step(&m) { $0.hideRequested(detail, from: "page", active: feed) }
                == [.attach(feed, to: "cell"), .detach(detail, from: "page")])
    }

    @Test func aReclaimThatLandsBeforeTheBorrowersShowRunsRefusesTheShow() {
        var m = Machine()
        _ = step(&m) { $0.showRequested(feed, in: "cell", active: feed) }
        // The borrow returned and the detail page's show is on its way to the main actor; the feed reclaims.
        #expect(step(&m) { $0.showRequested(detail, in: "page", active: feed) } == [])
        #expect(m.host(showing: player) == "cell")
        #expect(!m.hostsInUse.contains("page"))
    }

    @Test func aReclaimThatLandsAfterTheBorrowersShowMovesThePictureBack() {
        var m = detailShowing()
        #expect(
            step(&m) { $0.activeChanged(player: player, to: feed) }
                == [.attach(feed, to: "cell"), .detach(detail, from: "page")])
        // The detail page's show, arriving again late (viewWillAppear), is refused.
        #expect(step(&m) { $0.showRequested(detail, in: "page", active: feed) } == [])
        #expect(m.host(showing: player) == "cell")
    }

    @Test func nestedHandoffsUnwindOneHostAtATime() {
        var m = detailShowing()
        #expect(
            step(&m) { $0.showRequested(mini, in: "mini", active: mini) }
                == [.attach(mini, to: "mini"), .detach(detail, from: "page")])
        #expect(
            step(&m) { $0.activeChanged(player: player, to: detail) }
                == [.attach(detail, to: "page"), .detach(mini, from: "mini")])
        #expect(
            step(&m) { $0.activeChanged(player: player, to: feed) }
                == [.attach(feed, to: "cell"), .detach(detail, from: "page")])
        #expect(step(&m) { $0.activeChanged(player: player, to: nil) } == [.detach(feed, from: "cell")])
        #expect(m.host(showing: player) == nil)
        #expect(m.hostsInUse.isEmpty)
    }

    @Test func aReclaimFromTheBottomSkipsTheMiddleAndForgetsTheHostsAbove() {
        var m = detailShowing()
        _ = step(&m) { $0.showRequested(mini, in: "mini", active: mini) }
        #expect(
            step(&m) { $0.activeChanged(player: player, to: feed) }
                == [.attach(feed, to: "cell"), .detach(mini, from: "mini")])
        #expect(m.hostsInUse == ["cell"])
        // The revoked pages' show and hide change nothing.
        #expect(step(&m) { $0.showRequested(detail, in: "page", active: feed) } == [])
        #expect(step(&m) { $0.hideRequested(mini, from: "mini", active: feed) } == [])
        #expect(step(&m) { $0.showRequested(mini, in: "mini", active: feed) } == [])
        #expect(m.host(showing: player) == "cell")
    }

    @Test func aPageClosedWithoutHidingHandsThePictureDownAndTheLastOneDetachesIt() {
        var m = detailShowing()
        #expect(
            step(&m) { $0.activeChanged(player: player, to: feed) }
                == [.attach(feed, to: "cell"), .detach(detail, from: "page")])
        #expect(step(&m) { $0.activeChanged(player: player, to: nil) } == [.detach(feed, from: "cell")])
        #expect(m.players.isEmpty)
    }

    @Test func theActiveHoldersHideDetachesAndTheHostStaysUnregistered() {
        var m = Machine()
        _ = step(&m) { $0.showRequested(feed, in: "cell", active: feed) }
        #expect(step(&m) { $0.hideRequested(feed, from: "other", active: feed) } == [])
        #expect(step(&m) { $0.hideRequested(feed, from: "cell", active: feed) } == [.detach(feed, from: "cell")])
        #expect(step(&m) { $0.activeChanged(player: player, to: feed) } == [])
        #expect(m.host(showing: player) == nil)
    }

    @Test func showingTwiceInOneHostAttachesOnceAndMovingHostsAttachesFirst() {
        var m = Machine()
        _ = step(&m) { $0.showRequested(feed, in: "cell", active: feed) }
        #expect(step(&m) { $0.showRequested(feed, in: "cell", active: feed) } == [])
        #expect(
            step(&m) { $0.showRequested(feed, in: "full", active: feed) }
                == [.attach(feed, to: "full"), .detach(feed, from: "cell")])
        #expect(m.hostsInUse == ["full"])
    }

    @Test func noPageHoldingThePlayerRefusesEveryShow() {
        var m = Machine()
        #expect(step(&m) { $0.showRequested(feed, in: "cell", active: nil) } == [])
        #expect(m.players.isEmpty)
    }

    @Test func playersMoveIndependently() {
        var m = detailShowing()
        let other = lease(7, "feed", player: PlayerID(pool: 1, number: 2))
        #expect(step(&m) { $0.showRequested(other, in: "cell-2", active: other) } == [.attach(other, to: "cell-2")])
        #expect(
            step(&m) { $0.activeChanged(player: player, to: feed) }
                == [.attach(feed, to: "cell"), .detach(detail, from: "page")])
        #expect(m.host(showing: other.player) == "cell-2")
    }

    // MARK: The picture given back as the page's exit completes

    @Test func aLeavingPageGivesThePictureBackToTheCellAtOnceAheadOfItsClose() {
        var m = detailShowing()
        #expect(
            step(&m) { $0.returnRequested(from: detail, active: detail) }
                == [.attach(feed, to: "cell"), .detach(detail, from: "page")])
        #expect(m.host(showing: player) == "cell")
        // The close lands: the feed is active again, its host already shows the picture.
        #expect(step(&m) { $0.activeChanged(player: player, to: feed) } == [])
        #expect(m.host(showing: player) == "cell")
    }

    @Test func aRefreshBeforeTheCloseLandsDoesNotTakeThePictureBackToTheLeavingPage() {
        var m = detailShowing()
        _ = step(&m) { $0.returnRequested(from: detail, active: detail) }
        #expect(step(&m) { $0.activeChanged(player: player, to: detail) } == [])
        #expect(step(&m) { $0.showRequested(feed, in: "cell", active: detail) } == [], "still fenced")
        #expect(m.host(showing: player) == "cell")
    }

    @Test func aGiveBackFromAPageNoLongerActiveOrWithNobodyBelowDoesNothing() {
        var m = detailShowing()
        #expect(step(&m) { $0.returnRequested(from: feed, active: detail) } == [], "the lender is not the holder")
        var alone = Machine()
        _ = step(&alone) { $0.showRequested(feed, in: "cell", active: feed) }
        #expect(step(&alone) { $0.returnRequested(from: feed, active: feed) } == [], "no page below")
        #expect(alone.host(showing: player) == "cell")
    }
}

@Suite("SurfaceStateMachine: one player per host")
struct SurfaceStateMachineOneHostTests {
    let engine = SimulatedEngine()
    let first = PlayerID(pool: 1, number: 1)
    let second = PlayerID(pool: 1, number: 2)

    func lease(_ player: PlayerID, _ epoch: UInt64, _ page: String) -> PlayerLease {
        PlayerLease(player: player, media: clip, session: page, engine: engine, epoch: epoch, sessionID: epoch)
    }

    /// A feed cell reused for another clip while its first player is lent: on the way back the first player
    /// must not come back into the cell on top of the second.
    @Test func aCellReusedWhileItsPlayerIsLentNeverGetsTheOldPlayerBackOnTop() {
        var machine = SurfaceStateMachine<String>()
        let feed1 = lease(first, 1, "feed")
        let detail1 = lease(first, 2, "detail")
        let feed2 = lease(second, 3, "feed")
        _ = machine.showRequested(feed1, in: "cell", active: feed1)
        _ = machine.showRequested(detail1, in: "page", active: detail1)
        #expect(machine.hideRequested(feed1, from: "cell", active: detail1) == [])
        #expect(machine.showRequested(feed2, in: "cell", active: feed2) == [.attach(feed2, to: "cell")])
        // The detail page closes: the first player's holder is the feed again, but its cell now shows the second
        // clip, so the first player's picture stays where it is (its registration there ended).
        #expect(machine.activeChanged(player: first, to: feed1) == [])
        #expect(machine.invariantViolations() == [])
        #expect(machine.host(showing: second) == "cell")
        #expect(machine.host(showing: first) != "cell")
    }

    @Test func showingAPlayerInAHostThatShowsAnotherDetachesTheOtherFirst() {
        var machine = SurfaceStateMachine<String>()
        let a = lease(first, 1, "feed")
        let b = lease(second, 2, "feed")
        _ = machine.showRequested(a, in: "cell", active: a)
        #expect(machine.showRequested(b, in: "cell", active: b) == [.detach(a, from: "cell"), .attach(b, to: "cell")])
        #expect(machine.host(showing: first) == nil)
        #expect(machine.invariantViolations() == [])
    }

}
