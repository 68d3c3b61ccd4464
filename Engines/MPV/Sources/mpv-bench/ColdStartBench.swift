import SeamlessPlayback
import SeamlessPlaybackMPV

/// Cold start: create an engine and load the media until its first frame is out.
enum ColdStartBench {
    /// Measures `repetitions` cold starts, each on a new engine that is shut down afterwards.
    /// - Throws: ``BenchError/failed(_:)`` when mpv cannot create or load.
    static func run(repetitions: Int, media: MediaItem) async throws(BenchError) -> Samples {
        var samples = Samples()
        let clock = ContinuousClock()
        for _ in 0..<repetitions {
            let start = clock.now
            let engine: MPVEngine
            do {
                engine = try await MPVEngine()
                try await engine.load(media)
            } catch {
                throw .failed("cold start failed: \(error)")
            }
            samples.append(start.duration(to: clock.now))
            await engine.shutdown()
        }
        return samples
    }
}
