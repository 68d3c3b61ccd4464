import Foundation
import SeamlessPlayback
import Testing

@testable import SeamlessPlaybackMPV

/// `onFailure` on real playback over a local HTTP server (`Tests/Support/media_server.py`).
///
/// Every clip plays at 4× so that a six-second file ends in 1.5 s.
@Suite("MPVEngine reports streams that die after the load")
struct MPVEngineFailureTests {
    static let fast = PlaybackSettings(rate: 4)

    /// An engine listening for failures as the pool does (before its first load), at 4×.
    private func engine(_ mpvOptions: [String: String] = [:]) async throws -> (MPVEngine, FailureProbe) {
        let engine = try await MPVEngine(options: .init(mpvOptions: mpvOptions))
        let probe = FailureProbe(listeningTo: engine)
        await engine.apply(Self.fast)
        return (engine, probe)
    }

    @Test("a server that dies mid-file, with range requests, is reported once mpv gives up reconnecting")
    func serverCutMidStreamIsReported() async throws {
        let server = try await MediaServer.start()
        defer { server.stop() }
        let cut = try await LocalMedia.shared.size(of: "clip.mp4") * 4 / 10
        // mpv (ffmpeg) retries a dropped seekable HTTP stream with growing delays, about 11 s in all
        // by default; one second keeps the test short without changing what happens.
        let (engine, probe) = try await engine(["stream-lavf-o": "reconnect_delay_max=1"])
        let item = server.file("clip.mp4", cutAt: cut)
        try await engine.load(item)
        let report = await probe.first(within: .seconds(15))
        let reason = try #require(report, "no failure was reported")
        #expect(reason.hasPrefix("the stream of \(item.id) ended at "), "\(reason)")
        #expect(reason.hasSuffix(" of 6.0 s"), "\(reason)")
        #expect(engine.isAtEnd)
        #expect(await engine.currentPosition() < LocalMedia.duration - .seconds(1))
        #expect(probe.all.count == 1)
        await engine.shutdown()
    }

    @Test("a server that dies mid-file, without range requests, is reported")
    func serverCutWithoutRangesIsReported() async throws {
        let server = try await MediaServer.start()
        defer { server.stop() }
        let cut = try await LocalMedia.shared.size(of: "clip.mp4") * 4 / 10
        let (engine, probe) = try await engine()
        let item = server.linear("clip.mp4", cutAt: cut)
        try await engine.load(item)
        let report = await probe.first(within: .seconds(10))
        let reason = try #require(report, "no failure was reported")
        #expect(reason.hasPrefix("the stream of \(item.id) ended at "), "\(reason)")
        await engine.shutdown()
    }

    @Test("an mp4 with its index at the end, served without range requests, loads and is then reported")
    func tailIndexWithoutRangesIsReported() async throws {
        let server = try await MediaServer.start()
        defer { server.stop() }
        let (engine, probe) = try await engine()
        let item = server.linear("tail-index.mp4")
        try await engine.load(item)
        let report = await probe.first(within: .seconds(10))
        #expect(report == "the stream of \(item.id) ended at 0.0 s of 6.0 s")
        await engine.shutdown()
    }

    @Test("a clip that plays to its end over HTTP is not a failure; the engine keeps its last frame and position")
    func endOfFileIsNotAFailure() async throws {
        let server = try await MediaServer.start()
        defer { server.stop() }
        let (engine, probe) = try await engine()
        try await engine.load(server.file("clip.mp4"))
        #expect(await eventually(within: .seconds(30)) { engine.isAtEnd }, "playback did not reach the end")
        // A read is answered by the event thread after it has handled, and reported, every earlier event.
        #expect(try await engine.flagProperty("idle-active") == false, "mpv keeps the file open")
        #expect(probe.all.isEmpty, "\(probe.all)")
        // mpv may post one last `time-pos` after `eof-reached`: read until two reads around a round trip
        // through the event thread (which handles every earlier event first) agree.
        var end = await engine.currentPosition()
        for _ in 0..<20 {
            _ = try await engine.flagProperty("pause")
            let again = await engine.currentPosition()
            if again == end { break }
            end = again
        }
        let gap = end > LocalMedia.duration ? end - LocalMedia.duration : LocalMedia.duration - end
        #expect(gap < .milliseconds(200), "position after the end: \(end)")
        #expect(try await engine.flagProperty("pause") == false, "the end does not change the page's pause")
        // It stays at the end: never back, and within the media's last moments. mpv may still move it forward while
        // the audio's tail plays out (its audio runs a little past the last frame): under ThreadSanitizer that was
        // seen up to 0.19 s after the reads above had agreed.
        let later = await engine.currentPosition()
        let laterGap = later > LocalMedia.duration ? later - LocalMedia.duration : LocalMedia.duration - later
        #expect(later >= end, "the position does not move back: \(end), then \(later)")
        #expect(laterGap < .milliseconds(300), "the position stays at the end: \(later)")
        await engine.shutdown()
        #expect(probe.all.isEmpty, "shutting down is not a failure")
    }

    @Test("mpv's core quitting by itself after the load is reported, and later calls are refused")
    func coreQuitIsReported() async throws {
        let (engine, probe) = try await engine()
        try await engine.load(TestMedia.clip)
        // mpv answers `quit` by shutting its core down; the reply may never come.
        try? await engine.command(["quit"])
        #expect(await probe.first(within: .seconds(5)) == "mpv's core shut down")
        #expect(await eventually { engine.isShutDown })
        await #expect(throws: MPVError.shutDown) { try await engine.load(TestMedia.clip) }
        await engine.shutdown()
        #expect(probe.all.count == 1)
    }

    @Test("a failure found before onFailure is called is reported when it is")
    func lateListenerHearsFailure() async throws {
        let server = try await MediaServer.start()
        defer { server.stop() }
        let engine = try await MPVEngine()
        await engine.apply(Self.fast)
        try await engine.load(server.linear("tail-index.mp4"))
        #expect(await eventually(within: .seconds(30)) { engine.isAtEnd })
        _ = try await engine.flagProperty("idle-active")
        let probe = FailureProbe(listeningTo: engine)
        #expect(await probe.first(within: .seconds(1)) != nil)
        await engine.shutdown()
    }
}
