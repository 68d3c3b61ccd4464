import SeamlessPlaybackTesting
import Testing

@_spi(EngineSupport) @testable import SeamlessPlayback

/// Loads that fail because of their media: the engine stays, transient failures are tried again. Exact actions.
@Suite("PoolStateMachine: media failures and retries")
struct PoolStateMachineMediaFailureTests {
    static let p1 = MachineHarness.pid1
    static let gone = MediaFailure(.notFound, reason: "HTTP 404")
    static let offline = MediaFailure(.network, reason: "connection refused")

    /// A page's cold acquire of the clip on a new engine, its load running.
    func loading(_ h: MachineHarness) -> (SessionID, RequestID) {
        let feed = h.open("feed", feedSettings)
        let r = h.request()
        h.step { $0.acquireRequested(r, session: feed, media: clip, timeout: nil, now: .zero) }
        h.finishUntilLoad(Self.p1)
        return (feed, r)
    }

    @Test func aMediaThatIsNotThereFailsTheAcquireAndKeepsTheEngine() throws {
        let h = MachineHarness(capacity: 1)
        let (feed, r) = loading(h)
        let failed = h.step { $0.loadFinished(Self.p1, media: clip, failure: "404", mediaFailure: Self.gone) }
        #expect(failed.failure(for: r) == .mediaFailed(Self.gone))
        #expect(failed.contains(.emit(.mediaFailed(Self.p1, clip, Self.gone, willRetry: false))))
        // The engine goes quiet and stays: the next acquire takes it, no new engine.
        #expect(failed.jobs == [.run(.apply(.idle, version: 2), on: Self.p1)])
        #expect(h.machine.players[Self.p1]?.retiring == false)
        h.settle()
        #expect(try #require(h.acquire(feed, film)).player == Self.p1)
        #expect(h.machine.metrics.created == 1)
        #expect(h.machine.metrics.mediaFailures == [.notFound: 1])
        #expect(h.machine.metrics.failures == 0)
    }

    @Test func aTransientFailureIsTriedAgainAfterItsDelayAndThePageGetsThePlayer() {
        let h = MachineHarness(capacity: 1)
        let (_, r) = loading(h)
        let failed = h.step { $0.loadFinished(Self.p1, media: clip, failure: "refused", mediaFailure: Self.offline) }
        #expect(failed.withoutEvents == [.retryLoad(Self.p1, clip, after: .milliseconds(250))])
        #expect(h.job(Self.p1) == nil)
        #expect(h.step { $0.retryDue(Self.p1, media: clip) }.jobs == [.run(.load(clip), on: Self.p1)])
        #expect(h.settle().grant(for: r) != nil)
        #expect(h.machine.metrics.loadRetries == 1)
        #expect(h.machine.metrics.mediaFailures == [.network: 1])
    }

    @Test func moreTransientFailuresThanRetriesFailWithTheLast() {
        let h = MachineHarness(capacity: 1)
        let (_, r) = loading(h)
        var delays: [Duration] = []
        for attempt in 0..<3 {
            let failure = MediaFailure(.timedOut, reason: "attempt \(attempt)")
            let actions = h.step { $0.loadFinished(Self.p1, media: clip, failure: "late", mediaFailure: failure) }
            for case .retryLoad(_, _, let delay) in actions { delays.append(delay) }
            if attempt < 2 {
                h.step { $0.retryDue(Self.p1, media: clip) }
            } else {
                #expect(actions.failure(for: r) == .mediaFailed(failure))
            }
        }
        #expect(delays == [.milliseconds(250), .milliseconds(500)])
        #expect(h.machine.metrics.loadRetries == 2)
    }

    @Test func aFailureThatIsNotTransientIsNotTriedAgain() {
        let h = MachineHarness(capacity: 1)
        let (_, r) = loading(h)
        let unsupported = MediaFailure(.unsupported, reason: "no demuxer")
        let failed = h.step { $0.loadFinished(Self.p1, media: clip, failure: "x", mediaFailure: unsupported) }
        #expect(failed.failure(for: r) == .mediaFailed(unsupported))
        #expect(!failed.contains { if case .retryLoad = $0 { true } else { false } })
    }

