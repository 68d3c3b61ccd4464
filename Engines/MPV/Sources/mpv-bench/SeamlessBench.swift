import Foundation
import SeamlessPlayback
import SeamlessProof

/// `mpv-bench --seamless`: the picture handed between hosts on real frames, read frame by frame, and the sound around
/// each handoff, from a ``SeamlessProof/SeamlessRun`` of an ``SeamlessProof/IndexedClip``.
struct SeamlessBench {
    /// The handoffs of a run, at least.
    let handoffs: Int
    /// New frames each host shows between two handoffs.
    let framesPerStep: Int

    /// Makes the clip, plays the run and measures it.
    /// - Throws: ``BenchError/failed(_:)`` when ffmpeg, mpv or the pool fails.
    func run() async throws(BenchError) -> SeamlessBenchReport {
        do {
            let measured = try await SeamlessMeasurement.run(
                HandoffScript(handoffs: handoffs), framesPerStep: framesPerStep)
            return SeamlessBenchReport(
                video: measured.report, sound: measured.sound, reloads: measured.record.fileLoads - 1,
                framesPerStep: framesPerStep, frameInterval: measured.frameInterval)
        } catch let error as SeamlessRunError {
            if case .clipTooLong = error { throw .usage("--handoffs \(handoffs): \(error)") }
            throw .failed("the seamless run failed: \(error)")
        } catch {
            throw .failed("the seamless run failed: \(error)")
        }
    }
}
