import Testing

@testable import SeamlessPlayback

@Suite("PoolStateMachine: its shared helpers")
struct PoolStateMachineTests {
    @Test func anInputCollectsIntoAnArrayTheShellGaveBack() {
        var machine = PoolStateMachine(capacity: 1, tokenLifetime: .seconds(10))
        var first = machine.trimRequested(RequestID(raw: 1), keepingIdle: 0)
        #expect(first == [.succeed(RequestID(raw: 1))])
        let memory = first.withUnsafeBufferPointer { $0.baseAddress }
        machine.recycle(&first)
        #expect(first.isEmpty)
        // The next input collects into the array made ready when the last was taken; the one after into the one given back.
        _ = machine.trimRequested(RequestID(raw: 2), keepingIdle: 0)
        let third = machine.trimRequested(RequestID(raw: 3), keepingIdle: 0)
        #expect(third == [.succeed(RequestID(raw: 3))])
        #expect(third.withUnsafeBufferPointer { $0.baseAddress } == memory)
    }
}
