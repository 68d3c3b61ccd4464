/// The machine's players in a dense array of slots: a player keeps its slot for its life, and its ``PlayerID``
/// carries the slot, so that finding a player is one comparison, and ``modify(_:_:)`` changes its state where it
/// lies, with no copy of its arrays.
struct PlayerTable: Sendable {
    /// What a free slot holds: no player has number 0.
    private static var vacant: PlayerState { PlayerState(id: PlayerID(pool: 0, number: 0), media: nil, tick: 0) }

    private var slots: [PlayerState] = []
    /// Players in the table.
    private(set) var count = 0

    /// The slot a new player gets: the first free one.
    var freeSlot: UInt32 { UInt32(slots.firstIndex { $0.id.number == 0 } ?? slots.count) }

    /// The slot of the player, if it is in the table.
    @inline(__always)
    func slot(of id: PlayerID) -> Int? {
        let hint = Int(id.slot)
        if hint < slots.count, slots[hint].id == id { return hint }
        // An ID that does not carry its slot (made by hand, in tests), or a player no longer in the table.
        return slots.firstIndex { $0.id == id }
    }

    /// The player's state (a copy: change it with ``modify(_:_:)``). Setting `nil` removes the player; setting the
    /// state of a new player adds it, in the slot its ID names when that one is free.
    subscript(id: PlayerID) -> PlayerState? {
        @inline(__always) get {
            guard let index = slot(of: id) else { return nil }
            return slots[index]
        }
        set {
            if let index = slot(of: id) {
                if let newValue {
                    slots[index] = newValue
                } else {
                    slots[index] = Self.vacant
                    count -= 1
                }
            } else if let newValue {
                insert(newValue)
            }
        }
    }

    /// Reads the player's state where it lies.
    /// - Returns: What `body` returns, or `nil` when the player is not in the table.
    @inline(__always)
    func read<R>(_ id: PlayerID, _ body: (borrowing PlayerState) -> R) -> R? {
        guard let index = slot(of: id) else { return nil }
        return body(slots[index])
    }

    /// Changes the player's state in place.
    /// - Returns: What `body` returns, or `nil` when the player is not in the table.
    @inline(__always)
    mutating func modify<R>(_ id: PlayerID, _ body: (inout PlayerState) -> R) -> R? {
        guard let index = slot(of: id) else { return nil }
        return body(&slots[index])
    }

    private mutating func insert(_ player: PlayerState) {
        var index = Int(player.id.slot)
        if index > slots.count || (index < slots.count && slots[index].id.number != 0) { index = Int(freeSlot) }
        if index == slots.count {
            slots.append(player)
        } else {
            slots[index] = player
        }
        count += 1
    }

    /// Every player, in slot order.
    var values: some Sequence<PlayerState> { slots.lazy.filter { $0.id.number != 0 } }

    /// Every player's ID, in slot order.
    var keys: some Sequence<PlayerID> { values.lazy.map(\.id) }

    var isEmpty: Bool { count == 0 }

    /// The epochs of the grants a page holds now (pending ones included).
    func heldEpochs(of session: SessionID) -> Set<UInt64> {
        var held = Set<UInt64>()
        for player in values {
            for holder in player.stack where holder.session == session { held.insert(holder.epoch) }
        }
        return held
    }
}
