import Testing

@testable import SeamlessPlayback

@Suite("PoolStateMachine: seeks by the active holder, in the engine's lane")
struct PoolStateMachineSeekTests {
    let p1 = MachineHarness.pid1

    @Test func theActiveHoldersSeekRunsOnTheLaneAndReturnsWhenTheEngineDoes() throws {
        let (h, feed, _, lease) = try MachineHarness.feedHoldingClip()
        let seek = h.request()
        #expect(
            h.step { $0.seekRequested(seek, lease: lease.key, by: feed, to: .seconds(3)) }
                == [.run(.seek(.seconds(3), request: seek), on: p1)])
        #expect(h.step { $0.seekFinished(p1, request: seek, failure: nil) } == [.succeed(seek)])
        #expect(h.machine.metrics.seeks == 1)
        // The player's settings were left alone: no apply.
        #expect(h.machine.players[p1]?.applied == feedSettings)
    }

    @Test func aLenderARevokedAGivenBackAndAFailedLeaseAreRefusedAtOnce() throws {
        let (h, feed, detail, lease) = try MachineHarness.feedHoldingClip()
        let borrowed = try #require(h.handOff(lease, to: detail))
        func seek(_ grant: Grant, _ position: Duration = .seconds(1)) -> [PoolAction] {
            let request = h.request()
            return h.step { $0.seekRequested(request, lease: grant.key, by: grant.session, to: position) }
        }
        #expect(seek(lease).failure(for: RequestID(raw: h.nextRequest - 1)) == .notActiveHolder)
        // A reclaim revokes the borrower.
        let reclaim = h.request()
        h.step { $0.reclaimRequested(reclaim, lease: lease.key, by: feed) }
        h.settle()
        #expect(seek(borrowed).failure(for: RequestID(raw: h.nextRequest - 1)) == .leaseRevoked)
        let again = try #require(h.handOff(lease, to: detail))
        let giveBack = h.request()
        h.step { $0.giveBackRequested(giveBack, lease: again.key, by: detail) }
        h.settle()
        #expect(seek(again).failure(for: RequestID(raw: h.nextRequest - 1)) == .notHolder)
        h.step { $0.engineFailed(p1, reason: "broke", now: .zero) }
        #expect(seek(lease).failure(for: RequestID(raw: h.nextRequest - 1)) == .engineFailed("broke"))
        #expect(h.machine.metrics.seeks == 0)
    }

    @Test func aNegativePositionIsRefusedBeforeAnythingReachesTheEngine() throws {
        let (h, feed, _, lease) = try MachineHarness.feedHoldingClip()
        let seek = h.request()
        let actions = h.step { $0.seekRequested(seek, lease: lease.key, by: feed, to: .seconds(-1)) }
        #expect(actions.jobs.isEmpty)
        guard case .seekFailed(let reason)? = actions.failure(for: seek) else {
            Issue.record("expected .seekFailed, got \(actions)")
            return
        }
        #expect(reason.contains("negative"))
    }

    @Test func aSeekWaitsForTheApplyInFlightAndNeverOverlapsIt() throws {
        let (h, feed, _, lease) = try MachineHarness.feedHoldingClip()
        let update = h.request()
        let applying = h.step { $0.updateRequested(update, session: feed, settings: miniSettings) }
        #expect(applying.jobs == [.run(.apply(miniSettings, version: 2), on: p1)])
        let seek = h.request()
        #expect(h.step { $0.seekRequested(seek, lease: lease.key, by: feed, to: .seconds(2)) } == [])
        #expect(
            h.step { $0.applyFinished(p1, version: 2) }
                == [.run(.seek(.seconds(2), request: seek), on: p1), .succeed(update)])
    }

    @Test func aSeekWhoseLeaseLentThePlayerBeforeItsTurnNeverReachesTheEngine() throws {
        let (h, feed, detail, lease) = try MachineHarness.feedHoldingClip()
        let update = h.request()
        h.step { $0.updateRequested(update, session: feed, settings: miniSettings) }
        let seek = h.request()
        h.step { $0.seekRequested(seek, lease: lease.key, by: feed, to: .seconds(2)) }
        // The feed lends the player while its seek waits behind the apply.
        let token = try #require(h.lend(lease))
        let borrow = h.request()
        h.step { $0.borrowRequested(borrow, token: token, by: detail, now: .zero) }
        let finished = h.step { $0.applyFinished(p1, version: 2) }
        // At its turn the feed is no longer on top: refused, and the borrower's settings go on.
        #expect(finished.failure(for: seek) == .notActiveHolder)
        #expect(finished.jobs == [.run(.apply(detailSettings, version: 3), on: p1)])
        let delivered = h.step { $0.applyFinished(p1, version: 3) }
        #expect(delivered.grant(for: borrow)?.session == detail)
        #expect(delivered.jobs.isEmpty)
    }

    @Test func aSeekTheEngineRefusesFailsAndThePlayerStaysInService() throws {
        let (h, feed, detail, lease) = try MachineHarness.feedHoldingClip()
        let seek = h.request()
        h.step { $0.seekRequested(seek, lease: lease.key, by: feed, to: .seconds(2)) }
        #expect(
            h.step { $0.seekFinished(p1, request: seek, failure: "no index") } == [.fail(seek, .seekFailed("no index"))]
        )
        #expect(h.machine.players[p1]?.retiring == false)
        #expect(h.machine.metrics.failures == 0)
        #expect(h.handOff(lease, to: detail) != nil)
    }

    @Test func aCancelledSeekFailsAtOnceWhetherQueuedOrRunning() throws {
        let (h, feed, _, lease) = try MachineHarness.feedHoldingClip()
        let running = h.request()
        h.step { $0.seekRequested(running, lease: lease.key, by: feed, to: .seconds(1)) }
        let queued = h.request()
        #expect(h.step { $0.seekRequested(queued, lease: lease.key, by: feed, to: .seconds(2)) } == [])
        #expect(h.step { $0.requestCancelled(queued) }.withoutEvents == [.fail(queued, .cancelled)])
        #expect(h.step { $0.requestCancelled(running) }.withoutEvents == [.fail(running, .cancelled)])
        // The running seek returns unheard; the cancelled queued one never starts.
        #expect(h.step { $0.seekFinished(p1, request: running, failure: nil) } == [])
        #expect(h.machine.metrics.cancellations == 2)
        #expect(h.job(p1) == nil)
    }

    @Test func aFailedOrHungEngineFailsItsSeeksQueuedAndRunning() throws {
        let (h, feed, _, lease) = try MachineHarness.feedHoldingClip()
        let running = h.request()
        h.step { $0.seekRequested(running, lease: lease.key, by: feed, to: .seconds(1)) }
        let queued = h.request()
        h.step { $0.seekRequested(queued, lease: lease.key, by: feed, to: .seconds(2)) }
        let failed = h.step { $0.callTimedOut(p1, call: "seek to 1 s did not return", now: .zero) }
        #expect(failed.failure(for: queued) == .engineFailed("seek to 1 s did not return"))
        #expect(failed.failure(for: running) == .engineFailed("seek to 1 s did not return"))
        #expect(h.machine.failedEngines[p1] == .hung)
        // The hung seek returns at last: the engine is shut down.
        #expect(h.step { $0.seekFinished(p1, request: running, failure: nil) } == [.run(.shutDown, on: p1)])
    }

    @Test func aShutdownFailsTheQueuedSeeksAndAClosedPageSeeksNoMore() throws {
        let (h, feed, detail, lease) = try MachineHarness.feedHoldingClip()
        let borrowed = try #require(h.handOff(lease, to: detail))
        let update = h.request()
        h.step { $0.updateRequested(update, session: detail, settings: miniSettings) }
        let seek = h.request()
        h.step { $0.seekRequested(seek, lease: borrowed.key, by: detail, to: .seconds(1)) }
        // The borrower's page closes while its seek waits behind its own apply.
        let close = h.request()
        h.step { $0.sessionClosed(detail, request: close) }
        // Then the feed's settings go back on, and the seek, at its turn, finds its page gone.
        let landed = h.settle()
        #expect(landed.failure(for: seek) == .sessionClosed)
        #expect(landed.jobs == [.run(.apply(feedSettings, version: 4), on: p1)])
        let late = h.request()
        h.step { $0.seekRequested(late, lease: lease.key, by: feed, to: .seconds(1)) }
        let shutdown = h.request()
        #expect(h.step { $0.shutdownRequested(shutdown) }.failure(for: late) == .poolShutDown)
    }

    /// Found by the stress tool: a seek queued behind an apply, its page gives the player back, another page's
    /// acquire recycles the player and its load fails, the player retires: the seek was never answered.
    @Test func aSeekQueuedOnAPlayerThatRetiresFailsWhenItIsShutDown() throws {
        let h = MachineHarness(capacity: 1)
        let a = h.open("a", feedSettings)
        let b = h.open("b", detailSettings)
        let lease = try #require(h.acquire(a, clip))
        let update = h.request()
        h.step { $0.updateRequested(update, session: a, settings: miniSettings) }
        let seek = h.request()
        h.step { $0.seekRequested(seek, lease: lease.key, by: a, to: .seconds(2)) }
        let giveBack = h.request()
        h.step { $0.giveBackRequested(giveBack, lease: lease.key, by: a) }
        let acquire = h.request()
        h.step { $0.acquireRequested(acquire, session: b, media: film, timeout: nil, now: .zero) }
        // Its turn comes as the apply lands (before the new owner's load): its page no longer holds the player. The
        // player goes quiet before the new owner's load (a version of its own), then loads.
        let landed = h.step { $0.applyFinished(p1, version: 2) }
        #expect(landed.failure(for: seek) == .notActiveHolder)
        #expect(landed.jobs == [.run(.apply(.idle, version: 5), on: p1)])
        #expect(h.step { $0.applyFinished(p1, version: 5) }.jobs == [.run(.load(film), on: p1)])
        let failed = h.step { $0.loadFinished(p1, media: film, failure: "corrupt") }
        #expect(failed.failure(for: acquire) == .engineFailed("corrupt"))
        #expect(failed.jobs == [.run(.shutDown, on: p1)])
        h.step { $0.engineShutDown(p1) }
        #expect(h.machine.requests[seek] == nil)
    }

    /// Found in review: with applies always first, a page that kept updating (a volume slider) held its own seek back.
    @Test func aSeekGoesBeforeTheAppliesDecidedAfterIt() throws {
        let (h, feed, _, lease) = try MachineHarness.feedHoldingClip()
        let first = h.request()
        h.step { $0.updateRequested(first, session: feed, settings: miniSettings) }
        let seek = h.request()
        h.step { $0.seekRequested(seek, lease: lease.key, by: feed, to: .seconds(2)) }
        let second = h.request()
        h.step { $0.updateRequested(second, session: feed, settings: detailSettings) }
        #expect(h.step { $0.applyFinished(p1, version: 2) }.jobs == [.run(.seek(.seconds(2), request: seek), on: p1)])
        let sought = h.step { $0.seekFinished(p1, request: seek, failure: nil) }
        #expect(sought.succeeded(seek))
        #expect(sought.jobs == [.run(.apply(detailSettings, version: 3), on: p1)])
    }
    /// Found by the stress run: the owner's seek, queued behind its borrower's (refused at its turn), started before the
    /// give-back's apply had put the owner's settings back on the engine.
    @Test func aSeekQueuedBehindARefusedOneWaitsForItsHoldersSettingsToLand() throws {
        let (h, feed, detail, lease) = try MachineHarness.feedHoldingClip()
        let borrowed = try #require(h.handOff(lease, to: detail))
        let update = h.request()
        let applying = h.step { $0.updateRequested(update, session: detail, settings: miniSettings) }
        let updateVersion = try #require(
            applying.jobs.first.flatMap { job -> UInt64? in
                if case .run(.apply(_, let version), _) = job { version } else { nil }
            })
        let detailSeek = h.request()
        #expect(h.step { $0.seekRequested(detailSeek, lease: borrowed.key, by: detail, to: .seconds(1)) } == [])
        let giveBack = h.request()
        h.step { $0.giveBackRequested(giveBack, lease: borrowed.key, by: detail) }
        let feedSeek = h.request()
        #expect(h.step { $0.seekRequested(feedSeek, lease: lease.key, by: feed, to: .seconds(2)) } == [])
        // The update lands: the borrower's seek is refused, and the feed's settings go on before the feed's seek.
        let landed = h.step { $0.applyFinished(p1, version: updateVersion) }
        #expect(landed.failure(for: detailSeek) == .notActiveHolder)
        #expect(landed.jobs == [.run(.apply(feedSettings, version: updateVersion + 1), on: p1)])
        #expect(h.machine.checkInvariants().isEmpty)
        let back = h.step { $0.applyFinished(p1, version: updateVersion + 1) }
        #expect(back.jobs == [.run(.seek(.seconds(2), request: feedSeek), on: p1)])
        #expect(back.succeeded(giveBack))
        // The owner hears `.returned` once its lane is free again.
        let sought = h.step { $0.seekFinished(p1, request: feedSeek, failure: nil) }
        #expect(sought == [.succeed(feedSeek), .notify(lease, .returned)])
    }
}
