import Testing

@testable import SeamlessPlaybackAVFoundation

@Suite("ItemError and the decoder limit")
struct ItemErrorTests {
    typealias Machine = AVPlayerEngineStateMachine
    static let busy = ItemError(domain: .avFoundation, code: -11_839, description: "Cannot Decode")

    @Test(
        "only AVFoundation's -11839 is the decoder limit, on the error or the one under it",
        arguments: [
            (ItemError(domain: .avFoundation, code: -11_839, description: "Cannot Decode"), true),
            (ItemError(domain: .url, code: -11_839, description: "another domain's code"), false),
            (ItemError(domain: .other("NSOSStatusErrorDomain"), code: -11_839, description: "another domain"), false),
            (ItemError(domain: .avFoundation, code: -11_800, description: "unknown"), false),
            (
                ItemError(
                    domain: .avFoundation, code: -11_800, description: "wraps it",
                    underlying: .init(domain: .avFoundation, code: -11_839)),
                true
            ),
            (
                ItemError(
                    domain: .avFoundation, code: -11_800, description: "wraps another domain's",
                    underlying: .init(domain: .cocoa, code: -11_839)),
                false
            ),
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
