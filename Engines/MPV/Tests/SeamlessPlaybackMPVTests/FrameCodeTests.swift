import SeamlessPlayback
import SeamlessPlaybackMPV
import SeamlessPlaybackTesting
import SeamlessProof
import Testing

@Suite("FrameCode")
struct FrameCodeTests {
    static let source = Size(width: 320, height: 180)

    /// A host's frame of `width` × `height` showing the clip's picture for `index` laid out as mpv does:
    /// nearest-neighbour scaled into `mode.rect`, black around it; the unused fourth byte is `padding`.
    static func frame(
        index: Int, width: Int, height: Int, mode: ContentMode, padding: UInt8 = 0,
        level: (Int, Int) -> Int = { _, _ in -1 }
    ) -> VideoFrame {
        let grid = FrameCode.grid(width: Int(source.width), height: Int(source.height))
        let codeword = FrameCode.codeword(for: index)
        let video = mode.rect(for: source, in: Rect(x: 0, y: 0, width: Double(width), height: Double(height)))
        // Where each column and row of the frame falls in the source (-1: outside the picture), worked out once.
        func sources(_ count: Int, from origin: Double, length: Double, of sourceLength: Double) -> [Int] {
            (0..<count).map { position in
                let source = Int(((Double(position) + 0.5 - origin) / length * sourceLength).rounded(.down))
                return source >= 0 && source < Int(sourceLength) ? source : -1
            }
        }
        let columns = sources(width, from: video.minX, length: video.width, of: source.width)
        let rows = sources(height, from: video.minY, length: video.height, of: source.height)
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height where rows[y] >= 0 {
            for x in 0..<width where columns[x] >= 0 {
                let (sourceX, sourceY) = (columns[x], rows[y])
                let drawn = level(sourceX, sourceY)
                let grey = drawn >= 0 ? drawn : FrameCode.level(x: sourceX, y: sourceY, codeword: codeword, grid: grid)
                let offset = (y * width + x) * 4
                pixels[offset] = UInt8(grey)
                pixels[offset + 1] = UInt8(grey)
                pixels[offset + 2] = UInt8(grey)
            }
        }
        if padding != 0 {
            for offset in stride(from: 3, to: pixels.count, by: 4) { pixels[offset] = padding }
        }
        return VideoFrame(
            width: width, height: height, stride: width * 4, pixels: pixels, kind: .newFrame, sequence: 1,
            renderedAt: .now)
    }

    struct Layout: CustomTestStringConvertible, Sendable {
        let width: Int
        let height: Int
        let mode: ContentMode
        var testDescription: String { "\(width)×\(height) \(mode)" }
    }

    static let layouts = [
        Layout(width: 160, height: 160, mode: .aspectFill),  // a feed cell
        Layout(width: 480, height: 360, mode: .aspectFit),  // a detail page
        Layout(width: 96, height: 96, mode: .aspectFit),  // 0.3×
        Layout(width: 100, height: 56, mode: .aspectFill),  // 0.31×
        Layout(width: 960, height: 540, mode: .aspectFit),  // 3×
        Layout(width: 540, height: 540, mode: .aspectFill),  // 3×, cropped
        Layout(width: 240, height: 320, mode: .aspectFit),
        Layout(width: 400, height: 150, mode: .aspectFill),  // wider than 16:9
        Layout(width: 120, height: 180, mode: .aspectFill),  // 2:3, the narrowest box fill keeps the code in
    ]

    @Test("a drawn picture reads back as its index", arguments: layouts, [0, 1, 37, 1000, 4095])
    func roundTrip(layout: Layout, index: Int) {
        let frame = Self.frame(index: index, width: layout.width, height: layout.height, mode: layout.mode)
        #expect(FrameCode.decode(frame, videoSize: Self.source, mode: layout.mode) == .index(index))
    }

    @Test("indices wrap at 4096")
    func wraps() {
        let frame = Self.frame(index: 4096 + 5, width: 160, height: 160, mode: .aspectFill)
        #expect(FrameCode.decode(frame, videoSize: Self.source, mode: .aspectFill) == .index(5))
    }

    @Test("the wrong content mode misplaces the cells: no index is read")
    func wrongMode() {
        let frame = Self.frame(index: 1000, width: 480, height: 180, mode: .aspectFit)
        #expect(FrameCode.decode(frame, videoSize: Self.source, mode: .aspectFill) == .unreadable)
    }

    @Test("aspect fill into a box narrower than the grid cuts the code off: unreadable, not a wrong index")
    func cutOff() {
        let frame = Self.frame(index: 1000, width: 90, height: 320, mode: .aspectFill)
        #expect(FrameCode.decode(frame, videoSize: Self.source, mode: .aspectFill) == .unreadable)
    }

