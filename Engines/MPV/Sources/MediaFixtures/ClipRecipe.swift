import Foundation

/// How the tests, the bench and the demo make a clip with ffmpeg: a lavfi picture and a sine tone of the same length,
/// encoded as H.264 (libx264) and AAC into an mp4 with its index first (`+faststart`). What differs from clip to clip
/// is a property; ``ffmpegArguments(writingTo:)`` spells out the arguments once for all of them.
package struct ClipRecipe: Hashable, Sendable {
    /// What the pictures show.
    package enum Picture: Hashable, Sendable {
        /// ffmpeg's `testsrc` pattern, at the recipe's size, rate and length.
        case testsrc
        /// ffmpeg's `testsrc2` pattern, at the recipe's size, rate and length.
        case testsrc2
        /// A lavfi source graph, used as it is: it sets the size, rate and length itself.
        case graph(String)
    }

    /// x264's preset: how much encoding time it trades for size.
    package enum Preset: String, Hashable, Sendable {
        /// The fastest: the largest file for its quality.
        case ultrafast
        /// Slower, and a smaller file for its quality.
        case veryfast
    }

    /// How the video's bit rate is chosen.
    package enum VideoRate: Hashable, Sendable {
        /// x264's own rate control (constant quality): testsrc then needs little.
        case encoderDefault
        /// An average of this many kbit/s (`-b:v`).
        case average(kilobits: Int)
        /// An average of this many kbit/s that no second or so exceeds (`-b:v`, `-maxrate` and `-bufsize` alike).
        case capped(kilobits: Int)
    }

    /// The length, in seconds, of the picture and of the tone.
    package var seconds: Int
    /// The picture's width, in pixels.
    package var width: Int
    /// The picture's height, in pixels.
    package var height: Int
    /// The frame rate.
    package var framesPerSecond: Int
    /// What the pictures show.
    package var picture: Picture
    /// The strength of the noise added to every picture, changing from frame to frame (ffmpeg's `noise` filter), so
    /// that the picture needs its whole bit rate; `nil` for none.
    package var noise: Int?
    /// x264's preset.
    package var preset: Preset
    /// Frames from one keyframe to the next, at most (`-g`).
    package var keyframeInterval: Int
    /// Whether the pictures are converted to 4:2:0 (`-pix_fmt yuv420p`). Without it x264 keeps the source's colour
    /// resolution: testsrc's RGB becomes 4:4:4 H.264 (the High 4:4:4 Predictive profile).
    package var isConvertedToYUV420: Bool
    /// The video's bit rate.
    package var videoRate: VideoRate
    /// The tone's frequency, in hertz.
    package var toneFrequency: Int
    /// The audio's sample rate, in hertz.
    package var sampleRate: Int
    /// The audio's bit rate in kbit/s (`-b:a`); `nil` for the AAC encoder's own.
    package var audioKilobits: Int?

    /// A clip's recipe; ``make(at:)`` makes the file.
    /// - Parameters:
    ///   - seconds: The length, in seconds.
    ///   - width: The picture's width; 320 by default.
    ///   - height: The picture's height; 180 by default.
    ///   - framesPerSecond: The frame rate; 30 by default.
    ///   - picture: What the pictures show; `testsrc` by default.
    ///   - noise: The strength of the noise added to every picture; none by default.
    ///   - preset: x264's preset; `ultrafast` by default.
    ///   - keyframeInterval: Frames from one keyframe to the next; 30 by default.
    ///   - isConvertedToYUV420: Whether the pictures are converted to 4:2:0; yes by default.
    ///   - videoRate: The video's bit rate; x264's own by default.
    ///   - toneFrequency: The tone, in hertz; 440 by default.
    ///   - sampleRate: The audio's sample rate; 48 000 by default.
    ///   - audioKilobits: The audio's bit rate in kbit/s; the encoder's own by default.
    package init(
        seconds: Int, width: Int = 320, height: Int = 180, framesPerSecond: Int = 30, picture: Picture = .testsrc,
        noise: Int? = nil, preset: Preset = .ultrafast, keyframeInterval: Int = 30, isConvertedToYUV420: Bool = true,
        videoRate: VideoRate = .encoderDefault, toneFrequency: Int = 440, sampleRate: Int = 48_000,
        audioKilobits: Int? = nil
    ) {
        self.seconds = seconds
        self.width = width
        self.height = height
        self.framesPerSecond = framesPerSecond
        self.picture = picture
        self.noise = noise
        self.preset = preset
        self.keyframeInterval = keyframeInterval
        self.isConvertedToYUV420 = isConvertedToYUV420
        self.videoRate = videoRate
        self.toneFrequency = toneFrequency
        self.sampleRate = sampleRate
        self.audioKilobits = audioKilobits
    }

    /// The arguments that make ffmpeg write the clip.
    /// - Parameter path: Where the mp4 goes (overwritten).
    /// - Returns: ffmpeg's arguments.
    package func ffmpegArguments(writingTo path: String) -> [String] {
        var arguments = [
            "-y", "-hide_banner", "-loglevel", "error",
            "-f", "lavfi", "-i", pictureSource,
            "-f", "lavfi", "-i", "sine=frequency=\(toneFrequency):sample_rate=\(sampleRate):duration=\(seconds)",
        ]
        if let noise { arguments += ["-vf", "noise=alls=\(noise):allf=t"] }
        arguments += ["-c:v", "libx264", "-preset", preset.rawValue, "-g", "\(keyframeInterval)"]
        if isConvertedToYUV420 { arguments += ["-pix_fmt", "yuv420p"] }
        switch videoRate {
        case .encoderDefault:
            break
        case .average(let kilobits):
            arguments += ["-b:v", "\(kilobits)k"]
        case .capped(let kilobits):
            arguments += ["-b:v", "\(kilobits)k", "-maxrate", "\(kilobits)k", "-bufsize", "\(kilobits)k"]
        }
        arguments += ["-c:a", "aac"]
        if let audioKilobits { arguments += ["-b:a", "\(audioKilobits)k"] }
        return arguments + ["-shortest", "-movflags", "+faststart", path]
    }

    /// Makes the clip with ffmpeg.
    /// - Parameter url: Where the mp4 goes (overwritten).
    /// - Throws: ``MediaFixtureError`` when ffmpeg cannot start or fails.
    package func make(at url: URL) async throws {
        try await run("ffmpeg", ffmpegArguments(writingTo: url.path))
    }

    /// The lavfi source of the pictures.
    private var pictureSource: String {
        switch picture {
        case .testsrc: "testsrc=size=\(width)x\(height):rate=\(framesPerSecond):duration=\(seconds)"
        case .testsrc2: "testsrc2=size=\(width)x\(height):rate=\(framesPerSecond):duration=\(seconds)"
        case .graph(let graph): graph
        }
    }
}
