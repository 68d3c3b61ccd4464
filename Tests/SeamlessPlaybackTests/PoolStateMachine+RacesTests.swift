import Testing

@testable import SeamlessPlayback

/// Regression tests for races, each named after its bug: a give-back below a borrow still pending on top (with the
/// borrow cancelled, or the lender reclaiming), and a shutdown while a failed engine is being shut down.
@Suite("PoolStateMachine: races around a pending borrow and a failed engine's shutdown")
struct PoolStateMachineRacesTests {
    let pid = MachineHarness.pid1
    let otherSettings = PlaybackSettings(volume: 0.3)

    /// feed owns, detail borrowed, mini borrowed from detail; mini gives back (detail's apply in flight),
    /// detail lends again at once and `other` borrows (pending on top); detail's apply lands.
    struct Scene {
        let h: MachineHarness
        let detail: Grant
        let mini: Grant
        let borrow: RequestID
        let back: RequestID
        let landed: [PoolAction]
    }

    func giveBackThenPendingBorrow() throws -> Scene {
        let (h, _, detail, feedLease) = try MachineHarness.feedHoldingClip()
        let mini = h.open("mini", miniSettings)
        let other = h.open("other", otherSettings)
        let detailLease = try #require(h.handOff(feedLease, to: detail))
        let miniLease = try #require(h.handOff(detailLease, to: mini))
        let back = h.request()
        h.step { $0.giveBackRequested(back, lease: miniLease.key, by: mini) }
        let token = try #require(h.lend(detailLease))
        let borrow = h.request()
        h.step { $0.borrowRequested(borrow, token: token, by: other, now: .zero) }
        let landed = h.finishJob(pid)
        return Scene(h: h, detail: detailLease, mini: miniLease, borrow: borrow, back: back, landed: landed)
    }

    @Test func returnedIsNotSentWhileACancelledBorrowersApplyIsStillInFlight() throws {
        let scene = try giveBackThenPendingBorrow()
        #expect(scene.landed.succeeded(scene.back))
        #expect(!scene.landed.contains(.notify(scene.detail, .returned)))
        let cancelled = scene.h.step { $0.requestCancelled(scene.borrow) }
        #expect(!cancelled.contains(.notify(scene.detail, .returned)))
        // The borrower's apply lands, then the lender's: only then is the lender told.
        #expect(!scene.h.finishJob(pid).contains(.notify(scene.detail, .returned)))
        let back = scene.h.finishJob(pid)
        #expect(back.contains(.notify(scene.detail, .returned)))
        #expect(scene.h.machine.players[pid]?.applied == detailSettings)
    }

    @Test func aReclaimOfAPageOwedAReturnSendsNoReturnedWhileOthersSettingsAreOn() throws {
        let scene = try giveBackThenPendingBorrow()
        let delivered = scene.h.finishJob(pid)
        let otherLease = try #require(delivered.grant(for: scene.borrow))
        let reclaim = scene.h.request()
        let reclaimed = scene.h.step { $0.reclaimRequested(reclaim, lease: scene.detail.key, by: scene.detail.session) }
        #expect(reclaimed.contains(.notify(otherLease, .revoked)))
        #expect(!(reclaimed + scene.h.settle()).contains(.notify(scene.detail, .returned)))
    }

    @Test func theActiveHolderMovesBelowAGivenBackLeaseEvenWithABorrowPendingOnTop() throws {
        let scene = try giveBackThenPendingBorrow()
        #expect(scene.landed.succeeded(scene.back))
        #expect(scene.landed.activeChanges == [scene.detail.epoch])
        #expect(scene.h.machine.players[pid]?.shownEpoch != scene.mini.epoch)
    }

    @Test func shutdownWaitsForAFailedEngineBeingShutDown() throws {
        let (h, _, _, _) = try MachineHarness.feedHoldingClip()
        #expect(h.step { $0.engineFailed(pid, reason: "decoder died", now: .zero) }.jobs == [.run(.shutDown, on: pid)])
        let shutdown = h.request()
        #expect(!h.step { $0.shutdownRequested(shutdown) }.succeeded(shutdown))
        #expect(h.step { $0.engineShutDown(pid) }.succeeded(shutdown))
    }
}
