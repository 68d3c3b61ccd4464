import Foundation
import Testing

@testable import SeamlessPlayback

@Suite("RecentEpochs")
struct RecentEpochsTests {
    @Test func theBoundIsTheOneTheDocumentationStates() {
        #expect(RecentEpochs<Void>.capacity == 64)
        #expect(RecentEpochs<String>.capacity == 64)
    }

    @Test(arguments: [0, 1, 63, 64, 65, 128, 1_000] as [UInt64])
    func remembersExactlyTheLatestEpochsUpToTheBound(_ recorded: UInt64) {
        var epochs = RecentEpochs<Void>()
        for epoch in 0..<recorded { epochs.insert(epoch) }
        let kept = min(recorded, 64)
        #expect(epochs.count == Int(kept))
        // `recorded` itself was never recorded.
        for epoch in 0...recorded {
            #expect(epochs.contains(epoch) == (epoch >= recorded - kept && epoch < recorded), "epoch \(epoch)")
        }
    }

    @Test func anEpochRecordedAgainKeepsItsPlace() {
        var epochs = RecentEpochs<Void>()
        for epoch in 1...64 as ClosedRange<UInt64> { epochs.insert(epoch) }
        epochs.insert(1)
        #expect(epochs.count == 64)
        epochs.insert(65)
        #expect(!epochs.contains(1))
        #expect(epochs.contains(2) && epochs.contains(65))
    }

    @Test func valuesAreKeptReplacedAndForgottenWithTheirEpochs() {
        var failed = RecentEpochs<String>()
        #expect(failed[7] == nil)
        failed[7] = "decoder lost"
        failed[8] = "network"
        failed[7] = "decoder lost twice"
        #expect(failed[7] == "decoder lost twice")
        #expect(failed.count == 2)
        failed[7] = nil
        failed[9] = nil
        #expect(failed[7] == nil && !failed.contains(7))
        #expect(failed[8] == "network")
        #expect(failed.count == 1)
        for epoch in 100..<164 as Range<UInt64> { failed[epoch] = "r\(epoch)" }
        #expect(failed.count == 64)
        #expect(failed[8] == nil)
        #expect(failed[100] == "r100" && failed[163] == "r163")
    }
}
