import Testing

@testable import SeamlessPlayback

@Suite("PoolShell: carrying actions out")
struct PoolShellActionsTests {
    @Test func anActionMovedOutLeavesOneThatCarriesNothingOut() {
        let player = PlayerID(pool: 1, number: 1)
        var actions: [PoolAction] = [.succeed(RequestID(raw: 1)), .watchHold(player, epoch: 7)]
        #expect(actions.moveOut(at: 1) == .watchHold(player, epoch: 7))
        #expect(actions == [.succeed(RequestID(raw: 1)), .activeChanged(PlayerID(pool: 0, number: 0), nil)])
        // What stays behind is an active-holder change, which the second pass skips (the first pass is over by then).
        #expect(actions[1].isActiveChange)
    }
}
