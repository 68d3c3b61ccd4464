import SeamlessPlayback
import SeamlessPlaybackTesting
import Testing

// The code block of FeedPreloading.md, compiled and run (see DocumentationSnippetsTests.swift for how the blocks and
// the snippets are kept the same).

@Suite("Documentation: Feed Preloading", .timeLimit(.minutes(1)))
struct DocumentationSnippetsFeedPreloadingTests {
    @Test func theFocusedClipIsLoadedOnceAndTheWindowIsPreloaded() async throws {
        let engines = Locked<[SimulatedEngine]>([])
        let pool = PlayerPool(configuration: .init(capacity: 4)) {
            let engine = SimulatedEngine()
            engines.withLock { $0.append(engine) }
            return engine
        }
        let feed = try await pool.makeSession(
            named: "feed", settings: PlaybackSettings(isMuted: true, contentMode: .aspectFill))
        let feedItems = (0..<8).map { MediaItem(id: "clip-\($0)") }
        let visibleIndex = 2

        // snippet FeedPreloading/focus
        // On every scroll step (it returns at once; the loads run on the engines' lanes):
        await pool.focus(on: visibleIndex, in: feedItems)  // default window: 2 ahead, 1 behind
        let lease = try await feed.acquire(feedItems[visibleIndex])  // warm: the clip is loaded already
        // Leaving the feed:
        await pool.endFocus()
        // end snippet

        #expect(lease.media == feedItems[visibleIndex])
        let loadsOfTheFocusedClip = engines.value.flatMap(\.record.loads).filter { $0 == feedItems[visibleIndex] }
        #expect(loadsOfTheFocusedClip.count == 1)  // the acquire took the preloaded player
        #expect(await pool.metrics.preloads >= 1)
        await pool.shutdown()
    }
}
