import Foundation
import MediaFixtures
import SeamlessPlayback
import SeamlessPlaybackTesting
import Testing

@testable import SeamlessPlaybackMPV

/// What a preloaded engine — paused before its load, as the pool preloads — pulls from the origin through the cache.
/// mpv treats the cache's stream as local (no demuxer cache) and reads one second ahead of the paused frame, all
/// within the first origin fetch (over HTTP directly, see `MPVEngineDirectReadAheadTests` and BENCHMARKS.md).
@Suite("MPVEngine preloading through the cache pulls little from the origin", .timeLimit(.minutes(2)))
struct MPVEngineCacheReadAheadTests {
    /// Twenty seconds at about 1 Mbit/s: some 2.7 MB, ten minimum fetches.
    static let longClipRecipe = ClipRecipe(
        seconds: 20, width: 640, height: 360, isConvertedToYUV420: false, videoRate: .average(kilobits: 1_000))

    /// ``longClipRecipe``'s clip, made in `folder`.
    static func longClip(in folder: URL) async throws -> URL {
        let clip = folder.appendingPathComponent("long.mp4")
        try await longClipRecipe.make(at: clip)
        return clip
    }

    /// A fresh folder for one test.
    static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("seamless-readahead-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// ``longClip(in:)`` served by a `TestOrigin`, and an engine that preloaded it, paused with the pool's idle
    /// settings before its load, as the pool preloads: through a fresh cache, or over HTTP directly.
    struct Preloaded {
        let folder: URL
        let origin: TestOrigin
        /// The engine's cache; `nil` when it reads over HTTP directly.
        let cache: MediaCache?
        let engine: MPVEngine
        let url: URL
        let size: Int64

        /// - Parameters:
        ///   - throughCache: Whether the engine reads through a cache.
        ///   - fault: The origin's fault for the clip while it loads.
        ///   - depth: The preload depth the engine is told before its settings and its load, as the pool tells it.
        init(
            options: MPVEngine.Options = .init(), throughCache: Bool = true, fault: TestOrigin.Fault? = nil,
            depth: PreloadDepth = .standard
        ) async throws {
            folder = try MPVEngineCacheReadAheadTests.folder()
            let clip = try await MPVEngineCacheReadAheadTests.longClip(in: folder)
            size = Int64(try Data(contentsOf: clip).count)
            origin = try TestOrigin(resources: ["/long.mp4": .file(clip)])
            origin.setFault(fault, for: "/long.mp4")
            if throughCache {
                let cache = try MediaCache(directory: folder.appendingPathComponent("cache"), capacity: 64 << 20)
                self.cache = cache
                engine = try await MPVEngine(options: options, cache: cache)
            } else {
                cache = nil
                engine = try await MPVEngine(options: options)
            }
            engine.setPreloadDepth(depth)
            await engine.apply(.idle)
            url = origin.url(for: "/long.mp4")
            try await engine.load(MediaItem(id: url.absoluteString, url: url))
        }

        func tearDown() async {
            await engine.shutdown()
            origin.stop()
            try? FileManager.default.removeItem(at: folder)
        }
    }

    @Test func aPausedPreloadPullsOneFetchOfALongClip() async throws {
        let preloaded = try await Preloaded()
        let (origin, size) = (preloaded.origin, preloaded.size)
        // A window, not a wait for an event: what is measured is that nothing more comes. A busy machine only gives
        // mpv longer to read more, so the window can hide no read-ahead that would happen on an idle one.
        try await Task.sleep(for: .seconds(2))
        let pulled = origin.stats.bodyBytesSent
        await preloaded.tearDown()
        #expect(size > 8 * CacheStreamProtocol.minimumFetch)
        #expect(pulled <= 2 * CacheStreamProtocol.minimumFetch, "a paused preload pulled \(pulled) of \(size) bytes")
        #expect(preloaded.cache?.cachedRanges(for: preloaded.url.absoluteString).ranges.first?.lowerBound == 0)
        // mpv looks past the last atom of an mp4 while the first fetch still arrives: the length told by that fetch's
        // head makes it the end of the media, never a request at the end of the file (which the origin answers 416).
        let ranges = origin.requests.compactMap(\.range)
        let starts = ranges.compactMap { Int64($0.dropFirst("bytes=".count).prefix { $0.isNumber }) }
        #expect(!starts.isEmpty)
        #expect(starts.allSatisfy { $0 < size }, "asked at or past the end (\(size) bytes): \(ranges)")
        #expect(origin.stats.requests == ranges.count)
    }

    /// The width of each `bytes=START-END` range asked of an origin, in order.
    static func widths(_ ranges: [String]) -> [Int64] {
        ranges.compactMap { range in
            let bounds = range.dropFirst("bytes=".count).split(separator: "-").compactMap { Int64($0) }
            return bounds.count == 2 ? bounds[1] - bounds[0] + 1 : nil
        }
    }

    @Test("paused with a small least fetch, a preload asks the origin for less than a playing fetch; playing, for one")
    func aPausedPreloadFetchesLessThanAPlayingFetch() async throws {
        let playing = CacheStreamProtocol.minimumFetch
        let preloaded = try await Preloaded(
            options: .init(readAheadWhilePaused: .milliseconds(250), leastFetchWhilePaused: 64 * 1_024))
        let (origin, engine) = (preloaded.origin, preloaded.engine)
        // At the first frame. mpv's own reads may be wider than the paused least (its first is 128 KiB on 0.35), and
        // a fetch is widened to the read: none is a playing engine's.
        let paused = Self.widths(origin.requests.compactMap(\.range))
        let pulled = origin.stats.bodyBytesSent
        #expect(!paused.isEmpty)
        #expect(paused.allSatisfy { $0 < playing }, "paused requests of \(paused) bytes")
        #expect(pulled < playing, "the first frame pulled \(pulled) bytes")
        // Playing (at a quarter speed, so that a busy machine cannot outrun its fetches), it asks for playing fetches.
        await engine.apply(PlaybackSettings(isMuted: true, rate: 0.25))
        #expect(
            await eventually(within: .seconds(60)) {
                Self.widths(origin.requests.compactMap(\.range)).contains { $0 >= playing }
            })
        await preloaded.tearDown()
    }

