import SeamlessPlayback
import Testing

@testable import SeamlessPlaybackAVFoundation

@Suite("AVPlayerEngineStateMachine: a load's media failures")
struct AVPlayerEngineStateMachineLoadTests {
    typealias Machine = AVPlayerEngineStateMachine

    /// A machine whose load 1 waits for its item.
    private func waiting() -> Machine {
        var machine = Machine()
        _ = machine.loadRequested()
        machine.itemReplaced(1)
        return machine
    }

    /// AVFoundation's failure of an HTTP item the server says is gone, as apps report it: an unknown AVFoundation
    /// error wrapping `NSURLErrorResourceUnavailable`.
    static let gone = ItemError(
        domain: .avFoundation, code: -11_800, description: "The operation could not be completed",
        underlying: .init(domain: .url, code: -1_008))

    @Test("a load whose item fails with a not-found error throws the media's .notFound", arguments: [false, true])
    func notFound(afterReadyToPlay: Bool) {
        var machine = waiting()
        if afterReadyToPlay { _ = machine.observed(.itemStatus(.readyToPlay), for: 1) }
        let failure = MediaFailure(.notFound, reason: "The operation could not be completed")
        #expect(
            machine.observed(.itemStatus(.failed(Self.gone)), for: 1) == [
                .stopObserving(1), .finishLoad(1, .mediaFailed(failure)),
            ])
        #expect(machine.observed(.layerReadyForDisplay(true), for: 1) == [], "a failed load never finishes")
        #expect(machine.playerFailure == nil, "the engine can load again")
        let (id, actions) = machine.loadRequested()
        #expect(id == 2)
        #expect(actions.contains(.startObserving(2)))
    }

    @Test(
        "a load's item failure becomes the media failure of its kind",
        arguments: [
            (ItemError(domain: .url, code: -1_001, description: "timed out"), MediaFailure.Kind.timedOut),
            (ItemError(domain: .url, code: -1_009, description: "offline"), .network),
            (ItemError(domain: .avFoundation, code: -11_828, description: "not a movie"), .unsupported),
            (ItemError(domain: .cocoa, code: 260, description: "no file"), .notFound),
            (ItemError.other("no error given"), .other),
        ])
    func eachKind(error: ItemError, kind: MediaFailure.Kind) {
        var machine = waiting()
        #expect(
            machine.observed(.itemStatus(.failed(error)), for: 1) == [
                .stopObserving(1), .finishLoad(1, .mediaFailed(MediaFailure(kind, reason: error.description))),
            ])
    }

    @Test("a load whose item fails to play to its end with a network error throws the media's .network")
    func failedToPlayToEnd() {
        var machine = waiting()
        let lost = ItemError(domain: .url, code: -1_005, description: "The network connection was lost.")
        #expect(
            machine.observed(.failedToPlayToEnd(lost), for: 1) == [
                .stopObserving(1),
                .finishLoad(1, .mediaFailed(MediaFailure(.network, reason: "The network connection was lost."))),
            ])
    }

    @Test("the decoder limit stays the engine's error, on the error or under it")
    func decoderLimit() {
        let wrapped = ItemError(
            domain: .avFoundation, code: -11_800, description: "Cannot Decode",
            underlying: .init(domain: .avFoundation, code: -11_839))
        for error in [ItemErrorTests.busy, wrapped] {
            var machine = waiting()
            #expect(
                machine.observed(.itemStatus(.failed(error)), for: 1) == [
                    .stopObserving(1), .finishLoad(1, .failed(.decoderLimit(reason: "Cannot Decode"))),
                ])
        }
    }

    @Test("the player's own item error (media services reset) stays the engine's error")
    func playersOwn() {
        var machine = waiting()
        let reset = ItemError(domain: .avFoundation, code: -11_819, description: "Media services were reset")
        #expect(
            machine.observed(.itemStatus(.failed(reset)), for: 1) == [
                .stopObserving(1), .finishLoad(1, .failed(.itemFailed(reason: "Media services were reset"))),
            ])
    }

    @Test("a ready item that fails is reported through the failure path, never as a load's media failure")
    func readyItemFails() {
        var machine = Fixture.loaded()
        #expect(
            machine.observed(.itemStatus(.failed(Self.gone)), for: 1) == [
                .stopObserving(1), .reportFailure("the AVPlayerItem failed: The operation could not be completed"),
            ])
    }
}
