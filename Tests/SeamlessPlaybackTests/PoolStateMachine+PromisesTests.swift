import Testing

@testable import SeamlessPlayback

/// Regression tests for the promises a review found broken, each named after its bug.
@Suite("PoolStateMachine: documented promises kept at their edges")
struct PoolStateMachinePromisesTests {
    @Test func anExpiredTokenStaysExpiredAfterTheBorrowerGivesBack() throws {
        let (h, _, detail, lease) = try MachineHarness.feedHoldingClip()
        let mini = h.open("mini", miniSettings)
        let first = try #require(h.lend(lease))
        let second = try #require(h.lend(lease))
        let borrowed = try #require(h.borrow(first, by: detail))
        let early = h.request()
        #expect(
            h.step { $0.borrowRequested(early, token: second, by: mini, now: .zero) } == [.fail(early, .tokenExpired)])
        let back = h.request()
        h.step { $0.giveBackRequested(back, lease: borrowed.key, by: detail) }
        #expect(h.settle().succeeded(back))
        // The lender is on top again, but a handoff happened since `second` was issued: expired for good.
        let late = h.request()
        #expect(
            h.step { $0.borrowRequested(late, token: second, by: mini, now: .zero) } == [.fail(late, .tokenExpired)])
        // A token issued now is good.
        let fresh = try #require(h.lend(lease))
        #expect(h.borrow(fresh, by: mini) != nil)
    }

    @Test func aReclaimFromTheTopWaitsForItsSettingsWhileAGiveBackAppliesThem() throws {
        let (h, feed, detail, lease) = try MachineHarness.feedHoldingClip()
        let borrowed = try #require(h.handOff(lease, to: detail))
        let back = h.request()
        h.step { $0.giveBackRequested(back, lease: borrowed.key, by: detail) }
        #expect(h.job(lease.player) == .apply(feedSettings, version: 3))
        let reclaim = h.request()
        #expect(h.step { $0.reclaimRequested(reclaim, lease: lease.key, by: feed) }.withoutEvents == [])
        let landed = h.finishJob(lease.player)
        #expect(landed.succeeded(reclaim))
        #expect(landed.succeeded(back))
        #expect(h.machine.players[lease.player]?.applied == feedSettings)
    }

    @Test func aReclaimFromTheTopRightAfterACancelledBorrowWaitsForTheLendersSettings() throws {
        let (h, feed, detail, lease) = try MachineHarness.feedHoldingClip()
        let token = try #require(h.lend(lease))
        let borrow = h.request()
        h.step { $0.borrowRequested(borrow, token: token, by: detail, now: .zero) }
        h.step { $0.requestCancelled(borrow) }
        let reclaim = h.request()
        #expect(h.step { $0.reclaimRequested(reclaim, lease: lease.key, by: feed) }.withoutEvents == [])
        // The borrower's apply lands, then the lender's: only then do both calls return.
        #expect(h.finishJob(lease.player).withoutEvents == [.run(.apply(feedSettings, version: 3), on: lease.player)])
        #expect(h.finishJob(lease.player).withoutEvents == [.fail(borrow, .cancelled), .succeed(reclaim)])
    }

    @Test func returnedIsSentOnlyOnceTheLendersSettingsHaveLanded() throws {
        let (h, _, detail, lease) = try MachineHarness.feedHoldingClip()
        let borrowed = try #require(h.handOff(lease, to: detail))
        let back = h.request()
        let requested = h.step { $0.giveBackRequested(back, lease: borrowed.key, by: detail) }
        #expect(!requested.contains(.notify(lease, .returned)))
        #expect(h.machine.players[lease.player]?.applied == detailSettings)
        let landed = h.finishJob(lease.player)
        #expect(landed.withoutEvents == [.notify(lease, .returned), .succeed(back)])
        #expect(h.machine.players[lease.player]?.applied == feedSettings)
    }

    @Test func returnedIsDroppedWhenTheLenderLeavesBeforeItsSettingsLand() throws {
        let (h, feed, detail, lease) = try MachineHarness.feedHoldingClip()
        let borrowed = try #require(h.handOff(lease, to: detail))
        h.step { $0.giveBackRequested(h.request(), lease: borrowed.key, by: detail) }
        h.step { $0.giveBackRequested(h.request(), lease: lease.key, by: feed) }
        #expect(!h.settle().contains(.notify(lease, .returned)))
    }

    @Test func closingAPageWhoseBorrowIsPendingTellsTheLenderNothing() throws {
        let (h, _, detail, lease) = try MachineHarness.feedHoldingClip()
        let token = try #require(h.lend(lease))
        let borrow = h.request()
        h.step { $0.borrowRequested(borrow, token: token, by: detail, now: .zero) }
        let close = h.request()
        let closing = h.step { $0.sessionClosed(detail, request: close) }
        let rest = h.settle()
        let all = closing + rest
        #expect(!all.contains { if case .notify = $0 { return true } else { return false } })
        #expect(!all.contains(.emit(.returned(lease.player, session: "detail"))))
        #expect(rest.failure(for: borrow) == .sessionClosed)
        #expect(rest.succeeded(close))
        #expect(h.machine.metrics.returns == 0)
        // One rule for a borrow that never completed, cancelled or closed: its token can be redeemed again.
        let mini = h.open("mini", miniSettings)
        #expect(h.borrow(token, by: mini) != nil)
    }

    @Test func aPrewarmRoutedToAPlayerThatIsLoadingOtherMediaCutsThatLoadShortAndLoadsOnTheSameEngine() throws {
        let h = MachineHarness(capacity: 1)
        let filmWarm = h.request()
        let clipWarm = h.request()
        h.step { $0.prewarmRequested(filmWarm, media: film) }
        h.finishJob(MachineHarness.pid1)
        h.finishJob(MachineHarness.pid1)
        #expect(h.job(MachineHarness.pid1) == .load(film))
        // The film's load is nobody's once the player is given the clip: cancelled, and the film's prewarm has
        // nothing left to wait for.
        let routed = h.step { $0.prewarmRequested(clipWarm, media: clip) }
        #expect(routed.withoutEvents == [.cancelLoad(MachineHarness.pid1, film)])
        let stopped = h.step { $0.loadFinished(MachineHarness.pid1, media: film, failure: "cancelled") }
        #expect(stopped.succeeded(filmWarm))
        #expect(stopped.jobs == [.run(.load(clip), on: MachineHarness.pid1)])
        #expect(h.finishJob(MachineHarness.pid1).succeeded(clipWarm))
        #expect(h.machine.players[MachineHarness.pid1]?.loaded == clip)
        #expect(h.machine.metrics.created == 1)
    }

    @Test func aReclaimEndsEveryTokenItsPageIssuedBefore() throws {
        let (h, feed, detail, lease) = try MachineHarness.feedHoldingClip()
        let link = try #require(h.lend(lease))
        let reclaim = h.request()
        // From the top with its settings on the engine: it succeeds at once.
        #expect(h.step { $0.reclaimRequested(reclaim, lease: lease.key, by: feed) } == [.succeed(reclaim)])
        // The link left open in another cell cannot take the player away again.
        let late = h.request()
        #expect(
            h.step { $0.borrowRequested(late, token: link, by: detail, now: .zero) } == [.fail(late, .tokenExpired)])
    }

    @Test func aReclaimWhosePageClosesMeanwhileAnswersSessionClosed() throws {
        let (h, feed, detail, lease) = try MachineHarness.feedHoldingClip()
        let borrowed = try #require(h.handOff(lease, to: detail))
        h.step { $0.giveBackRequested(h.request(), lease: borrowed.key, by: detail) }
        let reclaim = h.request()
        h.step { $0.reclaimRequested(reclaim, lease: lease.key, by: feed) }
        let closed = h.step { $0.sessionClosed(feed, request: h.request()) }
        #expect(closed.failure(for: reclaim) == .sessionClosed)
    }

    @Test func theTokenTableGivesItsMemoryBackAfterABurst() throws {
        let (h, _, _, lease) = try MachineHarness.feedHoldingClip()
        for _ in 0..<20_000 {
            _ = try h.machine.lendRequested(lease.key, by: lease.session, token: .random(), now: h.now).get()
        }
        let burst = h.machine.tokens.capacity
        #expect(burst >= 20_000)
        h.now += .seconds(30)
        _ = try h.machine.lendRequested(lease.key, by: lease.session, token: .random(), now: h.now).get()
        #expect(h.machine.tokens.count == 1)
        #expect(h.machine.tokens.capacity < 64)
    }
}
