import SeamlessPlayback
import Testing

@Suite("TransitionFrame")
struct TransitionFrameTests {
    let frame = Rect(x: 10, y: 20, width: 100, height: 50)

    @Test("the identity frame leaves both rects exactly at the view's frame")
    func identity() {
        #expect(TransitionFrame.identity == TransitionFrame(viewTransform: .identity, maskTransform: .identity))
        #expect(TransitionFrame.identity.viewRect(placedAt: frame) == frame)
        #expect(TransitionFrame.identity.maskRect(placedAt: frame) == frame)
    }

    @Test("the view is scaled about its centre, then moved")
    func viewRect() {
        let transitionFrame = TransitionFrame(
            viewTransform: AffineTransform(a: 2, b: 0, c: 0, d: 2, tx: 5, ty: -3), maskTransform: .identity)
        #expect(transitionFrame.viewRect(placedAt: frame) == Rect(x: -35, y: -8, width: 200, height: 100))
        #expect(transitionFrame.maskRect(placedAt: frame) == transitionFrame.viewRect(placedAt: frame))
    }

    @Test("the mask is moved by its own transform, then by the view's")
    func maskRect() {
        let view = AffineTransform(a: 2, b: 0, c: 0, d: 2, tx: 5, ty: -3)
        let cropped = TransitionFrame(viewTransform: view, maskTransform: AffineTransform(scaleX: 0.5, y: 0.25))
        #expect(cropped.maskRect(placedAt: frame) == Rect(x: 15, y: 29.5, width: 100, height: 25))
        // A translation inside the view is scaled by the view's transform: 10 points become 20 on screen.
        let shifted = TransitionFrame(
            viewTransform: AffineTransform(scaleX: 2, y: 2), maskTransform: AffineTransform(translationX: 10, y: 0))
        #expect(shifted.maskRect(placedAt: frame) == Rect(x: -20, y: -5, width: 200, height: 100))
    }

    @Test("frames with different transforms differ")
    func equality() {
        let scaled = TransitionFrame(viewTransform: AffineTransform(scaleX: 2, y: 2), maskTransform: .identity)
        #expect(scaled != .identity)
        #expect(scaled != TransitionFrame(viewTransform: .identity, maskTransform: AffineTransform(scaleX: 2, y: 2)))
        var copy = scaled
        copy.maskTransform = AffineTransform(scaleX: 1, y: 0.5)
        #expect(copy.maskTransform.d == 0.5 && copy.viewTransform == scaled.viewTransform)
    }
}
