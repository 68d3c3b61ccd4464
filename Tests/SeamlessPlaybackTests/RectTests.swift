import SeamlessPlayback
import Testing

@Suite("Rect")
struct RectTests {
    @Test("the initializers agree")
    func initializers() {
        let rect = Rect(x: 10, y: 20, width: 30, height: 40)
        #expect(rect == Rect(origin: Point(x: 10, y: 20), size: Size(width: 30, height: 40)))
        #expect(rect == Rect(center: Point(x: 25, y: 40), size: Size(width: 30, height: 40)))
        #expect(Rect.zero == Rect(x: 0, y: 0, width: 0, height: 0))
    }

    @Test("edges, centre and extents")
    func edges() {
        let rect = Rect(x: 10, y: 20, width: 30, height: 40)
        #expect((rect.minX, rect.midX, rect.maxX) == (10, 25, 40))
        #expect((rect.minY, rect.midY, rect.maxY) == (20, 40, 60))
        #expect((rect.width, rect.height) == (30, 40))
        #expect(rect.center == Point(x: 25, y: 40))
    }

    @Test("a negative size reads as standardized, as CGRect does")
    func negativeSize() {
        let rect = Rect(x: 10, y: 20, width: -30, height: -40)
        #expect((rect.minX, rect.midX, rect.maxX) == (-20, -5, 10))
        #expect((rect.minY, rect.midY, rect.maxY) == (-20, 0, 20))
        #expect((rect.width, rect.height) == (30, 40))
        #expect(rect.standardized == Rect(x: -20, y: -20, width: 30, height: 40))
        #expect(rect.standardized.center == rect.center)
    }

    @Test(
        "is finite only when origin and size are",
        arguments: [
            (Rect(x: 1, y: 2, width: 3, height: 4), true), (Rect(x: .nan, y: 2, width: 3, height: 4), false),
            (Rect(x: 1, y: .infinity, width: 3, height: 4), false),
            (Rect(x: 1, y: 2, width: -.infinity, height: 4), false),
            (Rect(x: 1, y: 2, width: 3, height: .nan), false),
        ])
    func finiteness(_ rect: Rect, _ isFinite: Bool) {
        #expect(rect.isFinite == isFinite)
    }

    @Test("intersection is the overlap, nil when disjoint")
    func intersection() {
        let rect = Rect(x: 0, y: 0, width: 100, height: 50)
        #expect(
            rect.intersection(Rect(x: 60, y: 20, width: 100, height: 100)) == Rect(x: 60, y: 20, width: 40, height: 30))
        #expect(rect.intersection(Rect(x: 10, y: 10, width: 5, height: 5)) == Rect(x: 10, y: 10, width: 5, height: 5))
        #expect(
            rect.intersection(Rect(x: 100, y: 0, width: 10, height: 10)) == Rect(x: 100, y: 0, width: 0, height: 10))
        #expect(rect.intersection(Rect(x: 101, y: 0, width: 10, height: 10)) == nil)
        #expect(rect.intersection(Rect(x: 0, y: -20, width: 10, height: 10)) == nil)
        #expect(
            rect.intersection(Rect(x: 50, y: 50, width: -20, height: -20)) == Rect(x: 30, y: 30, width: 20, height: 20))
    }

    @Test("a scale about the centre keeps the centre, as a view's transform does")
    func scaleAboutCentre() {
        let rect = Rect(x: 10, y: 20, width: 30, height: 40)
        #expect(
            rect.applying(AffineTransform(scaleX: 2, y: 2), about: rect.center)
                == Rect(x: -5, y: 0, width: 60, height: 80))
        #expect(
            rect.applying(AffineTransform(scaleX: 0.5, y: 0.25), about: rect.center)
                == Rect(x: 17.5, y: 35, width: 15, height: 10))
        let moved = rect.applying(AffineTransform(a: 2, b: 0, c: 0, d: 2, tx: 5, ty: -3), about: rect.center)
        #expect(moved == Rect(x: 0, y: -3, width: 60, height: 80))
    }

    @Test("the anchor matters; applying(_:) is about the coordinate origin, like CGRect")
    func anchor() {
        let rect = Rect(x: 10, y: 20, width: 30, height: 40)
        let double = AffineTransform(scaleX: 2, y: 2)
        #expect(rect.applying(double) == Rect(x: 20, y: 40, width: 60, height: 80))
        #expect(rect.applying(double, about: .zero) == rect.applying(double))
        #expect(rect.applying(double, about: Point(x: 10, y: 20)) == Rect(x: 10, y: 20, width: 60, height: 80))
    }

    @Test("a rotation or a flip gives the standardized bounding rect")
    func boundingRect() {
        let quarterTurn = AffineTransform(a: 0, b: 1, c: -1, d: 0, tx: 0, ty: 0)
        #expect(
            Rect(x: 0, y: 0, width: 30, height: 10).applying(quarterTurn) == Rect(x: -10, y: 0, width: 10, height: 30))
        let rect = Rect(x: 10, y: 20, width: 30, height: 40)
        #expect(rect.applying(AffineTransform(scaleX: -1, y: -1), about: rect.center) == rect)
    }

    @Test("the identity returns the rect exactly, even where centring would round")
    func identityIsExact() {
        let rect = Rect(x: 0.1, y: 0.7, width: 0.2, height: 1e-17)
        #expect(rect.applying(.identity, about: Point(x: 1e16, y: -3.3)) == rect)
        #expect(rect.applying(.identity) == rect)
    }
}
