import Foundation
@_spi(EngineSupport) import SeamlessPlayback
import Testing

@testable import SeamlessPlaybackMPV

/// Behaviours that were once broken (mpv's reply queue full, loads that did not stop mpv, playlists), each on real
/// playback, each named after its bug; the volume's scale is `VolumeLevelTests`'.
@Suite("MPVEngine regressions")
struct MPVEngineRegressionTests {
    @Test("1. apply lands even while 1,500 property reads wait behind a consumer that reads no reply")
    func applyLostInFullReplyQueue() async throws {
        let engine = try await MPVEngine()
        try await engine.load(TestMedia.clip)
        let settings = PlaybackSettings(isMuted: true, volume: 0.3, rate: 2, isPaused: true, contentMode: .aspectFill)
        // With no reply read, every request keeps its slot of mpv's reply queue (1,000): 1,506
        // requests sent at once (the reads and the apply's six sets) would overflow it, and the apply's sets would
        // be refused. The engine's own read of the duration after the load may still wait too.
        let hold = await engine.holdEvents()
        let reads = (0..<1_500).map { _ in Task { (try? await engine.doubleProperty("time-pos")) != nil } }
        let apply = Task { await engine.apply(settings) }
        let allMade = await eventually { engine.requestsPending >= 1_506 }
        hold.release()
        #expect(allMade, "\(engine.requestsPending) requests pending")
        await apply.value
        var answered = 0
        for read in reads where await read.value { answered += 1 }
        #expect(engine.lastApplyError == nil)
        let live = try await engine.liveSettings()
        #expect(live.isClose(to: settings), "mpv carries \(live)")
        #expect(answered == 1_500, "\(1_500 - answered) reads failed")
        await engine.shutdown()
    }

    @Test("2. currentPosition never reads zero while playing, with 1,500 requests waiting on mpv")
    func currentPositionReadsZeroUnderLoad() async throws {
        let engine = try await MPVEngine()
        try await engine.load(TestMedia.clip)
        #expect(await eventually { await engine.currentPosition() > .milliseconds(100) })
        let floor = await engine.currentPosition()
        let hold = await engine.holdEvents()
        let reads = (0..<1_500).map { _ in Task { _ = try? await engine.doubleProperty("time-pos") } }
        let answered = Protected(0)
        let readers = (0..<3_000).map { _ in
            Task {
                let position = await engine.currentPosition()
                answered.withLock { $0 += 1 }
                return position
            }
        }
        // Positions need no reply from mpv, so all are answered while no reply is read (a read that needed one would
        // wait until the release). The bound only keeps a broken engine from hanging the test: 3,000 tasks beside the
        // suite's other real-playback tests took over 2 s once in CI.
        let answeredWhileHeld = await eventually(within: .seconds(30)) { answered.withLock { $0 } == 3_000 }
        hold.release()
        #expect(answeredWhileHeld)
        var positions: [Duration] = []
        for reader in readers { positions.append(await reader.value) }
        for read in reads { await read.value }
        let below = positions.filter { $0 < floor }
        #expect(positions.count == 3_000)
        #expect(below.isEmpty, "\(below.count) reads went below \(floor), e.g. \(below.first.map { "\($0)" } ?? "")")
        await engine.shutdown()
    }

    @Test("3. a load that times out leaves mpv stopped, and the same engine plays the next load")
    func timedOutLoadKeepsPlaying() async throws {
        let server = try await MediaServer.start()
        defer { server.stop() }
        // Long enough for the next, good load on a busy machine, which runs under the same timeout.
        let engine = try await MPVEngine(options: .init(loadTimeout: .seconds(5)))
        let hanging = server.hanging()
        let failure = MediaFailure(.timedOut, reason: "playback of \(hanging.id) did not start within 5.0 seconds")
        await #expect(throws: failure) { try await engine.load(hanging) }
        try await expectStoppedThenReusable(engine)
    }

    @Test("3. a cancelled load leaves mpv stopped, and the same engine plays the next load")
    func cancelledLoadKeepsPlaying() async throws {
        let server = try await MediaServer.start()
        defer { server.stop() }
        let engine = try await MPVEngine()
        let load = Task { try await engine.load(server.hanging()) }
        // Cancel only once mpv has the file, so the load has something to stop.
        #expect(await eventually { (try? await engine.doubleProperty("playlist-count")) == 1 })
        load.cancel()
        await #expect(throws: MPVError.cancelled) { try await load.value }
        try await expectStoppedThenReusable(engine)
    }

    /// mpv has nothing to play and goes idle; then a load on the same engine plays.
    private func expectStoppedThenReusable(_ engine: MPVEngine) async throws {
        // The load throws once mpv has done the `stop`: the playlist is already empty.
        #expect(try await engine.doubleProperty("playlist-count") == 0)
        #expect(await eventually { (try? await engine.flagProperty("idle-active")) == true }, "mpv still plays")
        #expect(await engine.currentPosition() == .zero)
        try await engine.load(TestMedia.clip)
        #expect(try await engine.doubleProperty("playlist-count") == 1)
        #expect(try await engine.flagProperty("idle-active") == false)
        #expect(try await engine.stringProperty("path") == TestMedia.clip.id)
        await engine.shutdown()
    }

    @Test("4. a playlist (.m3u) source plays its entry instead of failing with a redirect")
    func playlistRedirectFails() async throws {
        let engine = try await MPVEngine()
        let playlist = try await LocalMedia.shared.item("playlist.m3u")
        let clip = try await LocalMedia.shared.item("clip.mp4")
        try await engine.load(playlist)
        #expect(try await engine.stringProperty("path") == clip.id)
        #expect(engine.fileLoadedCount == 1)
        #expect(try await engine.doubleProperty("time-pos") != nil)
        await engine.shutdown()
    }
}
