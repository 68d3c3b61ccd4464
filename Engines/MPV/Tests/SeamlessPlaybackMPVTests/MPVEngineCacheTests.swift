import Foundation
@_spi(EngineSupport) import SeamlessPlayback
import SeamlessPlaybackTesting
import Testing

@testable import SeamlessPlaybackMPV

/// A `TestOrigin` serving the test clips, and a `MediaCache` in a folder of its own.
struct CacheFixture {
    let origin: TestOrigin
    let cache: MediaCache
    let folder: URL
    let clipSize: Int64

    init(pacing: TestOrigin.Pacing = TestOrigin.Pacing()) async throws {
        let media = try await LocalMedia.shared.directory()
        origin = try TestOrigin(
            resources: [
                "/clip.mp4": .file(media.appendingPathComponent("clip.mp4")),
                "/short.mp4": .file(media.appendingPathComponent("short.mp4")),
            ], pacing: pacing)
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("seamless-cache-\(UUID().uuidString)")
        cache = try MediaCache(directory: folder, capacity: 64 << 20)
        clipSize = Int64(try await LocalMedia.shared.size(of: "clip.mp4"))
    }

    func item(_ path: String) -> MediaItem {
        let url = origin.url(for: path)
        return MediaItem(id: url.absoluteString, url: url)
    }

    func key(_ path: String) -> String { origin.url(for: path).absoluteString }

    /// The ranges asked of the origin that start at or past the clip's end (`bytes=N-…` with N ≥ its size).
    func rangesAskedAtOrPastTheEnd() -> [String] {
        origin.requests.compactMap(\.range).filter { range in
            let start = range.dropFirst("bytes=".count).prefix { $0.isNumber }
            return Int64(start).map { $0 >= clipSize } ?? false
        }
    }

    func engine() async throws -> MPVEngine {
        try await MPVEngine(cache: cache)
    }

    func finish() {
        origin.stop()
        try? FileManager.default.removeItem(at: folder)
    }
}

/// Real playback through the cache: bytes from the cache and the origin, the cache filled, damage, failures,
/// cancellation. Clips play at 4× so that the six-second clip ends in 1.5 s; the limits only guard against a hang.
@Suite("MPVEngine reads progressive HTTP media through a MediaCache", .timeLimit(.minutes(2)))
struct MPVEngineCacheTests {
    static let fast = PlaybackSettings(rate: 4)

    @Test func aClipPlaysThroughTheCacheWhichThenHoldsItAndServesASecondEngineAlone() async throws {
        let fixture = try await CacheFixture()
        defer { fixture.finish() }
        let engine = try await fixture.engine()
        await engine.apply(Self.fast)
        try await engine.load(fixture.item("/clip.mp4"))
        #expect(await eventually(within: .seconds(60)) { engine.isAtEnd }, "playback did not reach the end")
        #expect(await engine.currentPosition() > LocalMedia.duration - .seconds(1))
        await engine.shutdown()
        let key = fixture.key("/clip.mp4")
        #expect(fixture.cache.cachedRanges(for: key) == RangeSet(0..<fixture.clipSize))
        #expect(fixture.cache.length(for: key) == fixture.clipSize)
        let requests = fixture.origin.stats.requests
        #expect(requests >= 1)
        // The length comes with the first answer's head: mpv's look past the last atom is the end, not a request.
        #expect(fixture.rangesAskedAtOrPastTheEnd() == [])

        let second = try await fixture.engine()
        await second.apply(Self.fast)
        try await second.load(fixture.item("/clip.mp4"))
        #expect(await eventually(within: .seconds(60)) { second.isAtEnd }, "the second play did not reach the end")
        await second.shutdown()
        #expect(fixture.origin.stats.requests == requests, "the cached clip was asked of the origin again")
    }

