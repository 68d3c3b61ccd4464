import SeamlessProof
import Testing

@Suite("HandoffScript: the handoffs of a seamless run")
struct HandoffScriptTests {
    @Test func aRoundIsElevenHandoffsEndingInTheFeedAndRunsAreWholeRounds() {
        #expect(HandoffScript.round.count == 11)
        #expect(HandoffScript(handoffs: 1).steps == HandoffScript.round)
        #expect(HandoffScript(handoffs: 100).steps.count == 110)
        var stack: [HandoffScript.Page] = [.feed]
        for step in HandoffScript.round { stack = step.applied(to: stack) }
        #expect(stack == [.feed])
    }

    @Test func theStackFollowsLendsGiveBacksAndReclaims() {
        let nested = HandoffScript.Step.lend(from: .detail, to: .overlay).applied(to: [.feed, .detail])
        #expect(nested == [.feed, .detail, .overlay])
        #expect(HandoffScript.Step.giveBack(.overlay).applied(to: nested) == [.feed, .detail])
        #expect(HandoffScript.Step.reclaim.applied(to: nested) == [.feed])
    }

    @Test func theSoundStaysOnOnlyBetweenTheDetailPageAndTheOverlayAndTheFeedHasFiveStintsARound() {
        let script = HandoffScript(handoffs: 11)
        #expect(script.soundStaysOn == [false, false, false, true, true, false, false, false, false, true, false])
        #expect(script.feedStints == 5)
        #expect(HandoffScript(handoffs: 22).feedStints == 9)
    }
}
