import Foundation
import MediaFixtures
import Testing

@testable import PictureKit

@Suite struct PNGEncoderTests {
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

    /// ffmpeg decodes the file to exactly our pixels; 200×120 needs several stored blocks, 1×1 one.
    @Test(arguments: [(1, 1), (7, 5), (200, 120)])
    func ffmpegReadsBackTheSamePixels(width: Int, height: Int) async throws {
        let image = Self.pattern(width: width, height: height)
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("png-encoder-\(ProcessInfo.processInfo.processIdentifier)-\(width)x\(height).png")
        defer { try? FileManager.default.removeItem(at: url) }
        try PNGEncoder.write(image, to: url)
        let decoded = try await output(
            of: "ffmpeg",
            ["-hide_banner", "-loglevel", "error", "-i", url.path, "-f", "rawvideo", "-pix_fmt", "rgb24", "-"])
        #expect(Array(decoded) == image.rgb)
    }

    @Test func fileLayout() throws {
        let bytes = try #require(PNGEncoder.encode(Self.pattern(width: 3, height: 2)))
        #expect(Array(bytes.prefix(8)) == PNGEncoder.signature)
        // IHDR: length 13, then the type, width 3, height 2, 8 bits, truecolour.
        #expect(Array(bytes[8..<16]) == [0, 0, 0, 13] + Array("IHDR".utf8))
        #expect(Array(bytes[16..<29]) == [0, 0, 0, 3, 0, 0, 0, 2, 8, 2, 0, 0, 0])
        #expect(Array(bytes.suffix(12)) == [0, 0, 0, 0] + Array("IEND".utf8) + [0xAE, 0x42, 0x60, 0x82])
    }

    @Test func storedBlocksSplitAt65535Bytes() {
        let data = [UInt8](repeating: 7, count: 65535 + 10)
        let stream = PNGEncoder.zlibStored(data)
        #expect(Array(stream.prefix(2)) == [0x78, 0x01])
        // First block: not final, length 65535, its complement.
        #expect(Array(stream[2..<7]) == [0, 0xFF, 0xFF, 0, 0])
        // Second block: final, length 10.
        #expect(Array(stream[65542..<65547]) == [1, 10, 0, 0xF5, 0xFF])
        #expect(stream.count == 2 + 5 + 65535 + 5 + 10 + 4)
    }

    @Test func emptyImageIsRefused() {
        #expect(PNGEncoder.encode(RGBImage(width: 0, height: 4)) == nil)
        #expect(throws: PNGEncoderError.emptyImage) {
            try PNGEncoder.write(RGBImage(width: 3, height: 0), to: URL(fileURLWithPath: "/dev/null"))
        }
    }
}
