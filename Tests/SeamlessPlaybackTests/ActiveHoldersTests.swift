import SeamlessPlaybackTesting
import Testing

@testable import SeamlessPlayback

@Suite("ActiveHolders: which lease each player is shown for")
struct ActiveHoldersTests {
    @Test func theMachinePublishesAHolderOnlyOnceItsSettingsHaveLanded() throws {
        let (h, feed, detail, lease) = try MachineHarness.feedHoldingClip()
        let token = try #require(h.lend(lease))
        let borrow = h.request()
        // Pending: the feed stays shown while the detail page's settings are on their way.
        #expect(h.step { $0.borrowRequested(borrow, token: token, by: detail, now: .zero) }.activeChanges == [])
        let delivered = h.finishJob(lease.player)
        let borrowed = try #require(delivered.grant(for: borrow))
        #expect(delivered.activeChanges == [borrowed.epoch])
        // A give-back shows the feed again when the feed's settings have landed, not before.
        #expect(h.step { $0.giveBackRequested(h.request(), lease: borrowed.key, by: detail) }.activeChanges == [])
        #expect(h.finishJob(lease.player).activeChanges == [lease.epoch])
        // A cancelled borrow changes nothing that was shown.
        let again = h.request()
        let second = try #require(h.lend(lease))
        h.step { $0.borrowRequested(again, token: second, by: detail, now: .zero) }
        h.step { $0.requestCancelled(again) }
        #expect(h.settle().activeChanges == [])
        // The last holder leaving: nobody is shown.
        let last = h.request()
        let leaving = h.step { $0.giveBackRequested(last, lease: lease.key, by: feed) }
        #expect(leaving.activeChanges == [nil])
    }

    @Test func aReclaimShowsTheReclaimerOnceItsSettingsLand() throws {
        let (h, feed, detail, lease) = try MachineHarness.feedHoldingClip()
        _ = try #require(h.handOff(lease, to: detail))
        #expect(h.step { $0.reclaimRequested(h.request(), lease: lease.key, by: feed) }.activeChanges == [])
        #expect(h.settle().activeChanges == [lease.epoch])
    }

    @Test func thePoolRecordsTheActiveLeaseBeforeTheCallReturns() async throws {
        let f = PoolFixture()
        let pages = try await f.feedPlayingClip()
        let holders = f.pool.activeHolders
        let player = pages.lease.player
        var changes = holders.changes().makeAsyncIterator()
        #expect(holders.activeLease(of: player) == pages.lease)
        let borrowed = try await pages.detail.borrow(try await pages.feed.lend(pages.lease))
        #expect(holders.activeLease(of: player) == borrowed)
        try await pages.detail.giveBack(borrowed)
        #expect(holders.activeLease(of: player) == pages.lease)
        try await pages.feed.giveBack(pages.lease)
        #expect(holders.activeLease(of: player) == nil)
        var seen: [PlayerLease?] = []
        for _ in 0..<3 { seen.append(await changes.next()?.lease) }
        #expect(seen == [borrowed, pages.lease, nil])
        await f.pool.shutdown()
        #expect(await changes.next() == nil)
    }
}
