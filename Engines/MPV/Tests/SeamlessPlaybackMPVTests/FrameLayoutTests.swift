import SeamlessPlayback
import Testing

@testable import SeamlessPlaybackMPV

@Suite("FrameLayout: mpv draws the video's shape, the host's frame is cut (fill) or framed (fit) from it")
struct FrameLayoutTests {
    @Test func fillDrawsTheVideoCoveringTheHostAndCutsItsCentre() throws {
        // 16:9 into a square: drawn 284 × 160, the middle 160 columns kept.
        let layout = try #require(FrameLayout(video: (320, 180), width: 160, height: 160, mode: .aspectFill))
        #expect((layout.renderWidth, layout.renderHeight) == (284, 160))
        #expect((layout.sourceX, layout.sourceY) == (62, 0))
        #expect((layout.destinationX, layout.destinationY) == (0, 0))
        #expect((layout.copyWidth, layout.copyHeight) == (160, 160))
    }

    @Test func fitDrawsTheVideoInsideTheHostAndCentresItBetweenBars() throws {
        // 16:9 into 4:3: drawn 480 × 270, 45 rows of bar above and below.
        let layout = try #require(FrameLayout(video: (320, 180), width: 480, height: 360, mode: .aspectFit))
        #expect((layout.renderWidth, layout.renderHeight) == (480, 270))
        #expect((layout.sourceX, layout.sourceY) == (0, 0))
        #expect((layout.destinationX, layout.destinationY) == (0, 45))
        #expect((layout.copyWidth, layout.copyHeight) == (480, 270))
    }

    @Test func aHostOfTheVideosShapeIsTheSameInBothModes() throws {
        let fit = try #require(FrameLayout(video: (320, 180), width: 640, height: 360, mode: .aspectFit))
        let fill = try #require(FrameLayout(video: (320, 180), width: 640, height: 360, mode: .aspectFill))
        #expect(fit == fill)
        #expect((fit.renderWidth, fit.renderHeight, fit.copyWidth, fit.copyHeight) == (640, 360, 640, 360))
    }

    @Test func theCopyNeverLeavesTheDrawingOrTheHost() {
        let videos = [(320, 180), (180, 320), (1, 1000), (1000, 1), (7, 3)]
        let hosts = [(1, 1), (160, 160), (480, 360), (400, 180), (3, 997)]
        for video in videos {
            for host in hosts {
                for mode in [ContentMode.aspectFit, .aspectFill] {
                    guard let layout = FrameLayout(video: video, width: host.0, height: host.1, mode: mode) else {
                        Issue.record("no layout for \(video) in \(host)")
                        continue
                    }
                    #expect(
                        layout.renderWidth <= FrameLayout.maximumSide && layout.renderHeight <= FrameLayout.maximumSide)
                    #expect(layout.sourceX >= 0 && layout.sourceX + layout.copyWidth <= layout.renderWidth)
                    #expect(layout.sourceY >= 0 && layout.sourceY + layout.copyHeight <= layout.renderHeight)
                    #expect(layout.destinationX >= 0 && layout.destinationX + layout.copyWidth <= host.0)
                    #expect(layout.destinationY >= 0 && layout.destinationY + layout.copyHeight <= host.1)
                    #expect(layout.copyWidth >= 1 && layout.copyHeight >= 1)
                    // The drawing has the video's shape, to within a pixel's rounding on each side (a side that
                    // rounds to one pixel has no shape to keep).
                    guard min(layout.renderWidth, layout.renderHeight) >= 2 else { continue }
                    let ratio = Double(video.0) / Double(video.1)
                    let drawn = Double(layout.renderWidth) / Double(layout.renderHeight)
                    let low = Double(max(1, layout.renderWidth - 1)) / Double(layout.renderHeight + 1)
                    let high = Double(layout.renderWidth + 1) / Double(max(1, layout.renderHeight - 1))
                    #expect(ratio >= low && ratio <= high, "\(video) in \(host): drawn \(drawn)")
                }
            }
        }
    }

    @Test func aDrawingCappedAtTheLongestSideKeepsTheVideosShape() throws {
        // 2.39:1 filled into a tall host would be drawn 4585 × 1920: scaled down as a whole instead.
        let layout = try #require(FrameLayout(video: (1920, 804), width: 1080, height: 1920, mode: .aspectFill))
        #expect(layout.renderWidth == FrameLayout.maximumSide)
        #expect(abs(Double(layout.renderWidth) / Double(layout.renderHeight) - 1920.0 / 804) < 0.01)
        #expect(layout.copyWidth == 1080 && layout.copyHeight == layout.renderHeight && layout.destinationY > 0)
    }

    @Test func anUnknownOrEmptySizeHasNoLayout() {
        #expect(FrameLayout(video: (0, 180), width: 160, height: 160, mode: .aspectFit) == nil)
        #expect(FrameLayout(video: (320, 0), width: 160, height: 160, mode: .aspectFill) == nil)
    }
}
