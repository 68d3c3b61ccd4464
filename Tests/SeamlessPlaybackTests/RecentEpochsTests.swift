import Foundation
import SeamlessPlaybackTesting
import Testing

@testable import SeamlessPlayback

@Suite("RecentEpochs")
struct RecentEpochsTests {
    @Test func theBoundIsTheOneTheDocumentationStates() {
        #expect(RecentEpochs<Void>.capacity == 64)
        #expect(RecentEpochs<String>.capacity == 64)
    }

    @Test(arguments: [0, 1, 63, 64, 65, 128, 1_000] as [UInt64])
    func remembersExactlyTheLatestEpochsUpToTheBound(_ recorded: UInt64) {
        var epochs = RecentEpochs<Void>()
        for epoch in 0..<recorded { epochs.insert(epoch) }
        let kept = min(recorded, 64)
        #expect(epochs.count == Int(kept))
        // `recorded` itself was never recorded.
        for epoch in 0...recorded {
            #expect(epochs.contains(epoch) == (epoch >= recorded - kept && epoch < recorded), "epoch \(epoch)")
        }
    }

    @Test func anEpochRecordedAgainKeepsItsPlace() {
        var epochs = RecentEpochs<Void>()
        for epoch in 1...64 as ClosedRange<UInt64> { epochs.insert(epoch) }
        epochs.insert(1)
        #expect(epochs.count == 64)
        epochs.insert(65)
        #expect(!epochs.contains(1))
        #expect(epochs.contains(2) && epochs.contains(65))
    }

    @Test func valuesAreKeptReplacedAndForgottenWithTheirEpochs() {
        var failed = RecentEpochs<String>()
        #expect(failed[7] == nil)
        failed[7] = "decoder lost"
        failed[8] = "network"
        failed[7] = "decoder lost twice"
        #expect(failed[7] == "decoder lost twice")
        #expect(failed.count == 2)
        failed[7] = nil
        failed[9] = nil
        #expect(failed[7] == nil && !failed.contains(7))
        #expect(failed[8] == "network")
        #expect(failed.count == 1)
        for epoch in 100..<164 as Range<UInt64> { failed[epoch] = "r\(epoch)" }
        #expect(failed.count == 64)
        #expect(failed[8] == nil)
        #expect(failed[100] == "r100" && failed[163] == "r163")
    }
}

@Suite("RecentEpochs: what a long-lived page remembers of leases it lost", .timeLimit(.minutes(1)))
struct RecentEpochsPoolTests {
    @Test func aPageRevokedTwentyThousandTimesRemembersOnlyTheLatestRevocations() async throws {
        let f = PoolFixture()
        let pages = try await f.feedPlayingClip()
        let (feed, detail, lease) = (pages.feed, pages.detail, pages.lease)
        let rounds = 20_000
        // The latest lease, the oldest one still remembered and the one before it.
        let kept = [rounds - 1, rounds - 64, rounds - 65]
        var leases: [Int: PlayerLease] = [:]
        for round in 0..<rounds {
            let borrowed = try await detail.borrow(feed.lend(lease))
            if kept.contains(round) { leases[round] = borrowed }
            try await feed.reclaim(lease)
        }
        #expect(await f.pool.rememberedRevocations(of: detail) == 64)
        for round in kept.prefix(2) {
            let stale = try #require(leases[round])
            await #expect(throws: PlayerPoolError.leaseRevoked) { try await detail.giveBack(stale) }
        }
        let forgotten = try #require(leases[rounds - 65])
        await #expect(throws: PlayerPoolError.notHolder) { try await detail.giveBack(forgotten) }
        #expect(await f.pool.metrics.reclaims == rounds)
        #expect(await f.pool.checkInvariants().isEmpty)
    }

    @Test func aPageWhoseEnginesFailOftenRemembersOnlyTheLatestFailures() async throws {
        let f = PoolFixture()
        let feed = try await f.pool.makeSession(named: "feed", settings: feedSettings)
        var leases: [PlayerLease] = []
        for _ in 0..<200 {
            let lease = try await feed.acquire(clip)
            leases.append(lease)
            await f.pool.reportFailure(of: lease.player, reason: "decoder lost")
        }
        #expect(await f.pool.rememberedFailures(of: feed) == 64)
        await #expect(throws: PlayerPoolError.engineFailed("decoder lost")) { try await feed.giveBack(leases[199]) }
        await #expect(throws: PlayerPoolError.engineFailed("decoder lost")) { try await feed.giveBack(leases[136]) }
        await #expect(throws: PlayerPoolError.notHolder) { try await feed.giveBack(leases[135]) }
    }
}
