import SeamlessPlayback
import SeamlessPlaybackMPV

/// Cold start: create an engine and load the media until its first frame is out.
enum ColdStartBench {
    /// Engine creations (`mpv_create` + options + `mpv_initialize`, on the engine's own thread) and
    /// whole cold starts (creation + load).
    struct Result {
        let creations: Samples
        let coldStarts: Samples
    }

    /// Measures `repetitions` cold starts, each on a new engine that is shut down afterwards.
    /// - Throws: ``BenchError/failed(_:)`` when mpv cannot create or load.
    static func run(repetitions: Int, media: MediaItem) async throws(BenchError) -> Result {
        var creations = Samples()
        var coldStarts = Samples()
        let clock = ContinuousClock()
        for _ in 0..<repetitions {
            let start = clock.now
            let engine: MPVEngine
            do {
                engine = try await MPVEngine()
                creations.append(start.duration(to: clock.now))
                try await engine.load(media)
            } catch {
                throw .failed("cold start failed: \(error)")
            }
            coldStarts.append(start.duration(to: clock.now))
            await engine.shutdown()
        }
        return Result(creations: creations, coldStarts: coldStarts)
    }
}
