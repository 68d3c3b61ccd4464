import SeamlessPlayback
import SeamlessPlaybackMPV
import Testing

@Suite("MPVEngine on real playback")
struct MPVEngineTests {
    @Test("load returns once playback has started, with video and audio")
    func loadStartsPlayback() async throws {
        let engine = try MPVEngine()
        try await engine.load(TestMedia.clip)
        #expect(try await engine.doubleProperty("time-pos") != nil)
        #expect(try await engine.flagProperty("core-idle") == false)
        #expect(try await engine.doubleProperty("track-list/count") == 2)
        #expect(try await engine.stringProperty("audio-codec-name") != nil)
        #expect(try await engine.doubleProperty("width") == 640)
        #expect(engine.fileLoadedCount == 1)
        await engine.shutdown()
    }
}
