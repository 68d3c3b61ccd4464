import SeamlessPlayback
import SeamlessPlaybackTesting
import Testing

// The platform-neutral code block of AutoplayingAFeed.md, compiled and run; its UIKit and SwiftUI blocks are
// type-checked in Checks/AppleSDK/Sources/UsageCheck (see DocumentationSnippetsTests.swift for how the blocks and the
// snippets are kept the same).

@Suite("Documentation: Autoplaying a Feed", .timeLimit(.minutes(1)))
struct DocumentationSnippetsAutoplayingAFeedTests {
    @Test func theVisibleCellPlaysAndTheUsersTapsAreHeard() async throws {
        let pool = PlayerPool(configuration: .init(capacity: 4)) { SimulatedEngine() }
        let feed = try await pool.makeSession(named: "feed", settings: PlaybackSettings(isMuted: true))
        let feedItems = (0..<8).map { MediaItem(id: "clip-\($0)") }
        let cellViews = feedItems.map { _ in PlayerView() }

        // snippet AutoplayingAFeed/coordinator
        let autoplay = FeedAutoplay(pool: pool, session: feed, items: feedItems)
        let hosts = Task { [changes = autoplay.changes] in  // show the picture where the cell plays
            for await change in changes {
                switch change {
                case .playing(let index, let lease): cellViews[index].show(lease.engine)
                case .stopped(let index): cellViews[index].showPoster()
                }
            }
        }
        // On every scroll event (the UIKit and SwiftUI shells below make this call for you):
        await autoplay.visibilityChanged(
            [CellVisibility(index: 2, visibleFraction: 0.9, distanceFromCenter: 40)], phase: .idle)
        // The cell's own pause and play buttons:
        await autoplay.userPaused(2)
        await autoplay.userPlayed(2)
        // end snippet

        // The hosts hear the change on their own task: wait for it (the suite's time limit bounds the wait).
        while cellViews[2].shown == 0 { await Task.yield() }
        #expect(await autoplay.playing?.index == 2)
        #expect(await feed.settings.isPaused == false)
        #expect(await pool.snapshot().count { $0.holders.contains("feed") } == 1)
        hosts.cancel()
        await pool.shutdown()
    }
}
