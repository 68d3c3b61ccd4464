import SeamlessPlayback
import Testing

@Suite("Size")
struct SizeTests {
    @Test("stores its extents; zero is 0 × 0")
    func storesExtents() {
        let size = Size(width: 390, height: 844)
        #expect(size.width == 390 && size.height == 844)
        #expect(Size.zero == Size(width: 0, height: 0))
        #expect(size != Size(width: 844, height: 390))
    }

    @Test(
        "is finite only when both extents are",
        arguments: [
            (Size(width: 1, height: 2), true), (Size(width: -1, height: 0), true),
            (Size(width: .nan, height: 2), false), (Size(width: 1, height: .infinity), false),
            (Size(width: -.infinity, height: .nan), false),
        ])
    func finiteness(_ size: Size, _ isFinite: Bool) {
        #expect(size.isFinite == isFinite)
    }
}
