import Foundation
@_spi(EngineSupport) import SeamlessPlayback
import SeamlessPlaybackTesting
import Testing

@testable import SeamlessPlaybackMPV

/// What a preloaded engine with no cache — paused before its load, as the pool preloads — pulls from the origin over
/// HTTP directly: mpv's network cache reads one second ahead of the paused frame, not the whole clip; once the clip
/// plays, the rest comes, also after the origin cut the preload's connection.
@Suite("MPVEngine preloading over HTTP directly pulls little from the origin", .timeLimit(.minutes(2)))
struct MPVEngineDirectReadAheadTests {
    typealias Preloaded = MPVEngineCacheReadAheadTests.Preloaded

    @Test func aPausedPreloadPullsLittleOfALongClip() async throws {
        let preloaded = try await Preloaded(throughCache: false)
        // A window, not a wait for an event: what is measured is that nothing more comes. A busy machine only gives
        // mpv longer to read more, so the window can hide no read-ahead that would happen on an idle one.
        try await Task.sleep(for: .seconds(2))
        // What mpv itself holds ahead of the paused frame: the options' second of read-ahead, not the 20 s clip.
        let ahead = try await preloaded.engine.property("demuxer-cache-duration", as: .double)?.doubleValue
        let pulled = preloaded.origin.stats.bodyBytesSent
        await preloaded.tearDown()
        #expect(try #require(ahead) < 5, "mpv read \(ahead ?? 0) s ahead of a paused preload")
        // What the origin sent also counts what the client's socket holds unread. Linux grows that buffer with the
        // rate and round trip it measures while mpv reads the clip's head, more on a busy machine (960 KiB on the
        // 2-core CI machine): the bound is half the clip, which a read of the whole clip passes.
        #expect(pulled < preloaded.size / 2, "a paused preload pulled \(pulled) of \(preloaded.size) bytes")
    }

    @Test func aConnectionTheOriginCutUnderAPreloadIsOpenedAgainAndTheClipPlaysToItsEnd() async throws {
        // The origin closes the preload's connection after 150 KB, as a server closes a connection left idle: the
        // preload shows its first frame from what came; when the clip plays, mpv opens another connection from where
        // the first ended, served whole.
        let preloaded = try await Preloaded(throughCache: false, fault: .closeAfter(bytes: 150_000))
        let (origin, engine) = (preloaded.origin, preloaded.engine)
        origin.setFault(nil, for: "/long.mp4")
        let failures = Protected<[String]>([])
        engine.onFailure { reason in failures.withLock { $0.append(reason) } }
        await engine.apply(PlaybackSettings(isMuted: true, rate: 4))
        #expect(await eventually(within: .seconds(60)) { engine.isAtEnd }, "playback did not reach the end")
        #expect(await engine.currentPosition() > .seconds(19))
        #expect(failures.withLock { $0 } == [])
        let ranges = origin.requests.map { $0.range ?? "-" }
        #expect(origin.stats.requests >= 2, "the cut connection was opened again: \(ranges)")
        await preloaded.tearDown()
    }

    @Test func anUnloadClosesThePreloadsConnectionAndTheEngineLoadsAgain() async throws {
        let preloaded = try await Preloaded(throughCache: false)
        let (origin, engine) = (preloaded.origin, preloaded.engine)
        let failures = Protected<[String]>([])
        engine.onFailure { reason in failures.withLock { $0.append(reason) } }
        // The paused preload's answer is still being sent (the sockets hold a part of the clip): mpv's stop closes
        // its connection, which the origin sees as a request given up on.
        #expect(origin.stats.abandoned == 0)
        await engine.unload()
        await origin.wait { $0.abandoned == 1 }
        #expect(await engine.currentPosition() == .zero)
        try await engine.load(MediaItem(id: preloaded.url.absoluteString, url: preloaded.url))
        #expect(origin.stats.requests == 2)
        #expect(failures.withLock { $0 } == [])
        await preloaded.tearDown()
    }
}
