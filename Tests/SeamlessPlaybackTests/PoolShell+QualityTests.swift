@_spi(EngineSupport) import SeamlessPlayback
import SeamlessPlaybackTesting
import Testing

/// Reads the lease's status stream until `phase`: the pool has then taken the report that said it.
private func heard(_ phase: PlaybackPhase, on lease: PlayerLease, of page: PageSession) async -> Bool {
    var statuses = page.status(of: lease).makeAsyncIterator()
    return await next(phase, from: &statuses) != nil
}

@Suite("Playback quality through the pool, on simulated engines and a manual clock", .timeLimit(.minutes(1)))
struct PoolShellQualityTests {
    @Test func aColdAcquireStartsWhenItsEngineIsMadeAndItsLoadIsDone() async throws {
        let f = PoolFixture()
        let feed = try await f.pool.makeSession(named: "feed", settings: feedSettings)
        f.loadGate.close()
        let acquire = Task { try await feed.acquire(clip) }
        await f.loadGate.waitForArrivals(1)
        f.clock.advance(by: .milliseconds(300))
        f.loadGate.open()
        let lease = try await acquire.value
        #expect(await heard(.playing, on: lease, of: feed))
        f.clock.advance(by: .seconds(2))
        let quality = await feed.quality(of: lease)
        #expect(quality.startupTime == .milliseconds(300))
        #expect(quality.playingTime == .seconds(2))
        #expect(quality.stallCount == 0)
    }

    @Test func aWarmAcquireStartsWhenItsSettingsPlay() async throws {
        let f = PoolFixture()
        let feed = try await f.pool.makeSession(named: "feed", settings: feedSettings)
        try await f.pool.prewarm(clip)
        f.clock.advance(by: .seconds(5))
        f.applyGate.close()
        let arrivals = f.applyGate.arrivals
        let acquire = Task { try await feed.acquire(clip) }
        await f.applyGate.waitForArrivals(arrivals + 1)
        f.clock.advance(by: .milliseconds(20))
        f.applyGate.open()
        let lease = try await acquire.value
        #expect(await heard(.playing, on: lease, of: feed))
        #expect(await feed.quality(of: lease).startupTime == .milliseconds(20))
        #expect(await f.pool.metrics.created == 1)
    }

    @Test func twoStallsOfKnownLengthAndASeek() async throws {
        let f = PoolFixture()
        let pages = try await f.feedPlayingClip()
        #expect(await heard(.playing, on: pages.lease, of: pages.feed))
        f.clock.advance(by: .seconds(1))
        for stall in [Duration.milliseconds(250), .milliseconds(750)] {
            pages.engine.stall()
            #expect(await heard(.buffering, on: pages.lease, of: pages.feed))
            f.clock.advance(by: stall)
            pages.engine.endStall()
            #expect(await heard(.playing, on: pages.lease, of: pages.feed))
            f.clock.advance(by: .seconds(1))
        }
        try await pages.feed.seek(pages.lease, to: .seconds(3))
        let quality = await pages.feed.quality(of: pages.lease)
        #expect(quality.startupTime == .zero)
        #expect(quality.stallCount == 2)
        #expect(quality.stallTime == .seconds(1))
        #expect(quality.playingTime == .seconds(3))
        #expect(quality.rebufferRatio == 0.25)
        #expect(quality.seekCount == 1)
    }

    @Test func aSystemPauseIsNotAStall() async throws {
        let f = PoolFixture()
        let pages = try await f.feedPlayingClip()
        #expect(await heard(.playing, on: pages.lease, of: pages.feed))
        f.clock.advance(by: .seconds(1))
        pages.engine.pauseBySystem(.interrupted)
        #expect(await heard(.paused(.interrupted), on: pages.lease, of: pages.feed))
        f.clock.advance(by: .seconds(10))
        let quality = await pages.feed.quality(of: pages.lease)
        #expect(quality.stallCount == 0)
        #expect(quality.stallTime == .zero)
        #expect(quality.playingTime == .seconds(1))
    }

