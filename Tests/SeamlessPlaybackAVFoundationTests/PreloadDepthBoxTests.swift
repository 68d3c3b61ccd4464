import SeamlessPlayback
import Testing

@testable import SeamlessPlaybackAVFoundation

@Suite("PreloadDepthBox")
struct PreloadDepthBoxTests {
    @Test("standard until told; the last depth told wins, told from many tasks at once")
    func lastToldWins() async {
        let box = PreloadDepthBox()
        #expect(box.depth == .standard)
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<100 { group.addTask { box.set(index.isMultiple(of: 2) ? .lean : .standard) } }
        }
        box.set(.lean)
        #expect(box.depth == .lean)
    }
}
