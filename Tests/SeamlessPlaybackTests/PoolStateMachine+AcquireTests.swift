import Testing

@testable import SeamlessPlayback

@Suite("PoolStateMachine: acquire, waiters, prewarm, trim")
struct PoolStateMachineAcquireTests {
    @Test func coldAcquireCreatesAppliesLoadsThenResumes() {
        let h = MachineHarness()
        let feed = h.open("feed", feedSettings)
        let r = h.request()
        let p = MachineHarness.pid1
        #expect(
            h.step { $0.acquireRequested(r, session: feed, media: clip, timeout: nil, now: .zero) }
                == [.run(.create, on: p)])
        // The page's settings go on the new engine before anything is loaded on it, and nothing follows the load.
        #expect(
            h.step { $0.engineCreated(p) } == [.emit(.created(p)), .run(.apply(feedSettings, version: 1), on: p)])
        #expect(h.step { $0.applyFinished(p, version: 1) } == [.run(.load(clip), on: p)])
        let grant = Grant(player: p, epoch: 1, media: clip, session: feed, sessionName: "feed")
        #expect(
            h.step { $0.loadFinished(p, media: clip) }
                == [
                    .emit(.loaded(p, clip)), .emit(.acquired(p, session: "feed", warm: false)),
                    .resume(r, with: grant), .activeChanged(p, grant),
                ])
        #expect(h.machine.metrics.acquisitions == 1)
        #expect(h.machine.metrics.loads == 1)
        #expect(h.machine.metrics.live == 1)
        #expect(h.machine.snapshot().first?.holders == ["feed"])
    }

    @Test func idlePlayerWithTheMediaIsAWarmHitWithoutLoad() throws {
        let h = MachineHarness()
        let feed = h.open("feed", feedSettings)
        let other = h.open("other", detailSettings)
        let first = try #require(h.acquire(feed, clip))
        let back = h.request()
        #expect(
            h.step { $0.giveBackRequested(back, lease: first.key, by: feed) }.jobs
                == [.run(.apply(.idle, version: 2), on: first.player)])
        // The give-back returns once the player is quiet.
        #expect(h.finishJob(first.player).succeeded(back))
        let r = h.request()
        let actions = h.step { $0.acquireRequested(r, session: other, media: clip, timeout: nil, now: .zero) }
        #expect(actions == [.run(.apply(detailSettings, version: 3), on: first.player)])
        let done = h.finishJob(first.player)
        #expect(done.contains(.emit(.acquired(first.player, session: "other", warm: true))))
        #expect(done.grant(for: r)?.player == first.player)
        #expect(h.machine.metrics.warmHits == 1)
        #expect(h.machine.metrics.loads == 1)
    }

    @Test func sameSettingsOnTheEngineNeedNoApply() throws {
        let h = MachineHarness()
        let a = h.open("a", feedSettings)
        let b = h.open("b", .idle)
        let first = try #require(h.acquire(a, clip))
        let back = h.request()
        h.step { $0.giveBackRequested(back, lease: first.key, by: a) }
        h.settle()
        // The engine carries the idle settings, which are b's.
        let r = h.request()
        let actions = h.step { $0.acquireRequested(r, session: b, media: clip, timeout: nil, now: .zero) }
        #expect(actions.jobs.isEmpty)
        #expect(actions.grant(for: r) != nil)
    }

    @Test func newEngineWhileUnderCapacityThenLeastRecentlyUsedIdleIsReloaded() throws {
        let h = MachineHarness(capacity: 2)
        let a = h.open("a")
        let one = try #require(h.acquire(a, clip))
        let two = try #require(h.acquire(a, film))
        #expect(one.player != two.player)
        for grant in [one, two] {
            let r = h.request()
            h.step { $0.giveBackRequested(r, lease: grant.key, by: a) }
        }
        h.settle()
        let r = h.request()
        let actions = h.step { $0.acquireRequested(r, session: a, media: trailer, timeout: nil, now: .zero) }
        #expect(actions == [.emit(.evicted(one.player, clip)), .run(.load(trailer), on: one.player)])
        h.settle()
        #expect(h.machine.metrics.created == 2)
        #expect(h.machine.metrics.loads == 3)
    }

    @Test func heldPlayersAreNeverTakenAndWaitersAreServedFirstComeFirstServed() throws {
        let h = MachineHarness(capacity: 1)
        let a = h.open("a")
        let b = h.open("b")
        let c = h.open("c")
        let held = try #require(h.acquire(a, clip))
        let rb = h.request()
        let rc = h.request()
        #expect(
            h.step { $0.acquireRequested(rb, session: b, media: film, timeout: nil, now: .zero) }
                == [.emit(.queued(session: "b", film))])
        h.step { $0.acquireRequested(rc, session: c, media: clip, timeout: nil, now: .zero) }
        #expect(h.machine.metrics.waiting == 2)
        let back = h.request()
        var actions = h.step { $0.giveBackRequested(back, lease: held.key, by: a) }
        actions += h.settle()
        // b asked first, so b gets the player even though c wants the media it has.
        #expect(actions.grant(for: rb)?.player == held.player)
        #expect(actions.grant(for: rc) == nil)
        #expect(h.machine.metrics.waiting == 1)
    }

    @Test func waiterTimesOutOnlyAtItsDeadline() throws {
        let h = MachineHarness(capacity: 1)
        let a = h.open("a")
        let b = h.open("b")
        _ = try #require(h.acquire(a, clip))
        let r = h.request()
        #expect(
            h.step { $0.acquireRequested(r, session: b, media: film, timeout: .seconds(1), now: .seconds(5)) }
                == [.emit(.queued(session: "b", film)), .startTimer(r, deadline: .seconds(6))])
        #expect(h.step { $0.timerFired(r, now: .milliseconds(5500)) } == [.startTimer(r, deadline: .seconds(6))])
        #expect(
            h.step { $0.timerFired(r, now: .seconds(6)) }
                == [.emit(.timedOut(session: "b", film)), .fail(r, .timedOut)])
        #expect(h.machine.metrics.timeouts == 1)
        #expect(h.machine.metrics.waiting == 0)
        #expect(h.step { $0.timerFired(r, now: .seconds(7)) } == [])
    }

    @Test func timeoutsBeyondACenturyWaitIndefinitely() throws {
        let h = MachineHarness(capacity: 1)
        let a = h.open("a")
        _ = try #require(h.acquire(a, clip))
        let r = h.request()
        let actions = h.step {
            $0.acquireRequested(r, session: a, media: film, timeout: .seconds(Int64.max), now: .zero)
        }
        #expect(actions == [.emit(.queued(session: "a", film))])
    }

    @Test func timedOutWaitersBehindALongWaiterDoNotAccumulate() throws {
        let h = MachineHarness(capacity: 1)
        let a = h.open("a")
        _ = try #require(h.acquire(a, clip))
        let endless = h.request()
        h.step { $0.acquireRequested(endless, session: a, media: film, timeout: nil, now: .zero) }
        for _ in 0..<1_000 {
            let r = h.request()
            h.step { $0.acquireRequested(r, session: a, media: trailer, timeout: .seconds(1), now: .zero) }
            h.step { $0.timerFired(r, now: .seconds(1)) }
        }
        #expect(h.machine.queue.pending.count < 200)
        #expect(h.machine.metrics.waiting == 1)
    }

    @Test func zeroTimeoutFailsAtOnceWhenItWouldWait() throws {
        let h = MachineHarness(capacity: 1)
        let a = h.open("a")
        _ = try #require(h.acquire(a, clip))
        let r = h.request()
        let actions = h.step { $0.acquireRequested(r, session: a, media: film, timeout: .zero, now: .zero) }
        #expect(actions.failure(for: r) == .timedOut)
        #expect(h.machine.metrics.waiting == 0)
    }

    @Test func cancelledWaiterLeavesNoTraceAndIsSkipped() throws {
        let h = MachineHarness(capacity: 1)
        let a = h.open("a")
        let b = h.open("b")
        let c = h.open("c")
        let held = try #require(h.acquire(a, clip))
        let rb = h.request()
        let rc = h.request()
        h.step { $0.acquireRequested(rb, session: b, media: film, timeout: .seconds(1), now: .zero) }
        h.step { $0.acquireRequested(rc, session: c, media: film, timeout: nil, now: .zero) }
        #expect(
            h.step { $0.requestCancelled(rb) }
                == [.cancelTimer(rb), .emit(.cancelled(session: "b")), .fail(rb, .cancelled)])
        #expect(h.step { $0.requestCancelled(rb) } == [])
        let back = h.request()
        var actions = h.step { $0.giveBackRequested(back, lease: held.key, by: a) }
        actions += h.settle()
        #expect(actions.grant(for: rc) != nil)
        #expect(h.machine.metrics.cancellations == 1)
        #expect(h.machine.metrics.waiting == 0)
    }

    @Test func cancelledAcquireDuringLoadFreesThePlayerWarmForTheNext() throws {
        let h = MachineHarness(capacity: 1)
        let a = h.open("a")
        let b = h.open("b")
        let r = h.request()
        h.step { $0.acquireRequested(r, session: a, media: clip, timeout: nil, now: .zero) }
        h.finishUntilLoad(MachineHarness.pid1)
        #expect(h.job(MachineHarness.pid1) == .load(clip))
        let cancelled = h.step { $0.requestCancelled(r) }
        #expect(cancelled.failure(for: r) == .cancelled)
        #expect(h.machine.snapshot().first?.holders == [])
        let rb = h.request()
        // The load in flight serves b: no second load.
        #expect(h.step { $0.acquireRequested(rb, session: b, media: clip, timeout: nil, now: .zero) } == [])
        let actions = h.settle()
        #expect(actions.grant(for: rb) != nil)
        #expect(h.machine.metrics.loads == 1)
    }

    @Test func engineCreationFailureFreesTheSlotAndServesTheNextWaiter() throws {
        let h = MachineHarness(capacity: 1)
        let a = h.open("a")
        let b = h.open("b")
        let ra = h.request()
        let rb = h.request()
        h.step { $0.acquireRequested(ra, session: a, media: clip, timeout: nil, now: .zero) }
        h.step { $0.acquireRequested(rb, session: b, media: film, timeout: nil, now: .zero) }
        let actions = h.step { $0.engineCreationFailed(MachineHarness.pid1, reason: "no decoder") }
        #expect(actions.failure(for: ra) == .engineFailed("no decoder"))
        #expect(actions.contains(.run(.create, on: MachineHarness.pid2)))
        #expect(h.settle().grant(for: rb) != nil)
        #expect(h.machine.metrics.live == 1)
    }

    @Test func loadFailureRetiresTheEngineAndServesTheNextWaiter() throws {
        let h = MachineHarness(capacity: 1)
        let a = h.open("a")
        let b = h.open("b")
        let ra = h.request()
        let rb = h.request()
        let p = MachineHarness.pid1
        h.step { $0.acquireRequested(ra, session: a, media: clip, timeout: nil, now: .zero) }
        h.step { $0.acquireRequested(rb, session: b, media: film, timeout: nil, now: .zero) }
        h.finishUntilLoad(p)
        let failed = h.step { $0.loadFinished(p, media: clip, failure: "missing file") }
        #expect(failed.failure(for: ra) == .engineFailed("missing file"))
        #expect(failed.contains(.run(.shutDown, on: p)))
        let after = h.finishJob(p)
        #expect(after.contains(.run(.create, on: MachineHarness.pid2)))
        #expect(h.settle().grant(for: rb) != nil)
        #expect(h.machine.metrics.created == 2)
        #expect(h.machine.metrics.destroyed == 1)
    }

    @Test func prewarmLoadsAnIdlePlayerSoTheNextAcquireIsWarm() throws {
        let h = MachineHarness(capacity: 1)
        let a = h.open("a")
        let r = h.request()
        #expect(h.step { $0.prewarmRequested(r, media: clip) } == [.run(.create, on: MachineHarness.pid1)])
        #expect(h.settle().succeeded(r))
        let again = h.request()
        #expect(h.step { $0.prewarmRequested(again, media: clip) } == [.succeed(again)])
        let grant = try #require(h.acquire(a, clip))
        #expect(grant.player == MachineHarness.pid1)
        #expect(h.machine.metrics.warmHits == 1)
        #expect(h.machine.metrics.loads == 1)
        // Everything is held now: prewarm never waits.
        let full = h.request()
        #expect(h.step { $0.prewarmRequested(full, media: film) } == [.succeed(full)])
    }

    @Test func aPrewarmCancelledBeforeItsLoadBeganDropsTheLoad() throws {
        let h = MachineHarness(capacity: 1)
        let a = h.open("a")
        let r = h.request()
        h.step { $0.prewarmRequested(r, media: clip) }
        #expect(
            h.step { $0.requestCancelled(r) } == [.fail(r, .cancelled), .emit(.evicted(MachineHarness.pid1, clip))])
        let rest = h.settle()
        #expect(!rest.succeeded(r))
        #expect(h.machine.metrics.idle == 1)
        #expect(h.machine.metrics.loads == 0)
        _ = try #require(h.acquire(a, clip))
        #expect(h.machine.metrics.warmHits == 0)
    }

    @Test func aPrewarmCancelledWhileItsLoadRunsCancelsTheLoadAndKeepsTheEngine() throws {
        let h = MachineHarness(capacity: 1)
        let a = h.open("a")
        let r = h.request()
        h.step { $0.prewarmRequested(r, media: clip) }
        h.finishJob(MachineHarness.pid1)
        h.finishJob(MachineHarness.pid1)
        #expect(h.job(MachineHarness.pid1) == .load(clip))
        #expect(h.step { $0.requestCancelled(r) } == [.fail(r, .cancelled), .cancelLoad(MachineHarness.pid1, clip)])
        #expect(h.machine.metrics.cancelledLoads == 1)
        // The engine stops: healthy, nothing loaded, not retired.
        #expect(h.step { $0.loadFinished(MachineHarness.pid1, media: clip, failure: "cancelled") } == [])
        #expect(h.machine.players[MachineHarness.pid1]?.retiring == false)
        #expect(h.machine.players[MachineHarness.pid1]?.loaded == nil)
        let lease = try #require(h.acquire(a, clip))
        #expect(lease.player == MachineHarness.pid1)
        #expect(h.machine.metrics.created == 1)
    }

    @Test func trimLeavesAPlayerThatIsStillLoadingForAPrewarm() throws {
        let h = MachineHarness(capacity: 2)
        let r = h.request()
        h.step { $0.prewarmRequested(r, media: clip) }
        h.finishJob(MachineHarness.pid1)
        h.finishJob(MachineHarness.pid1)
        #expect(h.job(MachineHarness.pid1) == .load(clip))
        let trim = h.request()
        #expect(h.step { $0.trimRequested(trim, keepingIdle: 0) } == [.succeed(trim)])
        #expect(h.finishJob(MachineHarness.pid1).succeeded(r))
        let again = h.request()
        #expect(h.step { $0.trimRequested(again, keepingIdle: 0) }.contains(.run(.shutDown, on: MachineHarness.pid1)))
    }

    @Test func trimShutsDownLeastRecentlyUsedIdlePlayersOnly() throws {
        let h = MachineHarness(capacity: 3)
        let a = h.open("a")
        let one = try #require(h.acquire(a, clip))
        let two = try #require(h.acquire(a, film))
        let three = try #require(h.acquire(a, trailer))
        for grant in [one, two] {
            let r = h.request()
            h.step { $0.giveBackRequested(r, lease: grant.key, by: a) }
        }
        h.settle()
        let r = h.request()
        let actions = h.step { $0.trimRequested(r, keepingIdle: 1) }
        #expect(actions == [.emit(.evicted(one.player, clip)), .run(.shutDown, on: one.player)])
        #expect(h.settle().succeeded(r))
        #expect(h.machine.players[one.player] == nil)
        #expect(h.machine.players[two.player] != nil)
        let none = h.request()
        #expect(h.step { $0.trimRequested(none, keepingIdle: 0) }.contains(.run(.shutDown, on: two.player)))
        h.settle()
        #expect(h.machine.players[three.player]?.stack.count == 1)
        #expect(h.machine.metrics.live == 1)
    }
}
