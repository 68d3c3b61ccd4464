import Testing

@testable import SeamlessPlaybackAVFoundation

@Suite("ItemError and the decoder limit")
struct ItemErrorTests {
    typealias Machine = AVPlayerEngineStateMachine
    static let busy = ItemError(isAVFoundation: true, code: -11_839, description: "Cannot Decode")

    @Test(
        "only AVFoundation's -11839 is the decoder limit",
        arguments: [
            (ItemError(isAVFoundation: true, code: -11_839, description: "Cannot Decode"), true),
            (ItemError(isAVFoundation: false, code: -11_839, description: "another domain's code"), false),
            (ItemError(isAVFoundation: true, code: -11_800, description: "unknown"), false),
            (ItemError.other("no error given"), false),
        ])
    func decoderLimit(error: ItemError, expected: Bool) {
        #expect(error.isDecoderLimit == expected)
    }

    @Test("a load whose item fails for want of a decoder fails with a reason that names the decoder limit")
    func loadFailsAtTheLimit() {
        var machine = Machine()
        _ = machine.loadRequested()
        machine.itemReplaced(1)
        #expect(
            machine.observed(.itemStatus(.failed(Self.busy)), for: 1) == [
                .stopObserving(1), .finishLoad(1, .failed(.decoderLimit(reason: "Cannot Decode"))),
            ])
        #expect(AVPlayerEngineError.decoderLimit(reason: "Cannot Decode").description.contains("decoder"))
    }

    @Test("a playing item that loses its decoder is reported through the failure path with the same reason")
    func playbackFailsAtTheLimit() {
        var machine = Fixture.playing()
        let reason = AVPlayerEngineError.decoderLimit(reason: "Cannot Decode").description
        #expect(machine.observed(.failedToPlayToEnd(Self.busy), for: 1) == [.stopObserving(1), .reportFailure(reason)])
    }
}
