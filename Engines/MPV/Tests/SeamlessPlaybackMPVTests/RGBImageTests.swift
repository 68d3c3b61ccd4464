import PictureKit
import SeamlessPlayback
import Testing

@Suite struct RGBImageTests {
    /// A pixel belongs to a rect when its centre does: half-pixel edges round, shared edges never overlap.
    @Test func pixelCoverageByCentre() {
        let image = RGBImage(width: 10, height: 10)
        #expect(image.pixels(in: Rect(x: 1, y: 2, width: 3, height: 4)) == (1..<4, 2..<6))
        #expect(image.pixels(in: Rect(x: 0.4, y: 0.6, width: 2.2, height: 1)) == (0..<3, 1..<2))
        #expect(image.pixels(in: Rect(x: -5, y: 8, width: 30, height: 30)) == (0..<10, 8..<10))
        #expect(image.pixels(in: Rect(x: 20, y: 0, width: 3, height: 3)).columns.isEmpty)
        #expect(image.pixels(in: Rect(x: 4, y: 0, width: -2, height: 1)).columns == 2..<4)
    }

    @Test func fillCropAndPaste() throws {
        var image = RGBImage(width: 6, height: 4, color: .white)
        image.fill(Rect(x: 1, y: 1, width: 2, height: 2), with: .black)
        #expect(image[1, 1] == .black && image[2, 2] == .black && image[3, 2] == .white && image[0, 0] == .white)
        let crop = image.cropped(to: Rect(x: 1, y: 1, width: 3, height: 2))
        #expect(crop.width == 3 && crop.height == 2)
        #expect(crop[0, 0] == .black && crop[2, 1] == .white)
        var canvas = RGBImage(width: 4, height: 4, color: RGBColor(grey: 100))
        canvas.paste(crop, atX: 2, y: -1)
        #expect(canvas[2, 0] == .black && canvas[3, 0] == .black && canvas[2, 1] == RGBColor(grey: 100))
        canvas.paste(crop, atX: 9, y: 9)
        #expect(image[9, 0] == nil)
        #expect(RGBImage(width: 2, height: 2, rgb: [1, 2, 3]) == nil)
    }

    @Test func outlineWithAndWithoutCorners() {
        var square = RGBImage(width: 10, height: 10, color: .white)
        square.strokeOutline(of: Rect(x: 0, y: 0, width: 10, height: 10), color: .black, lineWidth: 2)
        #expect(square[0, 0] == .black && square[1, 5] == .black && square[2, 5] == .white && square[9, 9] == .black)
        var rounded = RGBImage(width: 10, height: 10, color: .white)
        rounded.strokeOutline(of: Rect(x: 0, y: 0, width: 10, height: 10), color: .black, cornerRadius: 4)
        #expect(rounded[0, 0] == .white && rounded[5, 0] == .black && rounded[0, 5] == .black)
        #expect(rounded[5, 5] == .white)
    }
}
