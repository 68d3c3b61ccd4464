import Foundation
import SeamlessPlayback
import Testing

@testable import SeamlessPlaybackMPV

/// What the engine reports through `onStatusChange` on real playback.
@Suite("MPVEngine reports its status on real playback")
struct MPVEngineStatusTests {
    @Test("the six-second clip's duration is reported before the load returns, or with the first status after it")
    func durationIsReported() async throws {
        let engine = try await MPVEngine()
        let probe = StatusProbe(listeningTo: engine)
        try await engine.load(LocalMedia.shared.item("clip.mp4"))
        // Reports are made under the engine's lock before a waiting call resumes: these came before the return.
        let before = probe.all
        #expect(before.first?.phase == .loading)
        #expect(before.first?.duration == nil, "nothing is known while loading")
        let reported = before.dropFirst().first { $0.duration != nil }
        let duration: Duration?
        if let reported {
            duration = reported.duration
        } else {
            let after = await probe.next { status in status.phase != .loading }
            duration = after?.duration
        }
        let length = try #require(duration, "no duration in \(probe.all)")
        let gap = length > LocalMedia.duration ? length - LocalMedia.duration : LocalMedia.duration - length
        #expect(gap <= .milliseconds(100), "duration \(length)")
        await engine.shutdown()
    }

    @Test("a load reports loading then playing; the engine's own pause is requested, and its play is playing")
    func ownPhases() async throws {
        let engine = try await MPVEngine()
        let probe = StatusProbe(listeningTo: engine)
        try await engine.load(LocalMedia.shared.item("clip.mp4"))
        #expect(await probe.next(.loading) != nil)
        #expect(await probe.next(.playing) != nil)
        await engine.apply(PlaybackSettings(isPaused: true))
        let paused = await probe.next { $0.phase != .playing }
        #expect(paused?.phase == .paused(.requested))
        await engine.apply(PlaybackSettings())
        // The next phase (reports of the same phase may come between, as what mpv holds ahead crosses a second).
        let playing = await probe.next { $0.phase != .paused(.requested) }
        #expect(playing?.phase == .playing, "\(probe.all)")
        #expect(!probe.all.contains { $0.phase == .paused(.system) }, "\(probe.all)")
        await engine.shutdown()
    }

    @Test("the synthetic source has no fixed length: once its estimate grows, its status has no duration")
    func liveSourceHasNoDuration() async throws {
        let engine = try await MPVEngine()
        try await engine.load(TestMedia.clip)
        await engine.apply(PlaybackSettings(isPaused: true))
        #expect(await eventually { engine.status?.duration == nil && engine.status?.phase == .paused(.requested) })
        await engine.apply(PlaybackSettings(rate: 4))
        #expect(await eventually { engine.status?.phase == .playing }, "\(String(describing: engine.status))")
        #expect(await eventually { await engine.currentPosition() > .seconds(1) })
        #expect(engine.status?.duration == nil, "\(String(describing: engine.status))")
        await engine.shutdown()
    }

    @Test("a pause from another mpv client (the IPC socket) is a system pause; the engine's apply ends it")
    func outsidePauseOnTheEngine() async throws {
        let socket = IPCClient.socketPath()
        defer { try? FileManager.default.removeItem(atPath: socket) }
        let engine = try await MPVEngine(options: .init(mpvOptions: ["input-ipc-server": socket]))
        let probe = StatusProbe(listeningTo: engine)
        try await engine.load(TestMedia.clip)
        await engine.apply(PlaybackSettings())
        #expect(await probe.next(.playing) != nil)
        try await IPCClient.send(#"{"command":["set_property","pause",true]}"#, to: socket)
        #expect(await probe.next(.paused(.system)) != nil, "\(probe.all)")
        try await IPCClient.send(#"{"command":["set_property","pause",false]}"#, to: socket)
        #expect(await probe.next(.playing) != nil, "an outside unpause reports playing")
        await engine.apply(PlaybackSettings(isPaused: true))
        #expect(await probe.next(.paused(.requested)) != nil)
        try await IPCClient.send(#"{"command":["set_property","pause",false]}"#, to: socket)
        #expect(await probe.next(.playing) != nil, "\(probe.all)")
        await engine.shutdown()
    }
}
