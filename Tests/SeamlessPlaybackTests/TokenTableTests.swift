import Testing

@testable import SeamlessPlayback

@Suite("TokenTable: tokens keyed by their first random word, checked in full")
struct TokenTableTests {
    func token(_ first: UInt64, _ second: UInt64) -> HandoffToken {
        var words = Words(words: [first, second])
        return HandoffToken(using: &words)
    }

    func record(expiry: Duration = .seconds(10)) -> PoolStateMachine.TokenRecord {
        PoolStateMachine.TokenRecord(
            player: PlayerID(pool: 1, number: 1), lender: 1, lenderEpoch: 1, lenderRun: 0, expiry: expiry)
    }

    @Test func aFiledTokenIsFoundChangedAndRemovedAndAnotherWithItsFirstWordIsNot() {
        var table = TokenTable()
        let issued = token(42, 7)
        let forged = token(42, 8)
        let filed = table.file(issued, record())
        let repeated = table.file(forged, record())
        #expect(filed)
        #expect(!repeated)
        #expect(table[issued] != nil)
        #expect(table[forged] == nil)
        table.modify(forged) { $0.isUsed = true }
        #expect(table[issued]?.isUsed == false)
        table.modify(issued) { $0.isUsed = true }
        #expect(table[issued]?.isUsed == true)
        #expect(table.removeValue(forKey: forged) == nil)
        #expect(table.count == 1)
        #expect(table.removeValue(forKey: issued) != nil)
        #expect(table.isEmpty)
    }

    @Test func keepRemovesWhatFailsAndTheTableShrinks() {
        var table = TokenTable()
        for first in 1...1_000 as ClosedRange<UInt64> {
            _ = table.file(token(first, 0), record(expiry: .seconds(first <= 10 ? 100 : 1)))
        }
        let grown = table.capacity
        table.keep { $0.expiry > .seconds(50) }
        #expect(table.count == 10)
        #expect(table.capacity < grown / 8)
        table.removeAll()
        #expect(table.isEmpty)
    }
}
