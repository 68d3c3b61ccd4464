import SeamlessPlaybackTesting
import Testing

@testable import SeamlessPlayback

@Suite("UsedTokenRing: the latest token uses, numbered, the oldest pushed out")
struct UsedTokenRingTests {
    @Test func keepsTheLatestUsesAndPushesOutTheOldestOnceFull() {
        var generator = SplitMix64(seed: 7)
        let tokens = (0..<4).map { _ in HandoffToken(using: &generator) }
        var ring = UsedTokenRing(memory: 2)
        let first = ring.record(tokens[0], by: RequestID(raw: 1))
        #expect(first.use == 1 && first.pushedOut == nil)
        #expect(ring.record(tokens[1], by: RequestID(raw: 2)).pushedOut == nil)
        let third = ring.record(tokens[2], by: RequestID(raw: 3))
        #expect(third.use == 3)
        #expect(third.pushedOut?.token == tokens[0] && third.pushedOut?.use == 1)
        #expect(third.pushedOut?.request == RequestID(raw: 1))
        let fourth = ring.record(tokens[3], by: RequestID(raw: 4))
        #expect(fourth.pushedOut?.token == tokens[1])
        #expect(Set(ring.entries.map(\.use)) == [3, 4] && ring.entries.count == 2)
        #expect(ring.record(tokens[0], by: RequestID(raw: 5)).pushedOut?.use == 3, "round again: the oldest goes")
    }

    @Test func aTokenUsedAgainIsANewUse() {
        var generator = SplitMix64(seed: 9)
        let token = HandoffToken(using: &generator)
        var ring = UsedTokenRing(memory: 1)
        #expect(ring.record(token, by: RequestID(raw: 1)).use == 1)
        let again = ring.record(token, by: RequestID(raw: 2))
        #expect(again.use == 2 && again.pushedOut?.use == 1, "the earlier use goes, told apart by its number")
    }

    @Test func keepsAtLeastOneUseAndForgetsAllButTheNumbering() {
        var generator = SplitMix64(seed: 11)
        var ring = UsedTokenRing(memory: 0)
        #expect(ring.memory == 1)
        _ = ring.record(HandoffToken(using: &generator), by: RequestID(raw: 1))
        ring.removeAll()
        #expect(ring.entries.isEmpty)
        let next = ring.record(HandoffToken(using: &generator), by: RequestID(raw: 2))
        #expect(next.use == 2 && next.pushedOut == nil)
        #expect(ring.record(HandoffToken(using: &generator), by: RequestID(raw: 3)).pushedOut?.use == 2)
    }
}
