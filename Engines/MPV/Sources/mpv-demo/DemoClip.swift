import Foundation
import MediaFixtures

/// The demo's clip: ffmpeg's `testsrc2` pattern, 320×180 at 30 frames a second for six seconds, with a 440 Hz tone,
/// H.264 and AAC in an mp4, made the way the tests make theirs.
enum DemoClip {
    /// The clip's length, in seconds; the story is shorter, so the clip never has to loop.
    static let seconds = 6
    /// Its frame rate.
    static let framesPerSecond = 30

    /// Makes the clip in a directory, replacing an older one.
    /// - Parameter directory: Where `clip.mp4` goes.
    /// - Returns: Its location.
    /// - Throws: ``MediaFixtures/MediaFixtureError`` when ffmpeg fails or is missing.
    static func make(in directory: URL) async throws -> URL {
        let clip = directory.appendingPathComponent("clip.mp4")
        try await run(
            "ffmpeg",
            [
                "-y", "-hide_banner", "-loglevel", "error",
                "-f", "lavfi", "-i", "testsrc2=size=320x180:rate=\(framesPerSecond):duration=\(seconds)",
                "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration=\(seconds)",
                "-c:v", "libx264", "-preset", "ultrafast", "-g", "30", "-pix_fmt", "yuv420p", "-c:a", "aac",
                "-shortest", "-movflags", "+faststart", clip.path,
            ])
        return clip
    }
}
