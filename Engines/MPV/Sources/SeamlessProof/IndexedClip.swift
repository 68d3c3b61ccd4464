import Foundation
import MediaFixtures
import SeamlessPlayback

/// A clip whose every picture carries its own frame index (``FrameCode``) and whose audio is one unbroken sine
/// tone (for ``ToneCheck``): H.264 (ultrafast) and AAC in an mp4 with its index first, made with ffmpeg.
package struct IndexedClip: Hashable, Sendable {
    /// The length, in seconds.
    package var seconds: Int
    /// The picture's width, in pixels (even).
    package var width: Int
    /// The picture's height, in pixels (even).
    package var height: Int
    /// The frame rate.
    package var framesPerSecond: Int
    /// Frames from one keyframe to the next.
    package var keyframeInterval: Int
    /// The tone's frequency, in hertz.
    package var toneFrequency: Int
    /// The audio's sample rate, in hertz.
    package var sampleRate: Int

    /// A clip's description; ``make(at:)`` makes the file.
    /// - Parameters:
    ///   - seconds: The length, in seconds.
    ///   - width: The picture's width (even); 320 by default.
    ///   - height: The picture's height (even); 180 by default.
    ///   - framesPerSecond: The frame rate; 30 by default.
    ///   - keyframeInterval: Frames from one keyframe to the next; 30 by default.
    ///   - toneFrequency: The tone, in hertz; 300 by default.
    ///   - sampleRate: The audio's sample rate; 48 000 by default.
    package init(
        seconds: Int, width: Int = 320, height: Int = 180, framesPerSecond: Int = 30, keyframeInterval: Int = 30,
        toneFrequency: Int = 300, sampleRate: Int = 48_000
    ) {
        self.seconds = seconds
        self.width = width
        self.height = height
        self.framesPerSecond = framesPerSecond
        self.keyframeInterval = keyframeInterval
        self.toneFrequency = toneFrequency
        self.sampleRate = sampleRate
    }

    /// The number of video frames: indices `0 ..< frameCount` (modulo ``FrameCode/indexModulus``).
    package var frameCount: Int { seconds * framesPerSecond }

    /// The picture's size, as ``FrameCode/decode(_:videoSize:mode:)`` takes it.
    package var videoSize: Size { Size(width: Double(width), height: Double(height)) }

    /// Makes the clip with ffmpeg.
    /// - Parameter url: Where the mp4 goes (overwritten).
    /// - Throws: ``MediaFixtures/MediaFixtureError`` when ffmpeg cannot start or fails.
    package func make(at url: URL) async throws {
        try await recipe.make(at: url)
    }

    /// The clip as ffmpeg makes it: ``FrameCode``'s pictures, which carry their size, rate and length.
    package var recipe: ClipRecipe {
        ClipRecipe(
            seconds: seconds, width: width, height: height, framesPerSecond: framesPerSecond,
            picture: .graph(
                FrameCode.sourceFilter(width: width, height: height, framesPerSecond: framesPerSecond, seconds: seconds)
            ),
            keyframeInterval: keyframeInterval, toneFrequency: toneFrequency, sampleRate: sampleRate)
    }
}
