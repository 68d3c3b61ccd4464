import Foundation
import SeamlessPlayback
import SeamlessPlaybackMPV
import Testing

/// The five behaviours of issue 15, each on real playback, each named after its bug.
@Suite("MPVEngine regressions (issue 15)")
struct MPVEngineRegressionTests {
    @Test("1. apply lands even while 1,500 property reads fill mpv's reply queue")
    func applyLandsWithFullReplyQueue() async throws {
        let engine = try await MPVEngine()
        try await engine.load(TestMedia.clip)
        let settings = PlaybackSettings(isMuted: true, volume: 0.3, rate: 2, isPaused: true, contentMode: .aspectFill)
        let failedReads = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<1_500 {
                group.addTask { (try? await engine.doubleProperty("time-pos")) == nil }
            }
            group.addTask {
                await engine.apply(settings)
                return false
            }
            return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        #expect(engine.lastApplyError == nil)
        let live = try await engine.liveSettings()
        #expect(live.isClose(to: settings), "mpv carries \(live)")
        #expect(failedReads == 0, "\(failedReads) reads failed")
        await engine.shutdown()
    }

    @Test("2. currentPosition never reads zero while playing, under 3,000 concurrent reads and 1,500 requests")
    func currentPositionNeverLiesUnderLoad() async throws {
        let engine = try await MPVEngine()
        try await engine.load(TestMedia.clip)
        #expect(await eventually { await engine.currentPosition() > .milliseconds(100) })
        let floor = await engine.currentPosition()
        let positions = await withTaskGroup(of: Duration?.self) { group in
            for index in 0..<4_500 {
                group.addTask {
                    if index % 3 == 2 {
                        _ = try? await engine.doubleProperty("time-pos")
                        return nil
                    }
                    return await engine.currentPosition()
                }
            }
            return await group.compactMap { $0 }.reduce(into: [Duration]()) { $0.append($1) }
        }
        #expect(positions.count == 3_000)
        let below = positions.filter { $0 < floor }
        #expect(below.isEmpty, "\(below.count) reads went below \(floor), e.g. \(below.first.map { "\($0)" } ?? "")")
        await engine.shutdown()
    }

    @Test("3. a load that times out leaves mpv stopped, and the same engine plays the next load")
    func timedOutLoadKeepsPlaying() async throws {
        let server = try await MediaServer.start()
        defer { server.stop() }
        let engine = try await MPVEngine(options: .init(loadTimeout: .seconds(1)))
        let hanging = server.hanging()
        await #expect(throws: MPVError.loadTimedOut(source: hanging.id, timeout: .seconds(1))) {
            try await engine.load(hanging)
        }
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
