/// The pool's handoff tokens and their records, in an ``IDMap`` keyed by each token's first 64 bits.
///
/// Those bits are random in every token the pool issues, so they spread the table by themselves: no SipHash per
/// lookup, as a `Dictionary` would do. A forged text is only ever looked up, never filed, so it cannot crowd the
/// table; it is told apart by the rest of its bits, which a lookup compares in full. Two issued tokens that share
/// their first 64 bits (about one chance in 2^64 per pair) count as the generator repeating itself: the second is
/// not filed.
struct TokenTable: Sendable {
    private var entries = IDMap<Key, Entry>()

    /// A token's first word, as the table's key; never 0 (the pool draws again).
    private struct Key: CheapKey {
        let word: UInt64
    }

    private struct Entry: Sendable {
        let token: HandoffToken
        var record: PoolStateMachine.TokenRecord
    }

    /// How many tokens the table keeps.
    var count: Int { entries.count }

    var isEmpty: Bool { entries.isEmpty }

    /// How many slots the table has now (it grows and shrinks with `count`).
    var capacity: Int { entries.capacity }

    /// The record of `token`, if the table has it.
    subscript(token: HandoffToken) -> PoolStateMachine.TokenRecord? {
        entries.read(Key(word: token.tableWord)) { $0.token == token ? $0.record : nil } ?? nil
    }

    /// Changes the record of a token the table has; does nothing for one it has not.
    mutating func modify(_ token: HandoffToken, _ body: (inout PoolStateMachine.TokenRecord) -> Void) {
        entries.modify(Key(word: token.tableWord)) { entry in
            if entry.token == token { body(&entry.record) }
        }
    }

    /// Files a fresh token.
    /// - Returns: `false`, and the table unchanged, when a token with the same first word is there already.
    mutating func file(_ token: HandoffToken, _ record: PoolStateMachine.TokenRecord) -> Bool {
        guard token.tableWord != 0 else { return false }
        return entries.insertIfAbsent(Entry(token: token, record: record), forKey: Key(word: token.tableWord))
    }

    /// Removes the token's record and returns it.
    @discardableResult
    mutating func removeValue(forKey token: HandoffToken) -> PoolStateMachine.TokenRecord? {
        removeValue(forKey: token) { _ in true }
    }

    /// Removes the token's record when `isRemoved` accepts it, and returns it; one lookup for both.
    @discardableResult
    mutating func removeValue(
        forKey token: HandoffToken, where isRemoved: (PoolStateMachine.TokenRecord) -> Bool
    ) -> PoolStateMachine.TokenRecord? {
        entries.removeValue(forKey: Key(word: token.tableWord)) { $0.token == token && isRemoved($0.record) }?.record
    }

    /// Keeps only the tokens whose record passes `isKept`.
    mutating func keep(where isKept: (PoolStateMachine.TokenRecord) -> Bool) {
        for (key, entry) in entries where !isKept(entry.record) { entries.removeValue(forKey: key) }
    }

    /// Forgets every token.
    mutating func removeAll() { entries = IDMap() }
}
