import SeamlessPlayback
import SeamlessPlaybackTesting
import Testing

// The reader of HandoffsReclaimsAndNotices.md, run as SwiftUI runs a view's `.task` (see
// DocumentationSnippetsTests.swift for the article's other blocks).

@Suite("Documentation: Handoffs, Reclaims and Notices, a view's notices loop", .timeLimit(.minutes(1)))
struct DocumentationSnippetsHandoffsReclaimsAndNoticesTests {
    /// The view goes away while its loop waits (SwiftUI cancels the `.task`), the player is borrowed and given back
    /// meanwhile, the view comes back: its new loop hears `.returned`, then `.failed` when the engine breaks.
    @Test func aViewsLoopCancelledAndStartedAgainHearsWhatCameMeanwhile() async throws {
        let engine = SimulatedEngine()
        let pool = PlayerPool(configuration: .init(capacity: 1)) { engine }
        let feed = try await pool.makeSession(named: "feed")
        let detail = try await pool.makeSession(named: "detail")
        let lease = try await feed.acquire(MediaItem(id: "clip-42"))
        let events = await pool.events()
        let feedCell = PlayerView()
        let appear = {
            Task {
                // snippet HandoffsReclaimsAndNotices/view-reads-notices
                // .task { … } of the feed's view: a new stream each time the view appears
                for await notice in feed.notices {
                    switch notice {
                    case .returned(let lease): feedCell.show(lease.engine)  // also one kept while the view was away
                    case .revoked, .failed: feedCell.showPoster()
                    }
                }
                // end snippet
            }
        }

        let first = appear()
        await waitForNoticeReaders(1, of: feed, in: pool)
        first.cancel()  // the view went away
        _ = await first.value  // a loop that never ended would meet the suite's time limit
        try await detail.giveBack(try await detail.borrow(try await feed.lend(lease)))
        let second = appear()  // the view is back
        engine.fail("the stream broke")
        _ = await waitFor(events) { $0 == .engineFailed(lease.player, "the stream broke") }
        await feed.close()
        _ = await second.value  // a loop that never ended would meet the suite's time limit
        #expect(feedCell.shown == 1)
        #expect(feedCell.posters == 1)
        await pool.shutdown()
    }
}