    @Test func aHandoffStopsTheLendersClockAndStartsTheBorrowers() async throws {
        let f = PoolFixture()
        let pages = try await f.feedPlayingClip()
        #expect(await heard(.playing, on: pages.lease, of: pages.feed))
        let events = await f.pool.events()
        f.clock.advance(by: .seconds(1))
        let borrowed = try await pages.detail.borrow(try await pages.feed.lend(pages.lease))
        f.clock.advance(by: .seconds(4))
        #expect(await pages.feed.quality(of: pages.lease).playingTime == .seconds(1))
        #expect(await pages.detail.quality(of: borrowed).playingTime == .seconds(4))
        #expect(await pages.detail.quality(of: borrowed).startupTime == .zero, "the player already played")
        try await pages.detail.giveBack(borrowed)
        f.clock.advance(by: .seconds(2))
        #expect(await pages.feed.quality(of: pages.lease).playingTime == .seconds(3))
        #expect(await pages.detail.quality(of: borrowed).playingTime == .seconds(4), "readable after it ended")
        #expect(await pages.feed.quality(of: borrowed) == PlaybackQuality(), "not the feed's lease")
        #expect(await f.pool.quality.playingTime == .seconds(7))
        // Each run's end is reported: the feed's when it lent, the detail page's when it gave back.
        var reports: [(String, Duration)] = []
        for await event in events {
            if case .qualityReported(_, let session, let quality) = event {
                reports.append((session, quality.playingTime))
                if reports.count == 2 { break }
            }
        }
        #expect(reports.map(\.0) == ["feed", "detail"])
        #expect(reports.map(\.1) == [.seconds(1), .seconds(4)])
    }
}

@Suite("Media failures and retries through the pool, on simulated engines and a manual clock", .timeLimit(.minutes(1)))
struct PoolShellRetryTests {
    /// Fails the first `count` loads with `failure`, then lets them through.
    final class Failing: Sendable {
        let left: Locked<Int>
        let tries = Locked(0)
        let failure: MediaFailure
        init(_ count: Int, _ failure: MediaFailure) {
            left = Locked(count)
            self.failure = failure
        }
        func next(_: MediaItem) -> MediaFailure? {
            tries.withLock { $0 += 1 }
            return left.withLock { left in
                guard left > 0 else { return nil }
                left -= 1
                return failure
            }
        }
        var attempts: Int { tries.withLock { $0 } }
    }

    @Test func aTransientFailureIsTriedAgainAfterTheBackoffAndCounted() async throws {
        let failing = Failing(1, MediaFailure(.network, reason: "connection reset"))
        let f = PoolFixture(failMedia: failing.next)
        let feed = try await f.pool.makeSession(named: "feed", settings: feedSettings)
        let acquire = Task { try await feed.acquire(clip) }
        await f.clock.waitForSleepers(count: 1)
        f.clock.advance(by: .milliseconds(249))
        #expect(failing.attempts == 1, "not before the backoff's time")
        f.clock.advance(by: .milliseconds(1))
        let lease = try await acquire.value
        #expect(failing.attempts == 2)
        #expect(await feed.quality(of: lease).loadRetries == 1)
        #expect(await f.pool.metrics.loadRetries == 1)
        #expect(await f.pool.metrics.mediaFailures == [.network: 1])
    }

    @Test func moreTransientFailuresThanRetriesFailWithTheLast() async throws {
        let failing = Failing(10, MediaFailure(.timedOut, reason: "no answer"))
        let f = PoolFixture(failMedia: failing.next)
        let feed = try await f.pool.makeSession(named: "feed", settings: feedSettings)
        let acquire = Task { try await feed.acquire(clip) }
        for delay in [Duration.milliseconds(250), .milliseconds(500)] {
            await f.clock.waitForSleepers(count: 1)
            f.clock.advance(by: delay)
        }
        #expect(await outcome(acquire).error == .mediaFailed(MediaFailure(.timedOut, reason: "no answer")))
        #expect(failing.attempts == 3)
        #expect(await f.pool.metrics.loadRetries == 2)
    }

    @Test func aCancelledCallerCancelsTheRetryDuringItsBackoff() async throws {
        let failing = Failing(10, MediaFailure(.network, reason: "refused"))
        let f = PoolFixture(failMedia: failing.next)
        let feed = try await f.pool.makeSession(named: "feed", settings: feedSettings)
        let acquire = Task { try await feed.acquire(clip) }
        await f.clock.waitForSleepers(count: 1)
        acquire.cancel()
        #expect(await outcome(acquire).error == .cancelled)
        #expect(f.clock.sleeperCount == 0, "the retry's timer stopped with its caller")
        f.clock.advance(by: .seconds(5))
        #expect(failing.attempts == 1, "no further load")
        let snapshot = await f.pool.snapshot()
        #expect(snapshot.allSatisfy { $0.holders.isEmpty }, "nothing held")
    }
}
