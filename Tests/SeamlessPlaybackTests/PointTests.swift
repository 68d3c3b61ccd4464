import SeamlessPlayback
import Testing

@Suite("Point")
struct PointTests {
    @Test("stores its coordinates; zero is the origin")
    func storesCoordinates() {
        let point = Point(x: 3.5, y: -2)
        #expect(point.x == 3.5 && point.y == -2)
        #expect(Point.zero == Point(x: 0, y: 0))
        #expect(point != Point(x: -2, y: 3.5))
    }

    @Test(
        "is finite only when both coordinates are",
        arguments: [
            (Point(x: 1, y: 2), true), (Point(x: .nan, y: 2), false), (Point(x: 1, y: -.infinity), false),
        ])
    func finiteness(_ point: Point, _ isFinite: Bool) {
        #expect(point.isFinite == isFinite)
    }

    @Test("applying a transform maps (x, y) to (a·x + c·y + tx, b·x + d·y + ty)")
    func applyingATransform() {
        let transform = AffineTransform(a: 2, b: 3, c: 5, d: 7, tx: 11, ty: 13)
        #expect(Point(x: 1, y: 2).applying(transform) == Point(x: 23, y: 30))
        #expect(Point(x: 1, y: 2).applying(.identity) == Point(x: 1, y: 2))
    }
}
