import Foundation
import SeamlessPlaybackMPV

// mpv-demo: the feed-to-detail transition on real pictures, composed into a filmstrip PNG and an mp4.
// Frames in (the MPV renderer's, or ffmpeg's in dev mode) → screens composed by PictureKit → files out.

/// Makes the clip, gets the pictures from the chosen source, and writes the filmstrip PNG and the mp4.
/// - Parameter arguments: The command line.
/// - Throws: ``DemoError`` or a file or child-process error.
func runDemo(_ arguments: DemoArguments) async throws {
    try FileManager.default.createDirectory(at: arguments.output, withIntermediateDirectories: true)
    let clip = try await DemoClip.make(in: arguments.output)
    print("clip: \(clip.path) (testsrc2 320×180, 30 fps, \(DemoClip.seconds) s, 440 Hz tone)")

    let script = try DemoScript()
    let stages = script.stages()
    let timeline = script.timeline(frames: arguments.frames)
    let source = arguments.picturesFromFFmpeg ? FFmpegPictures.sourceName : RendererPictures.sourceName
    func pictures(_ shots: [DemoShot]) async throws -> [VideoFrame] {
        arguments.picturesFromFFmpeg
            ? try await FFmpegPictures.pictures(for: shots, clip: clip)
            : try await RendererPictures.pictures(for: shots, clip: clip)
    }
    if arguments.picturesFromFFmpeg {
        print(
            "pictures: DEV MODE, the clip decoded and laid out by ffmpeg at each host's size, "
                + "NOT drawn by the MPV renderer")
    }

    let output = DemoOutput()
    let strip = arguments.output.appendingPathComponent("transition-\(source).png")
    try output.writeFilmstrip(stages, pictures: try await pictures(stages), to: strip)
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
    try await output.writeVideo(timeline, pictures: try await pictures(timeline), to: video)
    print("video: \(video.path) (\(timeline.count) frames over \(DemoScript.duration) s)")
}

do {
    try await runDemo(try DemoArguments(Array(CommandLine.arguments.dropFirst())))
} catch {
    FileHandle.standardError.write(Data("mpv-demo: \(error)\n".utf8))
    exit(1)
}