    @Test func aCachePrefilledWithTheFirstBytesAsksTheOriginOnlyForTheRest() async throws {
        let fixture = try await CacheFixture()
        defer { fixture.finish() }
        let media = try await LocalMedia.shared.directory().appendingPathComponent("clip.mp4")
        let bytes = try Data(contentsOf: media)
        let prefix = Int64(bytes.count / 3)
        let key = fixture.key("/clip.mp4")
        try fixture.cache.write(bytes.prefix(Int(prefix)), for: key, at: 0)
        try fixture.cache.setLength(Int64(bytes.count), for: key)
        let engine = try await fixture.engine()
        await engine.apply(Self.fast)
        try await engine.load(fixture.item("/clip.mp4"))
        #expect(await eventually(within: .seconds(60)) { engine.isAtEnd }, "playback did not reach the end")
        await engine.shutdown()
        #expect(fixture.origin.stats.bodyBytesSent == Int64(bytes.count) - prefix)
        let ranges = fixture.origin.requests.compactMap { $0.range }
        let starts = ranges.compactMap { Int64($0.dropFirst("bytes=".count).prefix { $0 != "-" }) }
        #expect(starts.count == ranges.count && starts.allSatisfy { $0 >= prefix }, "\(ranges)")
        #expect(fixture.cache.cachedRanges(for: key) == RangeSet(0..<Int64(bytes.count)))
    }

    @Test func aCacheAnEngineReadThroughIsFreedWithItsFolderWhenTheAppLetsGoOfBoth() async throws {
        let media = try await LocalMedia.shared.directory()
        let origin = try TestOrigin(resources: ["/clip.mp4": .file(media.appendingPathComponent("clip.mp4"))])
        defer { origin.stop() }
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("seamless-cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = origin.url(for: "/clip.mp4")
        weak var weakCache: MediaCache?
        do {
            let cache = try MediaCache(directory: folder, capacity: 64 << 20)
            weakCache = cache
            let engine = try await MPVEngine(cache: cache)
            await engine.apply(Self.fast)
            try await engine.load(MediaItem(id: url.absoluteString, url: url))
            #expect(await eventually(within: .seconds(60)) { engine.isAtEnd }, "playback did not reach the end")
            // Another load closes the first stream: mpv's closed streams are kept a while for late cancels.
            try await engine.load(MediaItem(id: "second", url: url))
            await engine.shutdown()
        }
        // The last fetch ends with its cancellation; then nothing of the engine holds the cache or its folder's lock.
        #expect(await eventually { weakCache == nil }, "the cache outlived its engine and the app's reference")
        let reopened = try MediaCache(directory: folder, capacity: 64 << 20)
        #expect(reopened.length(for: url.absoluteString) != nil, "the clip played is still there")
    }

    @Test func aDamagedCachePlaysTheClipFromTheOriginWithNoWrongByte() async throws {
        let fixture = try await CacheFixture()
        defer { fixture.finish() }
        let media = try await LocalMedia.shared.directory().appendingPathComponent("clip.mp4")
        let bytes = try Data(contentsOf: media)
        let key = fixture.key("/clip.mp4")
        try fixture.cache.write(bytes, for: key, at: 0)
        try fixture.cache.setLength(Int64(bytes.count), for: key)
        // Flip a byte in the middle of every file the cache wrote.
        let files = try FileManager.default.contentsOfDirectory(at: fixture.folder, includingPropertiesForKeys: nil)
        var flipped = 0
        for file in files {
            var contents = try Data(contentsOf: file)
            guard contents.count > 16 else { continue }
            contents[contents.count / 2] ^= 0xFF
            try contents.write(to: file)
            flipped += 1
        }
        #expect(flipped > 1)
        let engine = try await fixture.engine()
        let probe = FailureProbe(listeningTo: engine)
        await engine.apply(Self.fast)
        try await engine.load(fixture.item("/clip.mp4"))
        #expect(await eventually(within: .seconds(60)) { engine.isAtEnd }, "playback did not reach the end")
        #expect(await engine.currentPosition() > LocalMedia.duration - .seconds(1))
        #expect(probe.all.isEmpty, "\(probe.all)")
        await engine.shutdown()
        #expect(fixture.origin.stats.bodyBytesSent >= Int64(bytes.count) / 2, "damaged bytes came from the origin")
        let healed = try #require(try fixture.cache.read(key, range: 0..<Int64(bytes.count)))
        #expect(healed == bytes, "the cache holds the clip's exact bytes again")
    }

    @Test func aMissingClipFailsTheLoadAsNotFoundAndTheEngineLoadsTheNext() async throws {
        let fixture = try await CacheFixture()
        defer { fixture.finish() }
        let engine = try await fixture.engine()
        await #expect {
            try await engine.load(fixture.item("/missing.mp4"))
        } throws: { error in
            (error as? MediaFailure)?.kind == .notFound
        }
        try await engine.load(fixture.item("/short.mp4"))
        #expect(await eventually(within: .seconds(30)) { await engine.currentPosition() > .zero })
        await engine.shutdown()
    }

