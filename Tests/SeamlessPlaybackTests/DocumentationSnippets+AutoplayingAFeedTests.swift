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

        // The hosts hear the change on their own task: wait for it (the suite's time limit bounds the wait). The
        // acquire runs on a task of its own, so the pause may have overtaken it: wait for the play that followed.
        while cellViews[2].shown == 0 { await Task.yield() }
        while await autoplay.playing?.index != 2 { await Task.yield() }
        #expect(await feed.settings.isPaused == false)
        #expect(await pool.snapshot().count { $0.holders.contains("feed") } == 1)
        hosts.cancel()
        await pool.shutdown()
    }

    @Test func aFeedThatChangesKeepsThePlayingPostOnItsPlayer() async throws {
        let pool = PlayerPool(configuration: .init(capacity: 4)) { SimulatedEngine() }
        let feed = try await pool.makeSession(named: "feed", settings: PlaybackSettings(isMuted: true))
        var feedItems = (0..<4).map { MediaItem(id: "clip-\($0)") }
        let nextPage = (4..<8).map { MediaItem(id: "clip-\($0)") }
        let newPosts = [MediaItem(id: "new-0"), MediaItem(id: "new-1")]
        let autoplay = FeedAutoplay(pool: pool, session: feed, items: feedItems)
        var changes = autoplay.changes.makeAsyncIterator()
        await autoplay.visibilityChanged(
            [CellVisibility(index: 1, visibleFraction: 1, distanceFromCenter: 0)], phase: .idle)
        guard case .playing(1, let lease) = await changes.next() else { throw CancellationError() }
        let removedPost = lease.media

        // snippet AutoplayingAFeed/items-changed
        // Infinite scroll: the next page. Nothing moved, nothing is told; the new items join the preload window.
        feedItems += nextPage
        await autoplay.itemsChanged(feedItems)
        // A refresh inserts posts at the top: the playing post keeps its player, and its hosts hear `.playing` at
        // its new index. Shifted indices cost no reload: the pool keeps preloads of items still in the window.
        feedItems = newPosts + feedItems
        await autoplay.itemsChanged(feedItems)
        // A post removed: if it was playing, its hosts hear `.stopped` at the index it had; its player goes back.
        feedItems.removeAll { $0.id == removedPost.id }
        await autoplay.itemsChanged(feedItems)
        // end snippet

        #expect(await changes.next() == .playing(index: 3, lease: lease))
        #expect(await changes.next() == .stopped(index: 3))
        #expect(await autoplay.playing == nil)
        #expect(await pool.snapshot().count { $0.holders.contains("feed") } == 0)
        await pool.shutdown()
    }
}
