import SeamlessPlaybackTesting
import Testing

@Suite("Gate")
struct GateTests {
    @Test func closedGateHoldsTasksUntilReleasedOneAtATime() async {
        let gate = Gate()
        let first = Task { await gate.pass() }
        let second = Task { await gate.pass() }
        await gate.waitForArrivals(2)
        #expect(gate.waitingCount == 2)
        gate.release(1)
        #expect(gate.waitingCount == 1)
        gate.open()
        await first.value
        await second.value
        #expect(gate.waitingCount == 0)
        #expect(gate.arrivals == 2)
    }

    @Test func unusedPermitsServeLaterArrivals() async {
        let gate = Gate()
        gate.release(1)
        await gate.pass()
        #expect(gate.arrivals == 1)
        gate.open()
        gate.close()
        let held = Task { await gate.pass() }
        await gate.waitForArrivals(2)
        #expect(gate.waitingCount == 1)
        gate.release()
        await held.value
    }
}
