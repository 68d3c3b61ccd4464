import Testing

@testable import SeamlessPlayback

@Suite("PoolStateMachine: engines that fail after their load, hang, or are held too long")
struct PoolStateMachineFailureTests {
    let p1 = MachineHarness.pid1, p2 = MachineHarness.pid2

    @Test func aFailedPlayerIsNeverHandedOutAgain() throws {
        let (h, feed, detail, lease) = try MachineHarness.feedHoldingClip()
        let token = try #require(h.lend(lease))
        let failed = h.step { $0.engineFailed(p1, reason: "stream cut", now: .zero) }
        #expect(failed.contains(.emit(.engineFailed(p1, "stream cut"))))
        #expect(failed.jobs == [.run(.shutDown, on: p1)])
        // No borrow of it: its token answers with the failure.
        let borrow = h.request()
        #expect(
            h.step { $0.borrowRequested(borrow, token: token, by: detail, now: .zero) }
                == [.fail(borrow, .engineFailed("stream cut"))])
        // No warm hit, no recycling, no prewarm: the next acquire of the same media makes a new engine.
        let warm = h.request()
        #expect(h.step { $0.prewarmRequested(warm, media: clip) }.jobs == [.run(.create, on: p2)])
        h.settle()
        let again = try #require(h.acquire(feed, clip))
        #expect(again.player == p2)
        #expect(h.machine.metrics.failures == 1)
        #expect(h.machine.metrics.warmHits == 1)
        #expect(h.machine.players[p1] == nil)
    }

    @Test func everyHolderHearsItOnceAndItsLeaseIsFenced() throws {
        let (h, feed, detail, lease) = try MachineHarness.feedHoldingClip()
        let mini = h.open("mini", miniSettings)
        let borrowed = try #require(h.handOff(lease, to: detail))
        let token = try #require(h.lend(borrowed))
        let pending = h.request()
        h.step { $0.borrowRequested(pending, token: token, by: mini, now: .zero) }
        let failed = h.step { $0.engineFailed(p1, reason: "decoder died", now: .zero) }
        #expect(
            failed.withoutEvents == [
                .fail(pending, .engineFailed("decoder died")),
                .notify(borrowed, .failed("decoder died")),
                .notify(lease, .failed("decoder died")),
            ])
        #expect(failed.activeChanges == [nil])
        // Only the first report counts.
        #expect(h.step { $0.engineFailed(p1, reason: "again", now: .zero) } == [])
        let giveBack = h.request()
        let reclaim = h.request()
        #expect(
            h.step { $0.giveBackRequested(giveBack, lease: borrowed.key, by: detail) }
                == [.fail(giveBack, .engineFailed("decoder died"))])
        #expect(
            h.step { $0.reclaimRequested(reclaim, lease: lease.key, by: feed) }
                == [.fail(reclaim, .engineFailed("decoder died"))])
        #expect(throws: PlayerPoolError.engineFailed("decoder died")) {
            try h.machine.lendRequested(lease.key, by: feed, token: .random(), now: .zero).get()
        }
        // Closing still succeeds.
        let close = h.request()
        #expect(h.step { $0.sessionClosed(feed, request: close) }.succeeded(close))
    }

    @Test func callsWaitingOnAFailedEngineEndAndNoneHangs() throws {
        let (h, feed, detail, lease) = try MachineHarness.feedHoldingClip()
        let borrowed = try #require(h.handOff(lease, to: detail))
        let giveBack = h.request()
        h.step { $0.giveBackRequested(giveBack, lease: borrowed.key, by: detail) }
        let reclaim = h.request()
        h.step { $0.reclaimRequested(reclaim, lease: lease.key, by: feed) }
        #expect(h.job(p1) == .apply(feedSettings, version: 3))
        let failed = h.step { $0.engineFailed(p1, reason: "gone", now: .zero) }
        // The give-back's change was made: it returns; the reclaim cannot get its settings on: it throws.
        #expect(failed.succeeded(giveBack))
        #expect(failed.failure(for: reclaim) == .engineFailed("gone"))
        #expect(failed.jobs == [])
        #expect(h.machine.metrics.abandoned == 1)
    }

    /// One player: the feed's acquire of the clip (`stuck`) has just started its engine's creation; the detail page
    /// is open.
    func feedAcquiringClip() -> (MachineHarness, detail: SessionID, stuck: RequestID) {
        let h = MachineHarness(capacity: 1)
        let feed = h.open("feed", feedSettings)
        let detail = h.open("detail", detailSettings)
        let stuck = h.request()
        h.step { $0.acquireRequested(stuck, session: feed, media: clip, timeout: nil, now: .zero) }
        return (h, detail, stuck)
    }

    @Test func aTimedOutCallFreesTheSlotAtOnceAndTheEngineShutsDownOnceItReturns() throws {
        let (h, detail, stuck) = feedAcquiringClip()
        h.finishUntilLoad(p1)
        #expect(h.job(p1) == .load(clip))
        let waiter = h.request()
        h.step { $0.acquireRequested(waiter, session: detail, media: film, timeout: nil, now: .zero) }
        let timedOut = h.step { $0.callTimedOut(p1, call: "load of clip did not return within 30 seconds", now: .zero) }
        #expect(timedOut.failure(for: stuck) == .engineFailed("load of clip did not return within 30 seconds"))
        // The slot goes to the waiter at once, with a new engine; the hung one gets nothing meanwhile.
        #expect(timedOut.jobs == [.run(.create, on: p2)])
        #expect(h.machine.metrics.abandoned == 1)
        #expect(h.machine.metrics.live == 1)
        // Its call returns: only now is it shut down, exactly once.
        #expect(h.step { $0.loadFinished(p1, media: clip) } == [.run(.shutDown, on: p1)])
        #expect(h.machine.metrics.abandoned == 0)
        #expect(h.step { $0.engineShutDown(p1) } == [.emit(.destroyed(p1))])
        #expect(h.settle().grant(for: waiter)?.player == p2)
        // A timeout for a call that already returned changes nothing.
        #expect(h.step { $0.callTimedOut(p2, call: "apply", now: .zero) } == [])
    }

    @Test func aCreationThatOutlastsItsTimeoutFailsLikeOneThatThrewAndItsLaneShutsItDownOnceMade() throws {
        let (h, detail, stuck) = feedAcquiringClip()
        #expect(h.job(p1) == .create)
        let waiter = h.request()
        h.step { $0.acquireRequested(waiter, session: detail, media: film, timeout: nil, now: .zero) }
        let shutdown = h.request()
        let reason = "creation of the engine did not return within 30.0 seconds"
        let timedOut = h.step { $0.callTimedOut(p1, call: reason, now: .seconds(30)) }
        #expect(
            timedOut == [
                .run(.shutDown, on: p1), .fail(stuck, .engineFailed(reason)), .emit(.engineFailed(p1, reason)),
                .run(.create, on: p2),
            ])
        #expect(h.machine.players[p1] == nil, "the slot is free")
        #expect(h.machine.metrics.live == 0 && h.machine.metrics.abandoned == 0, "no engine was ever made")
        // A shutdown waits for the new engine only; the late one, should it come, is its lane's to shut down.
        #expect(h.step { $0.shutdownRequested(shutdown) }.failure(for: waiter) == .poolShutDown)
        #expect(h.step { $0.engineCreated(p1) } == [], "a late creation changes nothing")
        #expect(h.settle().succeeded(shutdown))
    }

    @Test func aShutdownThatOutlastsItsTimeoutIsWaitedForNoMore() throws {
        let (h, _, _, lease) = try MachineHarness.feedHoldingClip()
        let shutdown = h.request()
        let closing = h.step { $0.shutdownRequested(shutdown) }
        #expect(closing.contains(.run(.shutDown, on: lease.player)))
        #expect(!closing.succeeded(shutdown))
        #expect(h.step { $0.callTimedOut(lease.player, call: "shutdown", now: .seconds(5)) } == [.succeed(shutdown)])
        #expect(h.machine.players[lease.player] == nil, "out of the pool at once")
        #expect(h.machine.metrics.live == 1 && h.machine.metrics.abandoned == 1, "abandoned until its shutdown returns")
        #expect(h.step { $0.engineShutDown(lease.player) } == [.emit(.destroyed(lease.player))])
        #expect(h.machine.metrics.live == 0 && h.machine.metrics.abandoned == 0)
    }

    @Test func aTrimWhoseShutdownHangsReturnsAndTheSlotServesTheNextAcquire() throws {
        let (h, feed, detail, lease) = try MachineHarness.feedHoldingClip(capacity: 1)
        let back = h.request()
        h.step { $0.giveBackRequested(back, lease: lease.key, by: feed) }
        h.settle()
        let trim = h.request()
        #expect(h.step { $0.trimRequested(trim, keepingIdle: 0) }.jobs == [.run(.shutDown, on: p1)])
        let waiter = h.request()
        h.step { $0.acquireRequested(waiter, session: detail, media: film, timeout: nil, now: .zero) }
        let timedOut = h.step {
            $0.callTimedOut(p1, call: "shutdown did not return within 5.0 seconds", now: .seconds(5))
        }
        #expect(timedOut.succeeded(trim))
        #expect(timedOut.jobs == [.run(.create, on: p2)], "the hung engine's slot serves the waiter")
        #expect(h.settle().grant(for: waiter)?.player == p2)
    }

    @Test func aFailedEnginesShutdownThatOutlastsItsTimeoutIsWaitedForNoMore() throws {
        let (h, _, _, lease) = try MachineHarness.feedHoldingClip()
        #expect(
            h.step { $0.engineFailed(lease.player, reason: "gone", now: .zero) }.contains(
                .run(.shutDown, on: lease.player)))
        let shutdown = h.request()
        #expect(!h.step { $0.shutdownRequested(shutdown) }.succeeded(shutdown))
        #expect(h.machine.failedEngines[lease.player] == .shuttingDown(watchers: [shutdown]))
        #expect(h.step { $0.callTimedOut(lease.player, call: "shutdown", now: .seconds(5)) } == [.succeed(shutdown)])
        #expect(h.machine.failedEngines[lease.player] == .shuttingDown(watchers: []))
        h.step { $0.engineShutDown(lease.player) }
        #expect(h.machine.metrics.live == 0)
    }

    @Test func aBorrowHeldLongerThanTheThresholdIsReportedOnceAndNothingIsRevoked() throws {
        let h = MachineHarness(capacity: 1, borrowWarningThreshold: .seconds(30))
        let feed = h.open("feed", feedSettings)
        let detail = h.open("detail", detailSettings)
        let lease = try #require(h.acquire(feed, clip))
        let token = try #require(h.lend(lease))
        let r = h.request()
        var actions = h.step { $0.borrowRequested(r, token: token, by: detail, now: .zero) }
        actions += h.settle()
        let borrowed = try #require(actions.grant(for: r))
        #expect(actions.contains(.watchHold(p1, epoch: borrowed.epoch)))
        #expect(!actions.contains(.watchHold(p1, epoch: lease.epoch)))
        #expect(
            h.step { $0.holdTimerFired(p1, epoch: borrowed.epoch, heldFor: .seconds(31)) }
                == [.emit(.borrowHeldLong(p1, session: "detail", heldFor: .seconds(31)))])
        #expect(h.machine.snapshot().first?.holders == ["feed", "detail"])
        let back = h.request()
        #expect(
            h.step { $0.giveBackRequested(back, lease: borrowed.key, by: detail) }.contains(
                .unwatchHold(borrowed.epoch)))
        #expect(h.step { $0.holdTimerFired(p1, epoch: borrowed.epoch, heldFor: .seconds(40)) } == [])
    }
}
