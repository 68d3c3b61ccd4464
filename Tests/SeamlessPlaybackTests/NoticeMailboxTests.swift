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

/// When a reader's task is cancelled: in the middle of a read, or before its first.
enum ReaderCancellation: CaseIterable, Sendable {
    case whileWaiting
    case beforeReading
}

@Suite("NoticeMailbox: readers come and go; the page's notices stay", .timeLimit(.minutes(1)))
struct NoticeMailboxCancelledReaderTests {
    /// A SwiftUI `.task` reading the notices is cancelled when its view goes away, and the next one reads on: the
    /// cancellation used to finish the page's notices for good, so the next reader ended at once.
    @Test(arguments: ReaderCancellation.allCases)
    func aCancelledReaderEndsOnlyItsOwnLoopAndTheNextHearsReturnedThenFailed(_ when: ReaderCancellation) async throws {
        let f = PoolFixture()
        let pages = try await f.feedPlayingClip()
        let first = Task { for await _ in pages.feed.notices {} }
        switch when {
        case .whileWaiting: await waitForNoticeReaders(1, of: pages.feed, in: f.pool)
        case .beforeReading: break
        }
        first.cancel()
        _ = await first.value  // a loop that never ended would meet the suite's time limit
        try await pages.detail.giveBack(try await pages.detail.borrow(try await pages.feed.lend(pages.lease)))
        var notices = pages.feed.notices.makeAsyncIterator()
        #expect(await notices.next() == .returned(pages.lease))
        pages.engine.fail("decoder died")
        #expect(await notices.next() == .failed(pages.lease, reason: "decoder died"))
    }

    @Test func aReaderCancelledWhileAnotherWaitsLeavesTheOtherReading() async throws {
        let f = PoolFixture()
        let pages = try await f.feedPlayingClip()
        let cancelled = Task { for await _ in pages.feed.notices {} }
        await waitForNoticeReaders(1, of: pages.feed, in: f.pool)
        let reading = Task {
            var notices = pages.feed.notices.makeAsyncIterator()
            return await notices.next()
        }
        await waitForNoticeReaders(2, of: pages.feed, in: f.pool)
        cancelled.cancel()
        _ = await cancelled.value  // a loop that never ended would meet the suite's time limit
        #expect(await f.pool.waitingNoticeReaders(of: pages.feed) == 1)
        try await pages.detail.giveBack(try await pages.detail.borrow(try await pages.feed.lend(pages.lease)))
        #expect(await reading.value == .returned(pages.lease))
    }

    /// The notices kept while nobody read are the next reader's, whichever reader was cancelled before.
    @Test func noticesKeptBetweenReadersGoToTheNextReader() async throws {
        let f = PoolFixture()
        let pages = try await f.feedPlayingClip()
        let borrowed = try await pages.detail.borrow(try await pages.feed.lend(pages.lease))
        try await pages.feed.reclaim(pages.lease)
        let first = Task { for await _ in pages.detail.notices {} }
        first.cancel()
        _ = await first.value  // a loop that never ended would meet the suite's time limit
        var notices = pages.detail.notices.makeAsyncIterator()
        #expect(await notices.next() == .revoked(borrowed))
        await pages.detail.close()
        #expect(await notices.next() == nil)
    }
}

@Suite("NoticeMailbox: a loop over a page's notices does not keep the page alive", .timeLimit(.minutes(1)))
struct NoticeMailboxDroppedPageTests {
    /// A loop that holds the page's stream, not the page: dropping the page closes it (its player is free for
    /// another page), and the loop ends.
    @Test func aPageDroppedWhileALoopReadsItsNoticesIsClosedAndTheLoopEnds() async throws {
        let f = PoolFixture(capacity: 1)
        weak var dropped: PageSession?
        let loop = try await { () async throws -> Task<Int, Never> in
            let page = try await f.pool.makeSession(named: "dropped", settings: feedSettings)
            dropped = page
            _ = try await page.acquire(clip)
            return Task { [notices = page.notices] in
                var heard = 0
                for await _ in notices { heard += 1 }
                return heard
            }
        }()
        _ = await loop.value  // a loop that never ended would meet the suite's time limit
        #expect(dropped == nil)
        #expect(await f.pool.snapshot().map(\.holders) == [[]])
        let next = try await f.pool.makeSession(named: "next")
        _ = try await next.acquire(clip, timeout: .zero)
    }
}
