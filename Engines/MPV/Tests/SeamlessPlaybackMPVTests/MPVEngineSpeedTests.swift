import SeamlessPlayback
import SeamlessPlaybackMPV
import Testing

/// mpv's speed filter against the heap: libmpv 0.35.1's `scaletempo2` corrupted the process's heap when the speed
/// jumped between far rates without passing 1 (see ``MPVEngine/Options/headlessDefaults``). Run without ThreadSanitizer
/// (`ci.sh`): the corruption is in mpv's C code, which TSan does not watch, and the suite's six engines would starve
/// the real-time suites beside it.
@Suite("MPVEngine speed changes")
struct MPVEngineSpeedTests {
    /// With mpv's own `scaletempo2` (`af=""`), this crashed the test process in most runs on libmpv 0.35.1 (a heap
    /// corruption found at a later `free`); a crash here fails the run.
    @Test("speeds that jump between far rates, as handoffs between pages do, crash nothing")
    func farSpeedJumpsAreSafe() async throws {
        let items = [
            TestMedia.clip, try await LocalMedia.shared.item("clip.mp4"), try await LocalMedia.shared.item("short.mp4"),
        ]
        let rates = [0.5, 2, 4, 1.25]
        try await withThrowingTaskGroup(of: Void.self) { group in
            for lane in 0..<6 {
                group.addTask {
                    let engine = try await MPVEngine()
                    _ = try? await engine.load(items[lane % 3])
                    for round in 0..<150 {
                        await engine.apply(
                            PlaybackSettings(
                                isMuted: round % 3 == 0, rate: rates[(round + lane) % 4], isPaused: round % 7 == 3))
                        try await Task.sleep(for: .milliseconds(20 + (round * 13 + lane * 7) % 60))
                        if round % 25 == 24 { _ = try? await engine.load(items[(round / 25 + lane) % 3]) }
                    }
                    let live = try await engine.liveSettings()
                    #expect(live.rate == rates[(149 + lane) % 4], "mpv carries \(live)")
                    await engine.shutdown()
                }
            }
            try await group.waitForAll()
        }
    }
}
