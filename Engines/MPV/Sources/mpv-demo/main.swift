import Foundation
import SeamlessPlaybackMPV

// mpv-demo: the feed-to-detail transition on real pictures, composed into a filmstrip PNG and an mp4.
// Frames in (drawn by the MPV renderer into the hosts) → screens composed by PictureKit → files out.

/// Makes the clip, plays the story on a frame-rendering engine, and writes the filmstrip PNG and the mp4.
/// - Parameter arguments: The command line.
/// - Throws: ``DemoError`` or a file or child-process error.
func runDemo(_ arguments: DemoArguments) async throws {
    try FileManager.default.createDirectory(at: arguments.output, withIntermediateDirectories: true)
    let clip = try await DemoClip.make(in: arguments.output)
    print("clip: \(clip.path) (testsrc2 320×180, 30 fps, \(DemoClip.seconds) s, 440 Hz tone)")

    let script = try DemoScript()
    let stages = script.stages()
    let timeline = script.timeline(frames: arguments.frames)
    let source = RendererPictures.sourceName
    // One playing of the story gives the pictures of the filmstrip and of the video.
    let (pictures, qualities) = try await RendererPictures.pictures(for: stages + timeline, clip: clip)
    print("playback quality, each page's lease when its part ended:")
    for quality in qualities { print(quality.text) }
    let stagePictures = Array(pictures.prefix(stages.count))
    let timelinePictures = Array(pictures.dropFirst(stages.count))

    let output = DemoOutput()
    let strip = arguments.output.appendingPathComponent("transition-\(source).png")
    try await output.writeFilmstrip(stages, pictures: stagePictures, to: strip)
    print("filmstrip: \(strip.path)")
    for (index, stage) in stages.enumerated() {
        print(
            String(
                format: "  %d. %@ (at %.2f s, %@ host's picture)", index + 1, stage.caption, stage.time, "\(stage.host)"
            ))
    }

    guard DemoOutput.hasFFmpeg else {
        print("video: skipped, ffmpeg is not installed")
        return
    }
    let video = arguments.output.appendingPathComponent("transition-\(source).mp4")
    try await output.writeVideo(timeline, pictures: timelinePictures, to: video)
    print("video: \(video.path) (\(timeline.count) frames over \(DemoScript.duration) s)")
}

do {
    try await runDemo(try DemoArguments(Array(CommandLine.arguments.dropFirst())))
} catch {
    FileHandle.standardError.write(Data("mpv-demo: \(error)\n".utf8))
    exit(1)
}
