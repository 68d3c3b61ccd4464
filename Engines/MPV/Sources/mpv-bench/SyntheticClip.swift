import Foundation
import SeamlessPlayback
import SeamlessPlaybackMPV

/// The synthetic source as a file a seek can move in: lavfi's generator only plays forward (a seek back lands where
/// it has got to), so the seek figures of the synthetic source play the same picture and tone, ten seconds of them,
/// rendered once by libmpv's own encoder (H.264 with a keyframe a second, and AAC) into a temporary mp4.
enum SyntheticClip {
    /// The length of the clip.
    static let seconds = 10

    /// The graph rendered: the bench's synthetic source, limited to ``seconds``.
    static let graph =
        "av://lavfi:testsrc=size=640x360:rate=30:duration=\(seconds)[out0];"
        + "sine=frequency=440:sample_rate=48000:duration=\(seconds)[out1]"

    /// Renders the clip and returns its path; mpv writes it out when its engine shuts down.
    /// - Throws: ``BenchError/failed(_:)`` when mpv cannot encode it.
    static func render() async throws(BenchError) -> String {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("mpv-bench-synthetic-\(ProcessInfo.processInfo.processIdentifier).mp4").path
        let options = MPVEngine.Options(mpvOptions: [
            "o": path, "of": "mp4", "ovc": "libx264", "ovcopts": "preset=ultrafast,g=30", "oac": "aac",
            "vf": "format=yuv420p",
        ])
        do {
            let engine = try await MPVEngine(options: options)
            let ended = AsyncStream.makeStream(of: Void.self)
            engine.onStatusChange { status in
                if status.phase == .ended { ended.continuation.yield() }
            }
            try await engine.load(MediaItem(id: graph))
            // The encoder runs as fast as it can; at the end the last frame stays (keep-open) until shutdown.
            for await _ in ended.stream { break }
            await engine.shutdown()
        } catch {
            throw .failed("cannot render the synthetic clip: \(error)")
        }
        return path
    }
}
