import SeamlessPlayback
import Testing

@Suite("ContentMode layout")
struct ContentModeLayoutTests {
    @Test(
        "fit takes the smaller axis ratio, fill the larger",
        arguments: [
            // content, box, fit, fill
            (Size(width: 100, height: 50), Size(width: 200, height: 200), 2.0, 4.0),
            (Size(width: 50, height: 100), Size(width: 200, height: 200), 2.0, 4.0),
            (Size(width: 100, height: 50), Size(width: 300, height: 150), 3.0, 3.0),
            (Size(width: 1920, height: 1080), Size(width: 390, height: 844), 0.203125, 844.0 / 1080),
        ])
    func scale(_ content: Size, _ box: Size, _ fit: Double, _ fill: Double) {
        #expect(ContentMode.aspectFit.scale(for: content, in: box) == fit)
        #expect(ContentMode.aspectFill.scale(for: content, in: box) == fill)
    }

    @Test("the content is centred: fit letterboxes, fill overflows")
    func rect() {
        let box = Rect(x: 10, y: 20, width: 200, height: 200)
        let content = Size(width: 100, height: 50)
        #expect(ContentMode.aspectFit.rect(for: content, in: box) == Rect(x: 10, y: 70, width: 200, height: 100))
        #expect(ContentMode.aspectFill.rect(for: content, in: box) == Rect(x: -90, y: 20, width: 400, height: 200))
    }

    @Test(
        "fit lies inside the box, fill covers it, each touching on one axis",
        arguments: [Size(width: 1080, height: 1920), Size(width: 1920, height: 1080), Size(width: 1, height: 1)])
    func containment(_ content: Size) {
        let box = Rect(x: 7.5, y: 212, width: 375, height: 500)
        let fit = ContentMode.aspectFit.rect(for: content, in: box)
        let fill = ContentMode.aspectFill.rect(for: content, in: box)
        #expect(fit.width <= box.width + 1e-9 && fit.height <= box.height + 1e-9)
        #expect(abs(fit.width - box.width) < 1e-9 || abs(fit.height - box.height) < 1e-9)
        #expect(fill.width >= box.width - 1e-9 && fill.height >= box.height - 1e-9)
        #expect(abs(fill.width - box.width) < 1e-9 || abs(fill.height - box.height) < 1e-9)
        #expect(abs(fit.width / fit.height - content.width / content.height) < 1e-9)
        #expect(abs(fit.midX - box.midX) < 1e-9 && abs(fit.midY - box.midY) < 1e-9)
        #expect(abs(fill.midX - box.midX) < 1e-9 && abs(fill.midY - box.midY) < 1e-9)
    }
}
