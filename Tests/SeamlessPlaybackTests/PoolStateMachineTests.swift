import Testing

@testable import SeamlessPlayback

@Suite("PoolStateMachine: its shared helpers")
struct PoolStateMachineTests {
    @Test func anInputHandsItsActionsOverUnlessTheMachineKeepsThem() {
        var machine = PoolStateMachine(capacity: 1, tokenLifetime: .seconds(10))
        #expect(machine.trimRequested(RequestID(raw: 1), keepingIdle: 0) == [.succeed(RequestID(raw: 1))])
        #expect(machine.out.isEmpty)
        machine.keepsActions = true
        #expect(machine.trimRequested(RequestID(raw: 2), keepingIdle: 0).isEmpty)
        #expect(machine.trimRequested(RequestID(raw: 3), keepingIdle: 0).isEmpty)
        #expect(machine.out == [.succeed(RequestID(raw: 2)), .succeed(RequestID(raw: 3))])
    }
}
