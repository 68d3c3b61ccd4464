import Foundation
import SeamlessPlayback
import SeamlessPlaybackTesting
import Testing

// The notices loop of GettingStarted.md, run as a dropped page runs it (see DocumentationSnippetsTests.swift for the
// article's whole story).

@Suite("Documentation: Getting Started, a feed dropped while its notices loop runs", .timeLimit(.minutes(1)))
struct DocumentationSnippetsGettingStartedTests {
    /// The loop as the article shows it does not keep the feed alive: the feed dropped without `close()` is closed
    /// (its player free for another page), and the loop ends.
    @Test func theNoticesLoopEndsWhenItsPageIsDroppedWithoutClosing() async throws {
        let pool = PlayerPool(configuration: .init(capacity: 1)) { SimulatedEngine() }
        let feedCell = PlayerView()
        let watcher = try await Self.feedWatchingItsNotices(in: pool, feedCell: feedCell)
        _ = await watcher.value  // a loop that never ended would meet the suite's time limit
        #expect(await pool.snapshot().map(\.holders) == [[]])
        let other = try await pool.makeSession(named: "other")
        _ = try await other.acquire(MediaItem(id: "clip-42"), timeout: .zero)
        #expect(feedCell.shown == 1)
        #expect(feedCell.posters == 0)
        await pool.shutdown()
    }

    /// A feed playing a clip, its notices read as the article shows; the feed is dropped on return.
    private static func feedWatchingItsNotices(
        in pool: PlayerPool, feedCell: PlayerView
    ) async throws -> Task<Void, Never> {
        let feed = try await pool.makeSession(
            named: "feed", settings: PlaybackSettings(isMuted: true, contentMode: .aspectFill))
        let lease = try await feed.acquire(MediaItem(id: "clip-42"))
        feedCell.show(lease.engine)
        // snippet GettingStarted/feed-reads-notices
        let watcher = Task { [notices = feed.notices] in  // the stream, not the page
            for await notice in notices {
                switch notice {
                case .returned(let lease): feedCell.show(lease.engine)  // the feed's settings are back on
                case .revoked, .failed: feedCell.showPoster()  // this lease can never play again
                }
            }
        }
        // end snippet
        return watcher
    }
}