    @Test("a zeroed buffer and a black picture (whatever its unused bytes) read black", arguments: ContentMode.allCases)
    func black(mode: ContentMode) {
        let zeros = VideoFrame(
            width: 160, height: 90, stride: 640, pixels: [UInt8](repeating: 0, count: 640 * 90), kind: .redraw,
            sequence: 1, renderedAt: .now)
        #expect(FrameCode.decode(zeros, videoSize: Self.source, mode: mode) == .black)
        let dark = Self.frame(index: 0, width: 200, height: 200, mode: mode, padding: 255) { _, _ in 30 }
        #expect(FrameCode.decode(dark, videoSize: Self.source, mode: mode) == .black)
        let grey = Self.frame(index: 0, width: 200, height: 200, mode: mode) { _, _ in 60 }
        #expect(FrameCode.decode(grey, videoSize: Self.source, mode: mode) == .unreadable)
    }

    @Test("no index shows all cells alike, so a picture of one grey is never read as an index")
    func uniformIsNoCode() {
        for index in 0..<FrameCode.indexModulus {
            let cells = FrameCode.codeword(for: index)
            #expect(cells != 0 && cells != 0xFFFF)
        }
        #expect(FrameCode.index(fromCodeword: 0) == nil && FrameCode.index(fromCodeword: 0xFFFF) == nil)
        for level in [FrameCode.zeroLevel, FrameCode.oneLevel] {
            let frame = Self.frame(index: 0, width: 480, height: 360, mode: .aspectFit) { _, _ in level }
            #expect(FrameCode.decode(frame, videoSize: Self.source, mode: .aspectFit) == .unreadable)
        }
    }

    @Test("random noise is unreadable", arguments: [1, 2, 3, 4] as [UInt64])
    func noise(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let frame = Self.frame(index: 0, width: 320, height: 180, mode: .aspectFit) { _, _ in
            Int(random.next() % 256)
        }
        #expect(FrameCode.decode(frame, videoSize: Self.source, mode: .aspectFit) == .unreadable)
    }

    @Test("random clear cells are caught by the check bits as often as the CRC promises")
    func randomCells() {
        var random = SplitMix64(seed: 7)
        var accepted = 0
        for _ in 0..<4096 where FrameCode.index(fromCodeword: Int(random.next() % 65_536)) != nil {
            accepted += 1
        }
        #expect(accepted > 4096 / 16 / 2 && accepted < 4096 / 16 * 2)
    }

    // The exhaustive loops below collect what they find and expect once: an `#expect` per case costs more than the
    // case (much more under ThreadSanitizer).

    @Test("one misread cell, at any place in any codeword, is caught")
    func singleMisread() {
        var wrong: [String] = []
        for index in 0..<FrameCode.indexModulus {
            let codeword = FrameCode.codeword(for: index)
            if FrameCode.index(fromCodeword: codeword) != index { wrong.append("index \(index) does not read back") }
            for cell in 0..<16 where FrameCode.index(fromCodeword: codeword ^ 1 << cell) != nil {
                wrong.append("index \(index) with cell \(15 - cell) flipped was accepted")
            }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(5))")
    }

    @Test("two misread cells are caught unless they are the first and the last")
    func doubleMisread() {
        var wrong: [String] = []
        for index in stride(from: 0, to: FrameCode.indexModulus, by: 7) {
            let codeword = FrameCode.codeword(for: index)
            for first in 0..<16 {
                for second in first + 1..<16 {
                    let accepted = FrameCode.index(fromCodeword: codeword ^ 1 << first ^ 1 << second) != nil
                    if accepted != (first == 0 && second == 15) { wrong.append("\(index): \(first), \(second)") }
                }
            }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(5))")
    }

    @Test("a picture with one cell drawn the wrong way reads unreadable")
    func flippedCell() {
        let grid = FrameCode.grid(width: 320, height: 180)
        let cell = grid.rect(ofCell: 6)
        let frame = Self.frame(index: 1234, width: 480, height: 360, mode: .aspectFit) { x, y in
            let inside =
                Double(x) >= cell.minX && Double(x) < cell.maxX && Double(y) >= cell.minY
                && Double(y) < cell.maxY
            guard inside else { return -1 }
            let drawn = FrameCode.level(x: x, y: y, index: 1234, grid: grid)
            return drawn == FrameCode.oneLevel ? FrameCode.zeroLevel : FrameCode.oneLevel
        }
        #expect(FrameCode.decode(frame, videoSize: Self.source, mode: .aspectFit) == .unreadable)
    }

    @Test("the grid sits in the centre of a 16:9 picture, inside its central square")
    func gridPlace() {
        let grid = FrameCode.grid(width: 320, height: 180)
        #expect(grid.x == 100 && grid.y == 30 && grid.cellSide == 30)
        #expect(grid.x >= 70 && grid.x + grid.side <= 250)
    }
}
