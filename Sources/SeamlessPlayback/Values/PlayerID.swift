/// Names one player engine of one pool.
///
/// IDs are never reused: a recycled player keeps its ID, a new engine gets a new one, and IDs of
/// different pools never compare equal.
public struct PlayerID: Hashable, Sendable, CustomStringConvertible {
    let pool: UInt32
    let number: UInt32

    /// `player-N`, with the pool's serial when it is not the first pool (`player-N@pool-M`).
    public var description: String {
        pool == 1 ? "player-\(number)" : "player-\(number)@pool-\(pool)"
    }
}
