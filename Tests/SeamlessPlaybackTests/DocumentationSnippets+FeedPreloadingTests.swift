import Foundation
@_spi(EngineSupport) import SeamlessPlayback
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

    @Test func theByteTierIsCachedByThePrefetcher() async throws {
        let clip = Data((0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        let origin = try TestOrigin(
            resources: Dictionary(uniqueKeysWithValues: (0..<8).map { ("/c\($0).mp4", .data(clip)) }))
        defer { origin.stop() }
        let cachesFolder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        defer { try? FileManager.default.removeItem(at: cachesFolder) }
        let feedItems = (0..<8).map { MediaItem(id: "c\($0)", url: origin.url(for: "/c\($0).mp4")) }
        let visibleIndex = 0
        @Sendable func makeEngine(readingThrough cache: MediaCache) async throws -> any PlaybackEngine {
            SimulatedEngine()
        }

        // snippet FeedPreloading/bytes
        let cache = try MediaCache(directory: cachesFolder.appendingPathComponent("media"), capacity: 256 << 20)
        let prefetcher = MediaPrefetcher(cache: cache, source: HTTPByteSource())
        let pool = PlayerPool(configuration: .init(capacity: 4, prefetcher: prefetcher)) {
            try await makeEngine(readingThrough: cache)
        }
        await pool.focus(on: visibleIndex, in: feedItems)  // players: 2 ahead, 1 behind; bytes: 4 more ahead, 1 behind
        // end snippet

        // Items 3…6 are the byte tier: each cached whole (they are smaller than 256 KiB); the players' items are not.
        let byteTier = feedItems[3...6].compactMap { $0.url?.absoluteString }
        await origin.wait { $0.bodyBytesSent >= Int64(clip.count * byteTier.count) }
        while prefetcher.stats.completedFetches < byteTier.count { await Task.yield() }
        for key in byteTier { #expect(try cache.read(key, range: 0..<Int64(clip.count)) == clip) }
        let playerTierKey = try #require(feedItems[1].url?.absoluteString)
        #expect(cache.cachedRanges(for: playerTierKey).isEmpty)
        await pool.shutdown()
    }
}