    @Test("told the link is ample, a preload with the default options asks the origin for less than a playing fetch")
    func aLeanPreloadFetchesLessThanAPlayingFetch() async throws {
        let playing = CacheStreamProtocol.minimumFetch
        let preloaded = try await Preloaded(depth: .lean)
        let origin = preloaded.origin
        let lean = Self.widths(origin.requests.compactMap(\.range))
        let pulled = origin.stats.bodyBytesSent
        await preloaded.tearDown()
        #expect(!lean.isEmpty)
        #expect(lean.allSatisfy { $0 < playing }, "lean requests of \(lean) bytes")
        #expect(pulled < playing, "the first frame pulled \(pulled) bytes")
    }

    @Test("once the preloaded clip plays, it reads as far ahead as the options say")
    func aPlayingClipReadsFurtherAhead() async throws {
        let preloaded = try await Preloaded(options: .init(readAheadWhilePlaying: .seconds(10)))
        let (origin, size, engine) = (preloaded.origin, preloaded.size, preloaded.engine)
        // At a quarter speed, so that a busy machine's slow fetches cannot let the position run ahead: four seconds
        // of media take sixteen.
        await engine.apply(PlaybackSettings(isMuted: true, rate: 0.25))
        // Playing, mpv reads ten seconds of media ahead: half the clip is fetched long before the position reaches
        // four seconds. With mpv's own second ahead, it would be only as the position passed nine.
        #expect(await eventually(within: .seconds(60)) { origin.stats.bodyBytesSent >= size / 2 })
        let position = await engine.currentPosition()
        #expect(position < .seconds(4), "half of \(size) bytes only at \(position)")
        await preloaded.tearDown()
    }
}
