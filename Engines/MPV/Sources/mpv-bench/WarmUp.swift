import SeamlessPlayback
import SeamlessPlaybackMPV

/// One unmeasured cold start before a bench's runs: the process's first engine pays for what every later one finds
/// ready (libmpv's and ffmpeg's one-time set-up, the first connection to the server), which would otherwise fall on
/// the first swipe of whichever run came first.
/// - Parameter item: What the engine loads.
/// - Throws: ``BenchError/failed(_:)`` when the engine cannot be made or cannot load `item`.
func warmUp(on item: MediaItem) async throws(BenchError) {
    do {
        let engine = try await MPVEngine()
        try await engine.load(item)
        await engine.shutdown()
    } catch {
        throw .failed("the warm-up failed: \(error)")
    }
}
