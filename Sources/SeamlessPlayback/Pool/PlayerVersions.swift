/// The version each of some players must land, for a settle request: a give-back waits on one player, an update
/// or a close on a few. The first entry is kept inline, so that the common case allocates nothing.
struct PlayerVersions: Sendable, Sequence {
    private var first: (player: PlayerID, version: UInt64)?
    private var rest: [(player: PlayerID, version: UInt64)] = []

    init() {}

    /// The version `player` must land; setting `nil` stops waiting on it.
    subscript(player: PlayerID) -> UInt64? {
        get {
            if let first, first.player == player { return first.version }
            return rest.first { $0.player == player }?.version
        }
        set {
            if let first, first.player == player {
                if let newValue {
                    self.first = (player, newValue)
                } else {
                    self.first = rest.isEmpty ? nil : rest.removeFirst()
                }
            } else if let index = rest.firstIndex(where: { $0.player == player }) {
                if let newValue { rest[index].version = newValue } else { rest.remove(at: index) }
            } else if let newValue {
                if first == nil { first = (player, newValue) } else { rest.append((player, newValue)) }
            }
        }
    }

    var isEmpty: Bool { first == nil }

    /// The players waited on.
    var keys: [PlayerID] { map(\.player) }

    func makeIterator() -> Iterator { Iterator(first: first, rest: rest.makeIterator()) }

    /// The first entry, then the rest.
    struct Iterator: IteratorProtocol {
        fileprivate var first: (player: PlayerID, version: UInt64)?
        fileprivate var rest: IndexingIterator<[(player: PlayerID, version: UInt64)]>

        mutating func next() -> (player: PlayerID, version: UInt64)? {
            guard let entry = first else { return rest.next() }
            first = nil
            return entry
        }
    }
}
