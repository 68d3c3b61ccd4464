/// The machine's players in a dense array of slots, one per live player: a player keeps its slot for its life,
/// and its ``PlayerID`` carries the slot, so that finding a player is one comparison, and a player's state is
/// read and changed where it lies, never copied out and back.
struct PlayerTable: Sendable {
    private var slots: [PlayerState?] = []
    /// Players in the table.
    private(set) var count = 0

    /// The slot a new player gets: the first free one.
    var freeSlot: UInt32 { UInt32(slots.firstIndex { $0 == nil } ?? slots.count) }

    /// The slot of the player, if it is in the table.
    func slot(of id: PlayerID) -> Int? {
        let hint = Int(id.slot)
        if hint < slots.count, slots[hint]?.id == id { return hint }
        // An ID that does not carry its slot (made by hand, in tests), or a player no longer in the table.
        return slots.firstIndex { $0?.id == id }
    }

    /// The player's state; setting `nil` removes the player, setting a state of a new player adds it in the
    /// slot its ID names (or the first free one).
    subscript(id: PlayerID) -> PlayerState? {
        _read {
            if let index = slot(of: id) { yield slots[index] } else { yield nil }
        }
        _modify {
            if let index = slot(of: id) {
                yield &slots[index]
                if slots[index] == nil { count -= 1 }
            } else {
                var added: PlayerState?
                yield &added
                if let added { insert(added) }
            }
        }
    }

    /// Moves the player's state out of its slot, to change it with no copy of its arrays; the slot stays the
    /// player's, and no lookup finds it, until ``put(_:)`` moves it back.
    mutating func take(_ id: PlayerID) -> PlayerState? {
        guard let index = slot(of: id) else { return nil }
        return slots[index].take()
    }

    /// Moves a state taken with ``take(_:)`` back into its slot.
    mutating func put(_ player: PlayerState) {
        count -= 1
        insert(player)
    }

    private mutating func insert(_ player: PlayerState) {
        var index = Int(player.id.slot)
        if index > slots.count || (index < slots.count && slots[index] != nil) { index = Int(freeSlot) }
        if index == slots.count { slots.append(nil) }
        slots[index] = player
        count += 1
    }

    /// Every player, in slot order.
    var values: some Sequence<PlayerState> { slots.lazy.compactMap { $0 } }

    /// Every player's ID, in slot order.
    var keys: some Sequence<PlayerID> { slots.lazy.compactMap { $0?.id } }

    var isEmpty: Bool { count == 0 }
}
