import SeamlessPlaybackTesting
import Testing

@Suite("ManualClock")
struct ManualClockTests {
    @Test func sleepersWakeOnlyWhenTimeReachesTheirDeadline() async throws {
        let clock = ManualClock()
        let sleeper = Task { try await clock.sleep(for: .seconds(2)) }
        await clock.waitForSleepers(count: 1)
        clock.advance(by: .seconds(1))
        #expect(clock.sleeperCount == 1)
        clock.advance(by: .seconds(1))
        try await sleeper.value
        #expect(clock.sleeperCount == 0)
        #expect(clock.now.offset == .seconds(2))
    }

    @Test func aDeadlineInThePastReturnsAtOnce() async throws {
        let clock = ManualClock()
        clock.advance(by: .seconds(5))
        try await clock.sleep(until: ManualClock.Instant(offset: .seconds(1)))
        #expect(clock.sleeperCount == 0)
    }

    @Test func cancelledSleeperThrowsAndIsForgotten() async {
        let clock = ManualClock()
        let sleeper = Task { try await clock.sleep(for: .seconds(60)) }
        await clock.waitForSleepers(count: 1)
        sleeper.cancel()
        await #expect(throws: CancellationError.self) { try await sleeper.value }
        #expect(clock.sleeperCount == 0)
    }

    @Test func negativeAdvanceDoesNothing() {
        let clock = ManualClock()
        clock.advance(by: .seconds(-1))
        #expect(clock.now.offset == .zero)
    }

    @Test func nextDeadlineIsTheEarliestSleepersDeadline() async throws {
        let clock = ManualClock()
        #expect(clock.nextDeadline == nil)
        let late = Task { try await clock.sleep(for: .seconds(3)) }
        let early = Task { try await clock.sleep(for: .seconds(1)) }
        await clock.waitForSleepers(count: 2)
        #expect(clock.nextDeadline?.offset == .seconds(1))
        clock.advance(by: .seconds(1))
        try await early.value
        #expect(clock.nextDeadline?.offset == .seconds(3))
        clock.advance(by: .seconds(2))
        try await late.value
        #expect(clock.nextDeadline == nil)
    }
}
