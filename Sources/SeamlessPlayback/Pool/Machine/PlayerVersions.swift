/// The version each of some players must land, for a settle request: a give-back waits on one player, an update
/// or a close on a few. The first entry is kept inline and the others in an array made only when there are others,
/// so that the common case allocates nothing and a copy of it counts no reference.
struct PlayerVersions: Sendable, Sequence {
    /// One player and the version it must land.
    struct Entry: Sendable {
        let player: PlayerID
        var version: UInt64
    }

    private var first: Entry?
    private var rest: [Entry]?

    init() {}

    /// The version `player` must land; setting `nil` stops waiting on it.
    subscript(player: PlayerID) -> UInt64? {
        get {
            if let first, first.player == player { return first.version }
            return rest?.first { $0.player == player }?.version
        }
        set {
            if let first, first.player == player {
                if let newValue {
                    self.first?.version = newValue
                } else {
                    self.first = rest?.isEmpty == false ? rest?.removeFirst() : nil
                }
            } else if let index = rest?.firstIndex(where: { $0.player == player }) {
                if let newValue { rest?[index].version = newValue } else { rest?.remove(at: index) }
            } else if let newValue {
                if first == nil {
                    first = Entry(player: player, version: newValue)
                } else {
                    if rest == nil { rest = [] }
                    rest?.append(Entry(player: player, version: newValue))
                }
            }
        }
    }

    var isEmpty: Bool { first == nil }

    /// The players waited on.
    var keys: [PlayerID] { map(\.player) }

    func makeIterator() -> Iterator { Iterator(first: first, rest: (rest ?? []).makeIterator()) }

    /// The first entry, then the rest.
    struct Iterator: IteratorProtocol {
        fileprivate var first: Entry?
        fileprivate var rest: IndexingIterator<[Entry]>

        mutating func next() -> (player: PlayerID, version: UInt64)? {
            guard let entry = first else { return rest.next().map { ($0.player, $0.version) } }
            first = nil
            return (entry.player, entry.version)
        }
    }
}
