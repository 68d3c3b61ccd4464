import Testing

@testable import SeamlessPlayback

@Suite("PlayerTable: players in slots, found without hashing, changed in place")
struct PlayerTableTests {
    func state(_ number: UInt32, slot: UInt32, media: String = "clip") -> PlayerState {
        PlayerState(id: PlayerID(pool: 1, number: number, slot: slot), media: MediaItem(id: media), tick: 0)
    }

    @Test func aPlayerIsFoundByTheSlotItsIDCarriesAndByAHandMadeID() {
        var table = PlayerTable()
        table[PlayerID(pool: 1, number: 1, slot: 0)] = state(1, slot: 0)
        table[PlayerID(pool: 1, number: 2, slot: 1)] = state(2, slot: 1)
        #expect(table.count == 2)
        #expect(table.slot(of: PlayerID(pool: 1, number: 2, slot: 1)) == 1)
        // An ID made without its slot is found by a search; one of another pool is not found.
        #expect(table[PlayerID(pool: 1, number: 2)]?.media == MediaItem(id: "clip"))
        #expect(table[PlayerID(pool: 2, number: 2)] == nil)
        #expect(Array(table.keys) == [PlayerID(pool: 1, number: 1), PlayerID(pool: 1, number: 2)])
    }

    @Test func aRemovedPlayersSlotGoesToTheNextPlayerAndTheOldIDFindsNothing() {
        var table = PlayerTable()
        let first = PlayerID(pool: 1, number: 1, slot: table.freeSlot)
        table[first] = state(1, slot: first.slot)
        let second = PlayerID(pool: 1, number: 2, slot: table.freeSlot)
        table[second] = state(2, slot: second.slot)
        table[first] = nil
        #expect(table.count == 1)
        #expect(table.freeSlot == 0)
        let third = PlayerID(pool: 1, number: 3, slot: table.freeSlot)
        table[third] = state(3, slot: third.slot, media: "other")
        #expect(table[first] == nil)
        #expect(table[third]?.media == MediaItem(id: "other"))
        #expect(table.count == 2)
        #expect(table.isEmpty == false)
    }

    @Test func modifyAndReadWorkWhereThePlayerLies() {
        var table = PlayerTable()
        let id = PlayerID(pool: 1, number: 1, slot: 0)
        table[id] = state(1, slot: 0)
        #expect(table.modify(id) { $0.version += 1 } != nil)
        #expect(table.read(id) { $0.version } == 1)
        #expect(table.modify(PlayerID(pool: 1, number: 9)) { $0.version += 1 } == nil)
        #expect(table.read(PlayerID(pool: 1, number: 9)) { $0.version } == nil)
    }
}
