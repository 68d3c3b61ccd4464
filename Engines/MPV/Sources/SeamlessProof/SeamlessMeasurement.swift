import Foundation
import SeamlessPlayback

/// One seamless run from start to end, as `mpv-bench --seamless` and the tests make it: an ``IndexedClip`` made for
/// the script, a ``SeamlessRun`` with its sound written by `ao=pcm`, and what the frames and the sound show.
package struct SeamlessMeasurement: Sendable {
    /// What the run recorded.
    package let record: SeamlessRun.Record
    /// What the frames show.
    package let report: SeamlessReport
    /// What the sound shows.
    package let sound: SeamlessSound
    /// The clip it played.
    package let clip: IndexedClip

    /// The clip's frame interval, in milliseconds: the video gap's target.
    package var frameInterval: Double { 1000 / Double(clip.framesPerSecond) }

    /// Makes the clip in a temporary folder, plays the run and reads it; the folder goes once it is read.
    /// - Parameters:
    ///   - script: The handoffs.
    ///   - framesPerStep: New frames each host shows before the next handoff.
    /// - Throws: ``SeamlessRunError/clipTooLong(handoffs:)`` when the frames of such a clip cannot all be numbered;
    ///   what ffmpeg, mpv or the pool throws.
    package static func run(_ script: HandoffScript, framesPerStep: Int) async throws -> SeamlessMeasurement {
        guard let seconds = SeamlessRun.clipSeconds(for: script, framesPerStep: framesPerStep) else {
            throw SeamlessRunError.clipTooLong(handoffs: script.steps.count)
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("seamless-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let clip = IndexedClip(seconds: seconds)
        let clipURL = folder.appendingPathComponent("indexed.mp4")
        try await clip.make(at: clipURL)
        let soundURL = folder.appendingPathComponent("sound.wav")
        let run = SeamlessRun(
            clip: MediaItem(id: clipURL.path, url: clipURL), videoSize: clip.videoSize, script: script,
            framesPerStep: framesPerStep, mpvOptions: SeamlessSound.output(to: soundURL.path))
        let record = try await run.run()
        return SeamlessMeasurement(
            record: record, report: SeamlessAnalysis(frames: record.frames, moves: record.moves).report,
            sound: SeamlessSound(
                try WAVFile(contentsOf: soundURL), frequency: Double(clip.toneFrequency), script: script),
            clip: clip)
    }
}