    @Test func shuttingDownDuringAStalledOriginReturnsPromptly() async throws {
        let fixture = try await CacheFixture()
        defer { fixture.finish() }
        fixture.origin.setFault(.stall, for: "/clip.mp4")
        let engine = try await fixture.engine()
        let loading = Task { try await engine.load(fixture.item("/clip.mp4")) }
        await fixture.origin.wait { $0.stalled >= 1 }
        let started = ContinuousClock.now
        await engine.shutdown()
        // Generous on a busy 2-core machine; without cancellation it would wait for the source's 30 s timeout.
        #expect(ContinuousClock.now - started < .seconds(5))
        await #expect(throws: (any Error).self) { try await loading.value }
    }

    @Test func loadingAnotherClipDuringAStalledOriginReturnsPromptly() async throws {
        let fixture = try await CacheFixture()
        defer { fixture.finish() }
        fixture.origin.setFault(.stall, for: "/clip.mp4")
        let engine = try await fixture.engine()
        let loading = Task { try await engine.load(fixture.item("/clip.mp4")) }
        await fixture.origin.wait { $0.stalled >= 1 }
        let started = ContinuousClock.now
        try await engine.load(fixture.item("/short.mp4"))
        #expect(ContinuousClock.now - started < .seconds(5), "the stalled read held the next load")
        await #expect(throws: (any Error).self) { try await loading.value }
        await engine.shutdown()
    }

    @Test(
        "a failing origin is asked once per load through the cache: 404 and 410 not found, 503 a network failure",
        arguments: [404, 410, 503])
    func aFailingOriginIsAskedOncePerLoad(status: Int) async throws {
        let fixture = try await CacheFixture()
        defer { fixture.finish() }
        fixture.origin.setFault(.status(status), for: "/clip.mp4")
        let engine = try await fixture.engine()
        await #expect {
            try await engine.load(fixture.item("/clip.mp4"))
        } throws: { error in
            (error as? MediaFailure)?.kind == (status == 503 ? .network : .notFound)
        }
        #expect(fixture.origin.stats.requests == 1, "\(fixture.origin.requests.map { $0.range ?? "-" })")
        // The next load asks again, once.
        await #expect(throws: MediaFailure.self) { try await engine.load(fixture.item("/clip.mp4")) }
        #expect(fixture.origin.stats.requests == 2, "\(fixture.origin.requests.map { $0.range ?? "-" })")
        await engine.shutdown()
    }

    /// Where a killed origin's clip is read from.
    enum Route: String, CaseIterable, CustomTestStringConvertible {
        case throughTheCache, direct
        var testDescription: String { rawValue }
    }

    @Test(
        "an origin killed under a paused preload: the engine reports a failure, by the time the clip is played",
        arguments: Route.allCases, [16_384, 80_000, 150_000])
    func anOriginKilledUnderAPreloadIsAFailure(route: Route, bytes: Int) async throws {
        let fixture = try await CacheFixture()
        defer { fixture.finish() }
        // The origin sends the first bytes of each request, then stalls until it is killed.
        fixture.origin.setFault(.stallAfter(bytes: bytes), for: "/clip.mp4")
        let engine = route == .direct ? try await MPVEngine() : try await fixture.engine()
        let failures = Protected<[String]>([])
        engine.onFailure { reason in failures.withLock { $0.append(reason) } }
        let statuses = StatusProbe(listeningTo: engine)
        await engine.apply(.idle)
        let loading = Task { try await engine.load(fixture.item("/clip.mp4")) }
        await fixture.origin.wait { $0.stalled >= 1 }
        fixture.origin.stop()
        do {
            try await loading.value
        } catch {
            // Killed before the first frame: the load itself fails, with a typed error.
            #expect(error is MediaFailure || error is MPVError, "\(error)")
            await engine.shutdown()
            return
        }
        // The page takes the player: whatever mpv makes of the cut (an end of file, at the cut or at the duration),
        // the engine reports the failure. (Read directly, mpv's own HTTP is all the engine sees: a cut is found when
        // playback ends short of the duration; the cuts here are more than a second before it. Through the cache, the
        // failure is reported as it happens.)
        await engine.apply(PlaybackSettings(isMuted: true, rate: 4))
        #expect(await eventually(within: .seconds(60)) { !failures.withLock { $0.isEmpty } }, "\(statuses.all)")
        let reason = failures.withLock { $0.first } ?? ""
        #expect(reason.contains("origin failed") || reason.contains("ended at"), "\(reason)")
        await engine.shutdown()
    }
}
