import Testing

@testable import SeamlessPlayback

@Suite("PoolStateMachine: its shared helpers")
struct PoolStateMachineTests {
    @Test func anInputAppendsItsActionsAfterThoseNotYetTaken() {
        var machine = PoolStateMachine(capacity: 1, tokenLifetime: .seconds(10))
        machine.trimRequested(RequestID(raw: 1), keepingIdle: 0)
        #expect(machine.out == [.succeed(RequestID(raw: 1))])
        machine.trimRequested(RequestID(raw: 2), keepingIdle: 0)
        #expect(machine.out == [.succeed(RequestID(raw: 1)), .succeed(RequestID(raw: 2))])
        let h = MachineHarness()
        h.machine.out = machine.out
        #expect(h.step { $0.trimRequested(RequestID(raw: 3), keepingIdle: 0) }.last == .succeed(RequestID(raw: 3)))
        #expect(h.machine.out.isEmpty, "the harness takes them all")
    }
}
