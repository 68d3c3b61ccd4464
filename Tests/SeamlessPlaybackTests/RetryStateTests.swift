import Testing

@testable import SeamlessPlayback

@Suite("RetryState: transient failures of a player's load and a retry's delay")
struct RetryStateTests {
    @Test func eachStateSaysItsFailuresAndWhetherARetryWaits() {
        #expect(RetryState.none.failures == 0)
        #expect(!RetryState.none.isWaiting)
        #expect(RetryState.failed(2).failures == 2)
        #expect(!RetryState.failed(2).isWaiting)
        #expect(RetryState.waiting(after: 3).failures == 3)
        #expect(RetryState.waiting(after: 3).isWaiting)
    }
}
