import Foundation
import SeamlessPlayback
import SeamlessPlaybackTesting
import Testing

@testable import SeamlessPlaybackMPV

/// What a preloaded engine with no cache — paused before its load, as the pool preloads — pulls from the origin over
/// HTTP directly: mpv's network cache reads one second ahead of the paused frame, not the whole clip; once the clip
/// plays, the rest comes, also over a connection the origin cut while it stood paused.
@Suite("MPVEngine preloading over HTTP directly pulls little from the origin", .timeLimit(.minutes(2)))
struct MPVEngineDirectReadAheadTests {
    /// ``MPVEngineCacheReadAheadTests/longClip(in:)`` served by a `TestOrigin`, and an engine with no cache that
    /// preloaded it, paused with the pool's idle settings before its load.
    struct Preloaded {
        let folder: URL
        let origin: TestOrigin
        let engine: MPVEngine
        let url: URL
        let size: Int64

        init(fault: TestOrigin.Fault? = nil) async throws {
            folder = try MPVEngineCacheReadAheadTests.folder()
            let clip = try await MPVEngineCacheReadAheadTests.longClip(in: folder)
            size = Int64(try Data(contentsOf: clip).count)
            origin = try TestOrigin(resources: ["/long.mp4": .file(clip)])
            origin.setFault(fault, for: "/long.mp4")
            engine = try await MPVEngine()
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

    @Test func aPausedPreloadPullsLittleOfALongClip() async throws {
        let preloaded = try await Preloaded()
        // A window, not a wait for an event: what is measured is that nothing more comes. A busy machine only gives
        // mpv longer to read more, so the window can hide no read-ahead that would happen on an idle one.
        try await Task.sleep(for: .seconds(2))
        let pulled = preloaded.origin.stats.bodyBytesSent
        await preloaded.tearDown()
        // One second ahead of the first frame is some 130 KB of this clip; the sockets' buffers hold some more.
        #expect(pulled < preloaded.size / 4, "a paused preload pulled \(pulled) of \(preloaded.size) bytes")
    }

    @Test func aConnectionCutUnderAPausedPreloadIsOpenedAgainAndTheClipPlaysToItsEnd() async throws {
        // The origin closes the preload's connection after 200 KB, about what its first frame reads: as a server
        // closes a client that stopped reading. The rest is served whole.
        let preloaded = try await Preloaded(fault: .closeAfter(bytes: 200_000))
        let (origin, engine) = (preloaded.origin, preloaded.engine)
        origin.setFault(nil, for: "/long.mp4")
        let failures = Protected<[String]>([])
        engine.onFailure { reason in failures.withLock { $0.append(reason) } }
        await engine.apply(PlaybackSettings(isMuted: true, rate: 4))
        #expect(await eventually(within: .seconds(60)) { engine.isAtEnd }, "playback did not reach the end")
        #expect(await engine.currentPosition() > .seconds(19))
        #expect(failures.withLock { $0 } == [])
        #expect(origin.stats.requests >= 2, "the rest was asked for again: \(origin.requests.map { $0.range ?? "-" })")
        await preloaded.tearDown()
    }
}
