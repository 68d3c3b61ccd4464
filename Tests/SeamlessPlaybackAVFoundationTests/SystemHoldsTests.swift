import SeamlessPlayback
import Testing

@testable import SeamlessPlaybackAVFoundation

@Suite("SystemHolds")
struct SystemHoldsTests {
    @Test("a stronger hold replaces a weaker one, never the other way: lost route > interruption > background")
    func strength() {
        var holds = SystemHolds(policy: .pauseInBackground, isInBackground: false)
        #expect(holds.impose(.background) == true)
        #expect(holds.impose(.interruption) == true)
        #expect(holds.impose(.background) == false)
        #expect(holds.impose(.outputLoss) == true)
        #expect(holds.impose(.interruption) == false)
        #expect(holds.impose(.outputLoss) == false)
        #expect(holds.hold == .outputLoss)
    }

    @Test(
        "the reason a still player is reported with",
        arguments: [
            (SystemHolds.Hold?.none, Bool?.none, PauseReason.system), (nil, false, .interrupted),
            (nil, true, .outputLost),
            (.background, nil, .system), (.interruption, nil, .interrupted), (.outputLoss, false, .outputLost),
            (.background, false, .system),
        ])
    func reason(hold: SystemHolds.Hold?, interruptionByLostRoute: Bool?, expected: PauseReason) {
        var holds = SystemHolds(policy: .pauseInBackground, isInBackground: false)
        holds.hold = hold
        holds.interruption = interruptionByLostRoute.map { SystemHolds.Interruption(isRouteDisconnection: $0) }
        #expect(holds.pauseReason == expected)
    }

    @Test("the output is known lost from a route change, or from an interruption that gave the lost route")
    func outputLost() {
        var holds = SystemHolds(policy: .pauseInBackground, isInBackground: false)
        #expect(!holds.knowsOutputLost)
        holds.interruption = .init(isRouteDisconnection: false)
        #expect(!holds.knowsOutputLost)
        holds.interruption = .init(isRouteDisconnection: true)
        #expect(holds.knowsOutputLost)
        holds.interruption = nil
        holds.hold = .outputLoss
        #expect(holds.knowsOutputLost)
    }

    @Test(
        "the layer is detached only in the background, and only when the audio is kept",
        arguments: [
            (BackgroundPolicy.keepAudioInBackground, true, true), (.keepAudioInBackground, false, false),
            (.pauseInBackground, true, false), (.pauseInBackground, false, false),
        ])
    func layer(policy: BackgroundPolicy, isInBackground: Bool, expected: Bool) {
        #expect(SystemHolds(policy: policy, isInBackground: isInBackground).isLayerDetached == expected)
    }
}
