import SeamlessPlayback
import Testing

@Suite("AffineTransform")
struct AffineTransformTests {
    @Test("identity has unit scale and no shear or translation")
    func identity() {
        #expect(AffineTransform.identity == AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0))
        #expect(AffineTransform.identity.isIdentity)
        #expect(!AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 1e-300).isIdentity)
    }

    @Test("scale and translation initializers set only their components")
    func convenienceInitializers() {
        #expect(AffineTransform(scaleX: 2, y: 3) == AffineTransform(a: 2, b: 0, c: 0, d: 3, tx: 0, ty: 0))
        #expect(AffineTransform(translationX: 5, y: -7) == AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 5, ty: -7))
    }

    @Test("concatenating applies self first, then the argument")
    func concatenationOrder() {
        let scale = AffineTransform(scaleX: 2, y: 3)
        let move = AffineTransform(translationX: 5, y: 7)
        #expect(scale.concatenating(move) == AffineTransform(a: 2, b: 0, c: 0, d: 3, tx: 5, ty: 7))
        #expect(move.concatenating(scale) == AffineTransform(a: 2, b: 0, c: 0, d: 3, tx: 10, ty: 21))
    }

    @Test("concatenating agrees with applying one transform after the other")
    func concatenationMatchesSequentialApplication() {
        let first = AffineTransform(a: 2, b: 3, c: 5, d: 7, tx: 11, ty: 13)
        let second = AffineTransform(a: -1, b: 4, c: 2, d: 0.5, tx: -3, ty: 8)
        for point in [Point(x: 0, y: 0), Point(x: 1, y: 2), Point(x: -4, y: 9.5)] {
            #expect(point.applying(first.concatenating(second)) == point.applying(first).applying(second))
        }
        #expect(first.concatenating(.identity) == first)
        #expect(AffineTransform.identity.concatenating(first) == first)
    }

    @Test(
        "is finite only when all six components are",
        arguments: [
            AffineTransform(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0),
            AffineTransform(a: 1, b: .infinity, c: 0, d: 1, tx: 0, ty: 0),
            AffineTransform(a: 1, b: 0, c: -.infinity, d: 1, tx: 0, ty: 0),
            AffineTransform(a: 1, b: 0, c: 0, d: .nan, tx: 0, ty: 0),
            AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: .infinity, ty: 0),
            AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: .nan),
        ])
    func finiteness(_ transform: AffineTransform) {
        #expect(!transform.isFinite)
        #expect(AffineTransform(a: 2, b: 3, c: 5, d: 7, tx: 11, ty: 13).isFinite)
    }
}
