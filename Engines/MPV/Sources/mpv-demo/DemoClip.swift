import Foundation
import MediaFixtures

/// The demo's clip: ffmpeg's `testsrc2` pattern, 320×180 at 30 frames a second for six seconds, with a 440 Hz tone,
/// H.264 and AAC in an mp4, made the way the tests make theirs.
enum DemoClip {
    /// The clip's length, in seconds; the story is shorter, so the clip never has to loop.
    static let seconds = 6
    /// Its frame rate.
    static let framesPerSecond = 30

    /// How ffmpeg makes it.
    static let recipe = ClipRecipe(seconds: seconds, framesPerSecond: framesPerSecond, picture: .testsrc2)

    /// Makes the clip in a directory, replacing an older one.
    /// - Parameter directory: Where `clip.mp4` goes.
    /// - Returns: Its location.
    /// - Throws: ``MediaFixtures/MediaFixtureError`` when ffmpeg fails or is missing.
    static func make(in directory: URL) async throws -> URL {
        let clip = directory.appendingPathComponent("clip.mp4")
        try await recipe.make(at: clip)
        return clip
    }
}
