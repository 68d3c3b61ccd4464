import SeamlessPlaybackTesting
import Testing

@testable import SeamlessPlayback

@Suite("NoticeMailbox: a page's notices, bounded and on time")
struct NoticeMailboxTests {
    @Test func aPageThatNeverReadsItsNoticesKeepsOnlyTheLatestOfEachLease() async throws {
        let f = PoolFixture()
        let pages = try await f.feedPlayingClip()
        for _ in 0..<200 {
            let borrowed = try await pages.detail.borrow(try await pages.feed.lend(pages.lease))
            try await pages.detail.giveBack(borrowed)
        }
        #expect(await f.pool.unreadNotices(of: pages.feed) == 1)
        var notices = pages.feed.notices.makeAsyncIterator()
        #expect(await notices.next() == .returned(pages.lease))
    }

    @Test func revokedLeasesAPageNoLongerHoldsAreBounded() async throws {
        let f = PoolFixture()
        let pages = try await f.feedPlayingClip()
        for _ in 0..<40 {
            _ = try await pages.detail.borrow(try await pages.feed.lend(pages.lease))
            try await pages.feed.reclaim(pages.lease)
        }
        #expect(await f.pool.unreadNotices(of: pages.detail) == 16)
    }

    @Test func returnedArrivesOnlyOnceTheLendersSettingsAreOnTheEngine() async throws {
        let f = PoolFixture()
        let pages = try await f.feedPlayingClip()
        let borrowed = try await pages.detail.borrow(try await pages.feed.lend(pages.lease))
        f.applyGate.close()
        let arrivals = f.applyGate.arrivals
        let back = Task { try await pages.detail.giveBack(borrowed) }
        await f.applyGate.waitForArrivals(arrivals + 1)
        // The feed's settings are held at the gate: nothing has been said to the feed yet.
        #expect(await f.pool.unreadNotices(of: pages.feed) == 0)
        f.applyGate.open()
        try await back.value
        #expect(await f.pool.unreadNotices(of: pages.feed) == 1)
        var notices = pages.feed.notices.makeAsyncIterator()
        #expect(await notices.next() == .returned(pages.lease))
        #expect(pages.engine.lastApplied == feedSettings)
    }

    @Test func closingThePageEndsItsNoticesAfterTheOnesKept() async throws {
        let f = PoolFixture()
        let pages = try await f.feedPlayingClip()
        let borrowed = try await pages.detail.borrow(try await pages.feed.lend(pages.lease))
        try await pages.detail.giveBack(borrowed)
        await pages.feed.close()
        var notices = pages.feed.notices.makeAsyncIterator()
        #expect(await notices.next() == .returned(pages.lease))
        #expect(await notices.next() == nil)
    }
}

@Suite("NoticeMailbox: several readers")
struct NoticeMailboxReadersTests {
    @Test(.timeLimit(.minutes(1))) func twoReadersOfOneStreamBothEndWhenItFinishes() async {
        let mailbox = NoticeMailbox()
        let stream = mailbox.stream()
        let first = Task { for await _ in stream {} }
        let second = Task { for await _ in stream {} }
        while mailbox.waitingReaders < 2 { await Task.yield() }
        mailbox.finish()
        await first.value
        await second.value
        #expect(mailbox.waitingReaders == 0)
    }
}
