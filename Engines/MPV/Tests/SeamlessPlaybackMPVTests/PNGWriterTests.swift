import Foundation
import MediaFixtures
import Testing

@testable import PictureKit

@Suite struct PNGWriterTests {
    /// An image with every kind of pixel neighbourhood: gradients, a bright square, odd sizes.
    static func pattern(width: Int, height: Int) -> RGBImage {
        var image = RGBImage(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                image[x, y] = RGBColor(
                    red: UInt8(truncatingIfNeeded: x * 255 / max(width - 1, 1)),
                    green: UInt8(truncatingIfNeeded: y * 255 / max(height - 1, 1)),
                    blue: UInt8(truncatingIfNeeded: x ^ y))
            }
        }
        image.fill(.init(x: 2, y: 1, width: 3, height: 2), with: .white)
        return image
    }

    /// A file in the temporary directory, named after the test and this process.
    static func temporaryFile(_ name: String) -> URL {
        FileManager.default.temporaryDirectory
            .appendingPathComponent("png-writer-\(ProcessInfo.processInfo.processIdentifier)-\(name)")
    }

    /// ffmpeg decodes the file to exactly our pixels, byte for byte; 200×120 is larger than a pipe's buffer.
    @Test(arguments: [(1, 1), (7, 5), (200, 120)])
    func ffmpegReadsBackTheSamePixels(width: Int, height: Int) async throws {
        let image = Self.pattern(width: width, height: height)
        let url = Self.temporaryFile("\(width)x\(height).png")
        defer { try? FileManager.default.removeItem(at: url) }
        try await PNGWriter.write(image, to: url)
        let decoded = try await output(
            of: "ffmpeg",
            ["-hide_banner", "-loglevel", "error", "-i", url.path, "-f", "rawvideo", "-pix_fmt", "rgb24", "-"])
        #expect(Array(decoded) == image.rgb)
    }

    /// The file starts with PNG's signature, whatever the path's extension, and a name with `%d` is not a pattern.
    @Test func thePathIsAFileName() async throws {
        let url = Self.temporaryFile("frame%d.image")
        defer { try? FileManager.default.removeItem(at: url) }
        try await PNGWriter.write(Self.pattern(width: 3, height: 2), to: url)
        let bytes = try Data(contentsOf: url)
        #expect(Array(bytes.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    }

    @Test(arguments: [(0, 4), (3, 0)])
    func emptyImageIsRefused(width: Int, height: Int) async {
        await #expect(throws: PNGWriterError.emptyImage) {
            try await PNGWriter.write(RGBImage(width: width, height: height), to: Self.temporaryFile("empty.png"))
        }
    }

    @Test func ffmpegFailingIsAnError() async {
        let url = URL(fileURLWithPath: "/nonexistent-\(ProcessInfo.processInfo.processIdentifier)/image.png")
        await #expect(throws: PNGWriterError.ffmpegFailed(exitStatus: 1)) {
            try await PNGWriter.write(Self.pattern(width: 7, height: 5), to: url)
        }
    }

    /// ffmpeg refuses this size before it reads a pixel and closes the pipe while 6 MB are still to come: the write
    /// fails, the process goes on.
    @Test func ffmpegEndingBeforeTheLastPixelDoesNotEndTheProcess() async {
        let url = Self.temporaryFile("too-wide.png")
        defer { try? FileManager.default.removeItem(at: url) }
        await #expect(throws: PNGWriterError.ffmpegFailed(exitStatus: 1)) {
            try await PNGWriter.write(RGBImage(width: 2_100_000, height: 1), to: url)
        }
    }
}
