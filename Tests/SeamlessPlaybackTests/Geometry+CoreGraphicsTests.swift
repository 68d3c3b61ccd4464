#if canImport(CoreGraphics)
import CoreGraphics
import SeamlessPlayback
import Testing

// Apple SDKs declare their own `Point` and `Rect` (MacTypes.h), so this file names ours in full.
private typealias Point = SeamlessPlayback.Point
private typealias Rect = SeamlessPlayback.Rect
private typealias Size = SeamlessPlayback.Size
private typealias AffineTransform = SeamlessPlayback.AffineTransform

private func isClose(_ lhs: Rect, _ rhs: Rect) -> Bool {
    abs(lhs.minX - rhs.minX) < 1e-9 && abs(lhs.minY - rhs.minY) < 1e-9
        && abs(lhs.maxX - rhs.maxX) < 1e-9 && abs(lhs.maxY - rhs.maxY) < 1e-9
}

@Suite("Core Graphics conversions")
struct GeometryCoreGraphicsTests {
    @Test("values convert component by component and round-trip exactly")
    func roundTrips() {
        let point = Point(x: 1.5, y: -2.25)
        let cgPoint = CGPoint(point)
        #expect(cgPoint.x == 1.5 && cgPoint.y == -2.25)
        #expect(Point(cgPoint) == point)

        let size = Size(width: 390, height: 693.33)
        let cgSize = CGSize(size)
        #expect(cgSize.width == 390 && cgSize.height == 693.33)
        #expect(Size(cgSize) == size)

        let rect = Rect(x: 7.5, y: -212.25, width: 375, height: -10)
        let cgRect = CGRect(rect)
        #expect(cgRect.origin == CGPoint(x: 7.5, y: -212.25))
        #expect(cgRect.size == CGSize(width: 375, height: -10))
        #expect(Rect(cgRect) == rect)

        let transform = AffineTransform(a: 2, b: 3, c: 5, d: 7, tx: 11, ty: 13)
        let cgTransform = CGAffineTransform(transform)
        #expect(cgTransform == CGAffineTransform(a: 2, b: 3, c: 5, d: 7, tx: 11, ty: 13))
        #expect(AffineTransform(cgTransform) == transform)
        #expect(CGAffineTransform(AffineTransform.identity) == .identity)
        #expect(CGAffineTransform(AffineTransform.identity).isIdentity)
    }

    @Test("the geometry means what Core Graphics means")
    func agreesWithCoreGraphics() {
        let first = AffineTransform(a: 2, b: 3, c: 5, d: 7, tx: 11, ty: 13)
        let second = AffineTransform(a: -1, b: 0.5, c: 2, d: 4, tx: -3, ty: 8)
        let point = Point(x: 1.5, y: -2)
        #expect(Point(CGPoint(point).applying(CGAffineTransform(first))) == point.applying(first))
        #expect(
            AffineTransform(CGAffineTransform(first).concatenating(CGAffineTransform(second)))
                == first.concatenating(second))
        let rect = Rect(x: 10, y: 20, width: 30, height: 40)
        #expect(isClose(Rect(CGRect(rect).applying(CGAffineTransform(first))), rect.applying(first)))
    }

    @Test("a plan can be made straight from CGRects and a CGSize")
    func planFromCoreGraphics() throws {
        let cell = CGRect(x: 7.5, y: 212, width: 375, height: 375)
        let screen = CGRect(x: 0, y: 0, width: 390, height: 844)
        let video = CGSize(width: 1080, height: 1920)
        let plan = try TransitionPlan(from: cell, mode: .aspectFill, to: screen, mode: .aspectFit, videoSize: video)
        let expected = try TransitionPlan(
            from: Rect(cell), mode: .aspectFill, to: Rect(screen), mode: .aspectFit, videoSize: Size(video))
        #expect(plan == expected)
        #expect(isClose(plan.maskRect(at: 0), Rect(cell)))
        #expect(throws: TransitionError.emptyVideoSize) {
            try TransitionPlan(from: cell, mode: .aspectFill, to: screen, mode: .aspectFit, videoSize: .zero)
        }
    }
}
#endif
