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
        let script = HandoffScript(handoffs: handoffs)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("seamless-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            guard let seconds = SeamlessRun.clipSeconds(for: script, framesPerStep: framesPerStep) else {
                throw BenchError.usage(
                    "--handoffs \(handoffs): the clip would be longer than its frames can be numbered")
            }
            let clip = IndexedClip(seconds: seconds)
            let clipPath = folder.appendingPathComponent("indexed.mp4")
            try await clip.make(at: clipPath)
            let audioPath = folder.appendingPathComponent("sound.wav")
            let run = SeamlessRun(
                clip: MediaItem(id: clipPath.path, url: clipPath), videoSize: clip.videoSize, script: script,
                framesPerStep: framesPerStep, mpvOptions: SeamlessSound.output(to: audioPath.path))
            let record = try await run.run()
            let analysis = SeamlessAnalysis(frames: record.frames, moves: record.moves).report
            let audio = try WAVFile(contentsOf: audioPath)
            return SeamlessBenchReport(
                video: analysis,
                sound: SeamlessSound(audio, frequency: Double(clip.toneFrequency), script: script),
                reloads: record.fileLoads - 1, framesPerStep: framesPerStep,
                frameInterval: 1000 / Double(clip.framesPerSecond))
        } catch let error as BenchError {
            throw error
        } catch {
            throw .failed("the seamless run failed: \(error)")
        }
    }
}
