import Foundation
import MediaFixtures
import SeamlessPlayback
import SeamlessPlaybackMPV
import SeamlessProof
import Testing

@Suite("IndexedClip")
struct IndexedClipTests {
    /// One two-second clip per test process, made on first use.
    actor Made {
        static let shared = Made()
        static let clip = IndexedClip(seconds: 2)
        private var making: Task<URL, any Error>?

        func file() async throws -> URL {
            if let making { return try await making.value }
            let task = Task {
                let folder = FileManager.default.temporaryDirectory
                    .appendingPathComponent("seamless-proof-\(ProcessInfo.processInfo.processIdentifier)")
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                let url = folder.appendingPathComponent("indexed.mp4")
                try await Self.clip.make(at: url)
                return url
            }
            making = task
            return try await task.value
        }
    }

    /// Frames `numbers` of the clip as ffmpeg scales them into `width` × `height` in `mode` (scale and pad with
    /// black for fit, scale and crop for fill), as `rgb0`; with `blackOut`, painted black after.
    static func frames(
        _ numbers: [Int], width: Int, height: Int, mode: ContentMode, blackOut: Bool = false
    ) async throws -> [VideoFrame] {
        let clip = try await Made.shared.file()
        let output = clip.deletingLastPathComponent()
            .appendingPathComponent("frames-\(width)x\(height)-\(mode)-\(blackOut)-\(UUID().uuidString).raw")
        defer { try? FileManager.default.removeItem(at: output) }
        let select = "select='" + numbers.map { "eq(n,\($0))" }.joined(separator: "+") + "'"
        let layout =
            switch mode {
            case .aspectFit:
                "scale=\(width):\(height):force_original_aspect_ratio=decrease,"
                    + "pad=\(width):\(height):(ow-iw)/2:(oh-ih)/2:black"
            case .aspectFill:
                "scale=\(width):\(height):force_original_aspect_ratio=increase,crop=\(width):\(height)"
            }
        let filter = [select, layout] + (blackOut ? ["drawbox=c=black:t=fill"] : [])
        try await run(
            "ffmpeg",
            [
                "-y", "-hide_banner", "-loglevel", "error", "-i", clip.path, "-vf", filter.joined(separator: ","),
                "-fps_mode", "passthrough", "-pix_fmt", "rgb0", "-f", "rawvideo", output.path,
            ])
        let bytes = [UInt8](try Data(contentsOf: output))
        let size = width * height * 4
        try #require(bytes.count == size * numbers.count)
        return (0..<numbers.count).map { number in
            VideoFrame(
                width: width, height: height, stride: width * 4,
                pixels: Array(bytes[number * size..<(number + 1) * size]),
                kind: .newFrame, sequence: UInt64(number + 1), renderedAt: .now)
        }
    }

    static let numbers = [0, 1, 17, 29, 30, 31, 46, 59]

    @Test(
        "ffmpeg's H.264 frames, scaled 0.3× to 3× in fit and fill, read back as their numbers",
        arguments: [
            FrameCodeTests.Layout(width: 160, height: 160, mode: .aspectFill),
            FrameCodeTests.Layout(width: 480, height: 360, mode: .aspectFit),
            FrameCodeTests.Layout(width: 96, height: 96, mode: .aspectFit),
            FrameCodeTests.Layout(width: 100, height: 56, mode: .aspectFill),
            FrameCodeTests.Layout(width: 960, height: 540, mode: .aspectFit),
            FrameCodeTests.Layout(width: 540, height: 540, mode: .aspectFill),
        ])
    func realFrames(layout: FrameCodeTests.Layout) async throws {
        let frames = try await Self.frames(Self.numbers, width: layout.width, height: layout.height, mode: layout.mode)
        let readings = frames.map { FrameCode.decode($0, videoSize: Made.clip.videoSize, mode: layout.mode) }
        #expect(readings == Self.numbers.map { .index($0) })
    }

    @Test("a real frame painted black reads black", arguments: ContentMode.allCases)
    func realBlack(mode: ContentMode) async throws {
        let frames = try await Self.frames([12], width: 320, height: 240, mode: mode, blackOut: true)
        #expect(FrameCode.decode(frames[0], videoSize: Made.clip.videoSize, mode: mode) == .black)
    }

    @Test("the clip's audio is one unbroken tone")
    func tone() async throws {
        let clip = try await Made.shared.file()
        let wav = clip.deletingLastPathComponent().appendingPathComponent("tone-\(UUID().uuidString).wav")
        defer { try? FileManager.default.removeItem(at: wav) }
        try await run(
            "ffmpeg",
            ["-y", "-hide_banner", "-loglevel", "error", "-i", clip.path, "-vn", "-c:a", "pcm_s16le", wav.path])
        let audio = try WAVFile(contentsOf: wav)
        #expect(audio.sampleRate == Made.clip.sampleRate)
        #expect(audio.frameCount > Made.clip.sampleRate * 19 / 10)
        let check = ToneCheck(audio, frequency: Double(Made.clip.toneFrequency))
        // The AAC encoder lets the tone fade in its last few samples and pads the last frame with silence: that
        // is where the tone ends, not an interruption.
        let end = Made.clip.seconds * Made.clip.sampleRate - Made.clip.sampleRate / 100
        #expect(check.interruptions.filter { $0.sampleOffset < end } == [])
    }

    @Test("the arguments name the size, rate, keyframe interval, tone and faststart")
    func arguments() {
        let arguments = IndexedClip(seconds: 3).recipe.ffmpegArguments(writingTo: "/tmp/x.mp4")
        let joined = arguments.joined(separator: " ")
        #expect(joined.contains("s=4x4:r=30:d=3"))
        #expect(joined.contains("pad=320:180:100:30"))
        #expect(joined.contains("sine=frequency=300:sample_rate=48000:duration=3"))
        #expect(joined.contains("-g 30"))
        #expect(joined.contains("-movflags +faststart"))
        #expect(arguments.last == "/tmp/x.mp4")
    }
}
