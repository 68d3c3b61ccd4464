import PictureKit
import SeamlessPlayback
import SeamlessPlaybackMPV
import Testing

@Suite struct TransitionCompositorTests {
    static let screen = RGBImage(width: 240, height: 440, color: RGBColor(red: 0, green: 200, blue: 0))
    static let cell = Rect(x: 30, y: 120, width: 100, height: 100)
    static let page = Rect(x: 20, y: 20, width: 200, height: 400)
    static let video = Size(width: 160, height: 90)
    static let plan = try! TransitionPlan(from: cell, mode: .aspectFill, to: page, mode: .aspectFit, videoSize: video)

    /// A picture as mpv renders one into a host: the video laid out by `mode`, black bars around it. The video's
    /// pixels are `color`, or a gradient that differs from pixel to pixel when `color` is `nil`.
    static func picture(
        width: Int, height: Int, mode: ContentMode, color: RGBColor? = nil
    ) -> VideoFrame {
        let box = Rect(x: 0, y: 0, width: Double(width), height: Double(height))
        let videoRect = mode.rect(for: video, in: box)
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let centre = (x: Double(x) + 0.5, y: Double(y) + 0.5)
                guard centre.x >= videoRect.minX, centre.x < videoRect.maxX, centre.y >= videoRect.minY,
                    centre.y < videoRect.maxY
                else { continue }
                let offset = (y * width + x) * 4
                let fill = color ?? RGBColor(red: UInt8(x % 251), green: UInt8(y % 253), blue: 255)
                pixels[offset] = fill.red
                pixels[offset + 1] = fill.green
                pixels[offset + 2] = fill.blue
            }
        }
        return VideoFrame(
            width: width, height: height, stride: width * 4, pixels: pixels, kind: .newFrame, sequence: 1,
            renderedAt: .now)
    }

    /// The pixels that differ from the background, as a set of (x, y).
    static func changed(_ image: RGBImage) -> Set<[Int]> {
        var result: Set<[Int]> = []
        for y in 0..<image.height {
            for x in 0..<image.width where image[x, y] != screen[x, y] { result.insert([x, y]) }
        }
        return result
    }

    static func box(_ points: Set<[Int]>) -> (minX: Int, minY: Int, maxX: Int, maxY: Int) {
        (
            points.map { $0[0] }.min() ?? 0, points.map { $0[1] }.min() ?? 0, points.map { $0[0] }.max() ?? 0,
            points.map { $0[1] }.max() ?? 0
        )
    }

    /// At an entry's start the picture shows exactly where the cell was, and only video shows there: the view's
    /// bars lie outside the mask, as the cell's aspect-fill showed no bars.
    @Test(arguments: [RGBImage.Sampling.nearest, .bilinear])
    func progressZeroShowsThePictureWhereTheCellWas(sampling: RGBImage.Sampling) {
        let magenta = RGBColor(red: 255, green: 0, blue: 255)
        let frame = Self.picture(width: 200, height: 400, mode: .aspectFit, color: magenta)
        let compositor = TransitionCompositor(background: Self.screen, sampling: sampling)
        let image = compositor.compose(frame, plan: Self.plan, progress: 0)
        let shown = Self.changed(image)
        let box = Self.box(shown)
        #expect(abs(box.minX - 30) <= 1 && abs(box.maxX - 129) <= 1)
        #expect(abs(box.minY - 120) <= 1 && abs(box.maxY - 219) <= 1)
        for y in 121..<219 {
            for x in 31..<129 { #expect(image[x, y] == magenta) }
        }
    }

    /// At an entry's end the view fills its frame: every pixel of the page is the frame's, unscaled.
    @Test(arguments: [RGBImage.Sampling.nearest, .bilinear])
    func progressOneFillsTheDestination(sampling: RGBImage.Sampling) {
        let frame = Self.picture(width: 200, height: 400, mode: .aspectFit)
        let image = TransitionCompositor(background: Self.screen, sampling: sampling)
            .compose(frame, plan: Self.plan, progress: 1)
        for y in 0..<image.height {
            for x in 0..<image.width {
                let inPage = x >= 20 && x < 220 && y >= 20 && y < 420
                let expected: RGBColor? =
                    if inPage, let pixel = frame.rgb(x: x - 20, y: y - 20) {
                        RGBColor(red: pixel.red, green: pixel.green, blue: pixel.blue)
                    } else { Self.screen[x, y] }
                #expect(image[x, y] == expected)
            }
        }
    }

    /// Half way, the picture shows exactly in the overlap of the view's rect and the mask's; the rest of the
    /// enlarged view is cropped away.
    @Test(arguments: [0.25, 0.5, 0.75])
    func theMaskClipsTheView(progress: Double) throws {
        let frame = Self.picture(width: 200, height: 400, mode: .aspectFit)
        let image = TransitionCompositor(background: Self.screen).compose(frame, plan: Self.plan, progress: progress)
        let window = try #require(Self.plan.viewRect(at: progress).intersection(Self.plan.maskRect(at: progress)))
        let (columns, rows) = Self.screen.pixels(in: window)
        var expected: Set<[Int]> = []
        for y in rows {
            for x in columns { expected.insert([x, y]) }
        }
        #expect(Self.changed(image) == expected)
        #expect(Self.plan.viewRect(at: progress).width > window.width)
    }

    /// An exit ends where the entry began.
    @Test func anExitEndsInTheCell() {
        let frame = Self.picture(width: 200, height: 400, mode: .aspectFit)
        let compositor = TransitionCompositor(background: Self.screen)
        #expect(
            compositor.compose(frame, plan: Self.plan.reversed(), progress: 1)
                == compositor.compose(frame, plan: Self.plan, progress: 0))
    }

    /// With no transition, a picture rendered at its host's size fills the host, pixel for pixel.
    @Test func aPictureInItsHost() {
        let frame = Self.picture(width: 100, height: 100, mode: .aspectFill)
        let image = TransitionCompositor(background: Self.screen).compose(frame, in: Self.cell)
        #expect(Self.box(Self.changed(image)) == (30, 120, 129, 219))
        let corner = frame.rgb(x: 0, y: 0)!
        #expect(image[30, 120] == RGBColor(red: corner.red, green: corner.green, blue: corner.blue))
        #expect(image[29, 120] == Self.screen[29, 120])
    }
}
