import SeamlessPlayback
import SeamlessPlaybackMPV

/// The engine alone, without the pool: how long an apply takes on a playing engine.
///
/// Compared with the handoff it shows what the pool adds; the two variants show what a change of
/// content mode costs (mpv sets `panscan` through a round trip to its video-output thread).
enum ApplyBench {
    struct Result {
        /// Alternating feed and detail settings, as in a handoff (content mode changes).
        var contentModeChanges = Samples()
        /// Alternating settings that differ in everything but the content mode.
        var sameContentMode = Samples()
    }

    /// Measures `repetitions` applies of each variant on one loaded engine.
    /// - Throws: ``BenchError/failed(_:)`` when mpv cannot create or load.
    static func run(repetitions: Int, media: MediaItem, warmups: Int = 3) async throws(BenchError) -> Result {
        let engine: MPVEngine
        do {
            engine = try await MPVEngine()
            try await engine.load(media)
        } catch {
            throw .failed("engine apply setup failed: \(error)")
        }
        var sameMode = HandoffBench.detailSettings
        sameMode.contentMode = HandoffBench.feedSettings.contentMode
        var result = Result()
        result.contentModeChanges = await measure(
            engine, between: HandoffBench.feedSettings, and: HandoffBench.detailSettings,
            repetitions: repetitions, warmups: warmups
        )
        result.sameContentMode = await measure(
            engine, between: HandoffBench.feedSettings, and: sameMode,
            repetitions: repetitions, warmups: warmups
        )
        await engine.shutdown()
        return result
    }

    private static func measure(
        _ engine: MPVEngine, between first: PlaybackSettings, and second: PlaybackSettings,
        repetitions: Int, warmups: Int
    ) async -> Samples {
        var samples = Samples()
        let clock = ContinuousClock()
        await engine.apply(first)
        for round in 0..<(warmups + repetitions) {
            let start = clock.now
            await engine.apply(second)
            let elapsed = start.duration(to: clock.now)
            await engine.apply(first)
            if round >= warmups { samples.append(elapsed) }
        }
        return samples
    }
}
