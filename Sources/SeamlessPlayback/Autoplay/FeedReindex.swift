/// Where each cell of a feed went when its items changed, matched by ``MediaItem/id``: the new index of every old
/// index, or `nil` for an item that left the feed.
///
/// An id listed more than once is matched in order: its first occurrence in the old items goes to its first in the
/// new, its second to its second, and so on; occurrences beyond those of the new items left the feed. The cell that
/// has the player is matched first, so that it stays while any occurrence of its id does.
struct FeedReindex: Sendable {
    /// The new index of each old index, by old index.
    private let moves: [Int?]

    /// Matches the old items with the new by id.
    /// - Parameters:
    ///   - old: The feed's items before the change, by cell index.
    ///   - new: The feed's items after it.
    ///   - first: The old index matched before the others (the cell that has the player), if any.
    init(from old: [MediaItem], to new: [MediaItem], matchingFirst first: Int? = nil) {
        var positions: [String: [Int]] = [:]
        for (index, item) in new.enumerated().reversed() { positions[item.id, default: []].append(index) }
        // Each id's positions are kept last first, so that taking the first occurrence is a `popLast`.
        var moves = [Int?](repeating: nil, count: old.count)
        if let first, old.indices.contains(first) { moves[first] = positions[old[first].id]?.popLast() }
        for (index, item) in old.enumerated() where index != first { moves[index] = positions[item.id]?.popLast() }
        self.moves = moves
    }

    /// The new index of the cell at `old`, or `nil` when its item left the feed (or `old` was not in the feed).
    func newIndex(of old: Int) -> Int? {
        guard moves.indices.contains(old) else { return nil }
        return moves[old]
    }
}