    @Test func aCancellationDuringTheDelayLeavesNothingHeldAndLoadsNothingMore() {
        let h = MachineHarness(capacity: 1)
        let (_, r) = loading(h)
        h.step { $0.loadFinished(Self.p1, media: clip, failure: "refused", mediaFailure: Self.offline) }
        #expect(h.step { $0.requestCancelled(r) }.failure(for: r) == .cancelled)
        h.settle()
        #expect(h.step { $0.retryDue(Self.p1, media: clip) } == [])
        h.settle()
        #expect(h.machine.metrics.loads == 1)
        #expect(h.machine.players[Self.p1]?.stack.isEmpty == true)
    }

    @Test func aPrewarmOfMediaThatIsNotThereFailsAndKeepsTheEngine() {
        let h = MachineHarness(capacity: 1)
        let warm = h.request()
        h.step { $0.prewarmRequested(warm, media: clip) }
        for _ in 0..<2 { h.finishJob(Self.p1) }
        let failed = h.step { $0.loadFinished(Self.p1, media: clip, failure: "404", mediaFailure: Self.gone) }
        #expect(failed.failure(for: warm) == .mediaFailed(Self.gone))
        #expect(h.machine.players[Self.p1]?.retiring == false)
        #expect(h.machine.players[Self.p1]?.media == nil)
    }

    @Test func aPlayerRecycledWhileItsLoadWaitsToBeTriedAgainStopsTheRetrysTimer() {
        let h = MachineHarness(capacity: 1)
        let feed = h.open("feed", feedSettings)
        let warm = h.request()
        h.step { $0.prewarmRequested(warm, media: clip) }
        for _ in 0..<2 { h.finishJob(Self.p1) }
        let failed = h.step { $0.loadFinished(Self.p1, media: clip, failure: "refused", mediaFailure: Self.offline) }
        #expect(failed.withoutEvents == [.retryLoad(Self.p1, clip, after: .milliseconds(250))])
        let r = h.request()
        let recycled = h.step { $0.acquireRequested(r, session: feed, media: film, timeout: nil, now: .zero) }
        #expect(recycled.contains(.cancelRetry(Self.p1)))
        #expect(h.step { $0.retryDue(Self.p1, media: clip) }.jobs.isEmpty, "a late timer starts nothing")
    }
}

/// The same on simulated engines, on a manual clock.
@Suite("PlayerPool: media failures on simulated engines")
struct PlayerPoolMediaFailureTests {
    @Test func aBadURLNeverCostsAHealthyEngine() async throws {
        let made = Locked(0)
        let pool = PlayerPool(configuration: .init(capacity: 1)) {
            made.withLock { $0 += 1 }
            return SimulatedEngine(failMedia: { item in item == film ? MediaFailure(.notFound, reason: "HTTP 404") : nil
            })
        }
        let page = try await pool.makeSession(named: "feed")
        let good = try await page.acquire(clip)
        try await page.giveBack(good)
        await #expect(throws: PlayerPoolError.mediaFailed(MediaFailure(.notFound, reason: "HTTP 404"))) {
            _ = try await page.acquire(film)
        }
        let again = try await page.acquire(clip)
        #expect(again.player == good.player)
        #expect(made.withLock { $0 } == 1)
        let failures = await pool.metrics.mediaFailures
        #expect(failures == [.notFound: 1])
    }

    @Test func aTransientFailureSucceedsAtTheBackoffsTime() async throws {
        let clock = ManualClock()
        let attempts = Locked(0)
        let pool = PlayerPool(configuration: .init(capacity: 1, loadTimeout: nil), clock: clock) {
            SimulatedEngine(
                clock: clock,
                failMedia: { _ in
                    attempts.withLock { count in
                        count += 1
                        return count == 1 ? MediaFailure(.network, reason: "connection reset") : nil
                    }
                })
        }
        let page = try await pool.makeSession(named: "feed")
        let acquire = Task { try await page.acquire(clip) }
        await clock.waitForSleepers(count: 1)  // the retry's delay
        clock.advance(by: .milliseconds(250))
        _ = try await acquire.value
        #expect(clock.now.offset == .milliseconds(250))
        #expect(attempts.withLock { $0 } == 2)
        #expect(await pool.metrics.loadRetries == 1)
    }
}
