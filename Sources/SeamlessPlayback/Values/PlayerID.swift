/// Names one player engine of one pool.
///
/// IDs are never reused: a recycled player keeps its ID, a new engine gets a new one, and IDs of
/// different pools never compare equal.
public struct PlayerID: Hashable, Sendable, CustomStringConvertible {
    let pool: UInt32
    let number: UInt32
    /// Where the pool's state machine keeps the player (its slot in `PlayerTable`), so that finding it takes no
    /// hashing. Not part of the identity; an ID made without it (`.max`) is found by a search.
    let slot: UInt32

    init(pool: UInt32, number: UInt32, slot: UInt32 = .max) {
        self.pool = pool
        self.number = number
        self.slot = slot
    }

    /// Whether both name the same player of the same pool.
    public static func == (lhs: PlayerID, rhs: PlayerID) -> Bool {
        lhs.number == rhs.number && lhs.pool == rhs.pool
    }

    /// Hashes the pool and the number as one word.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(UInt64(pool) << 32 | UInt64(number))
    }

    /// `player-N`, with the pool's serial when it is not the first pool (`player-N@pool-M`).
    public var description: String {
        pool == 1 ? "player-\(number)" : "player-\(number)@pool-\(pool)"
    }
}
