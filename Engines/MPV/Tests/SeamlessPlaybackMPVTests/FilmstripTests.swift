import PictureKit
import Testing

@Suite struct FilmstripTests {
    @Test(
        arguments: [
            // count, columns, tile width, tile height, separator → strip width, height
            (8, nil, 10, 20, 2, 8 * 10 + 7 * 2, 20),
            (8, 4, 10, 20, 2, 4 * 10 + 3 * 2, 2 * 20 + 2),
            (7, 4, 10, 20, 3, 4 * 10 + 3 * 3, 2 * 20 + 3),
            (1, 4, 10, 20, 3, 10, 20),
            (3, 1, 10, 20, 0, 10, 60),
        ] as [(Int, Int?, Int, Int, Int, Int, Int)])
    func layoutSizes(count: Int, columns: Int?, width: Int, height: Int, separator: Int, strip: Int, tall: Int) {
        let layout = Filmstrip(columns: columns, separatorWidth: separator)
            .layout(count: count, tile: (width, height))
        #expect(layout.width == strip)
        #expect(layout.height == tall)
        #expect(layout.origins.count == count)
    }

    @Test func tilesInReadingOrderWithSeparators() {
        let colors = (0..<5).map { RGBColor(grey: UInt8(10 + $0 * 40)) }
        let tiles = colors.map { RGBImage(width: 4, height: 3, color: $0) }
        let strip = Filmstrip(columns: 3, separatorWidth: 1, separatorColor: .white).compose(tiles)
        #expect(strip.width == 14 && strip.height == 7)
        #expect(strip[0, 0] == colors[0])
        #expect(strip[4, 0] == .white)
        #expect(strip[5, 0] == colors[1])
        #expect(strip[13, 2] == colors[2])
        #expect(strip[0, 3] == .white)
        #expect(strip[5, 6] == colors[4])
        // The sixth tile's place stays the separator's colour.
        #expect(strip[12, 6] == .white)
    }

    @Test func noTiles() {
        let strip = Filmstrip().compose([])
        #expect(strip.width == 0 && strip.height == 0)
    }
}
