import SeamlessPlayback
import Testing

@testable import SeamlessPlaybackAVFoundation

@Suite("PreloadDepthBox")
struct PreloadDepthBoxTests {
    @Test("standard until told; the last depth told wins; told and read from many tasks at once (TSan checks the race)")
    func lastToldWins() async {
        let box = PreloadDepthBox()
        #expect(box.depth == .standard)
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<100 {
                group.addTask {
                    box.set(index.isMultiple(of: 2) ? .lean : .standard)
                    #expect(PreloadDepth.allCases.contains(box.depth))
                }
            }
        }
        box.set(.lean)
        #expect(box.depth == .lean)
    }
}
