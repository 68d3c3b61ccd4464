/// An identifier an ``IDMap`` can hash cheaply: a 64-bit word unique to it.
protocol CheapKey: Hashable, Sendable {
    /// The word that tells this identifier from every other; never 0.
    var word: UInt64 { get }
    /// The identifier whose word this is.
    init(word: UInt64)
}

/// A hash table for the pool's identifiers (requests, sessions, players), with the operations the pool needs of a
/// dictionary. Identifiers are sequence numbers, not input an attacker chooses, so a multiplicative hash of their
/// word spreads them well: no SipHash per lookup, as a `Dictionary` would do.
///
/// Open addressing with linear probing in a power-of-two table at most half full; a removal shifts the entries
/// after it back, so no tombstones build up. The table shrinks when it is less than an eighth full.
struct IDMap<Key: CheapKey, Value>: Sequence, ExpressibleByDictionaryLiteral {
    typealias Element = (key: Key, value: Value)

    /// Each slot's key word, 0 for a free slot (no identifier's word is 0); probing reads only these.
    private var words: [UInt64]
    private var slots: [Value?]
    private(set) var count = 0

    init() {
        words = Array(repeating: 0, count: 8)
        slots = Array(repeating: nil, count: 8)
    }

    init(dictionaryLiteral elements: (Key, Value)...) {
        self.init()
        for (key, value) in elements { self[key] = value }
    }

    var isEmpty: Bool { count == 0 }

    /// How many slots the table has now: a power of two, at least twice ``count``.
    var capacity: Int { words.count }

    /// The value for `key`; setting `nil` removes it.
    subscript(key: Key) -> Value? {
        @inline(__always) get {
            guard let index = find(key.word) else { return nil }
            return slots[index]
        }
        set {
            if let newValue { insert(key.word, newValue) } else { removeValue(forKey: key) }
        }
    }

    /// Adds `value` for `key` unless the map has a value for it already; one lookup for both.
    /// - Returns: Whether it was added.
    mutating func insertIfAbsent(_ value: consuming Value, forKey key: Key) -> Bool {
        guard find(key.word) == nil else { return false }
        add(key.word, value)
        return true
    }

    /// Whether the map has a value for `key`.
    func contains(_ key: Key) -> Bool { find(key.word) != nil }

    /// Reads the value for `key` where it lies, without copying all of it.
    /// - Returns: What `body` returns, or `nil` when the key is absent.
    @inline(__always)
    func read<R>(_ key: Key, _ body: (borrowing Value) -> R) -> R? {
        guard let index = find(key.word) else { return nil }
        switch slots[index] {
        case .some(let value): return body(value)
        case .none: return nil
        }
    }

    /// Changes the value for `key` in place.
    /// - Returns: What `body` returns, or `nil` when the key is absent.
    @inline(__always)
    mutating func modify<R>(_ key: Key, _ body: (inout Value) -> R) -> R? {
        // Moved out and back, so that changing the value copies nothing it holds.
        guard let index = find(key.word), var value = slots[index].take() else { return nil }
        defer { slots[index] = value }
        return body(&value)
    }

    /// Removes the value for `key`.
    /// - Returns: The value removed, or `nil` when the key was absent.
    @discardableResult
    mutating func removeValue(forKey key: Key) -> Value? {
        guard let index = find(key.word) else { return nil }
        return remove(at: index)
    }

    /// Removes the value for `key` when `isRemoved` accepts it: one lookup for the test and the removal.
    /// - Returns: The value removed, or `nil` when the key was absent or the value was kept.
    @discardableResult
    @inline(__always)
    mutating func removeValue(forKey key: Key, where isRemoved: (borrowing Value) -> Bool) -> Value? {
        guard let index = find(key.word) else { return nil }
        switch slots[index] {
        case .some(let value) where isRemoved(value): return remove(at: index)
        default: return nil
        }
    }

    @inline(__always)
    private mutating func remove(at index: Int) -> Value? {
        let removed = slots[index].take()
        words[index] = 0
        count -= 1
        // Shift back the entries of the probe run after the hole, so that every one stays reachable.
        let mask = words.count - 1
        var hole = index
        var next = (index + 1) & mask
        while words[next] != 0 {
            let home = Self.home(of: words[next], mask: mask)
            // The entry may fill the hole unless its home lies cyclically in (hole, next].
            if (next > hole && (home <= hole || home > next)) || (next < hole && home <= hole && home > next) {
                words[hole] = words[next]
                slots[hole] = slots[next].take()
                words[next] = 0
                hole = next
            }
            next = (next + 1) & mask
        }
        if words.count > 8, count * 8 < words.count { resize(to: words.count / 2) }
        return removed
    }

    /// Every key.
    var keys: [Key] { map(\.key) }

    /// Every value.
    var values: [Value] { map(\.value) }

    func makeIterator() -> some IteratorProtocol<Element> {
        zip(words, slots).lazy.compactMap { word, value in
            value.map { (key: Key(word: word), value: $0) }
        }.makeIterator()
    }

    // MARK: Probing

    @inline(__always)
    private static func home(of word: UInt64, mask: Int) -> Int {
        // Fibonacci hashing: the high half of the word times 2^64 / φ.
        Int(truncatingIfNeeded: (word &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
    }

    @inline(__always)
    private func find(_ word: UInt64) -> Int? {
        let mask = words.count - 1
        var index = Self.home(of: word, mask: mask)
        while words[index] != 0 {
            if words[index] == word { return index }
            index = (index + 1) & mask
        }
        return nil
    }

    private mutating func insert(_ word: UInt64, _ value: consuming Value) {
        if let index = find(word) {
            slots[index] = value
            return
        }
        add(word, value)
    }

    /// Files a word the table does not have.
    private mutating func add(_ word: UInt64, _ value: consuming Value) {
        if (count + 1) * 2 > words.count { resize(to: words.count * 2) }
        let mask = words.count - 1
        var index = Self.home(of: word, mask: mask)
        while words[index] != 0 { index = (index + 1) & mask }
        words[index] = word
        slots[index] = value
        count += 1
    }

    private mutating func resize(to capacity: Int) {
        let oldWords = words
        var oldSlots = slots
        words = Array(repeating: 0, count: capacity)
        slots = Array(repeating: nil, count: capacity)
        count = 0
        for index in oldWords.indices where oldWords[index] != 0 {
            if let value = oldSlots[index].take() { insert(oldWords[index], value) }
        }
    }
}

extension IDMap: Sendable where Value: Sendable {}

extension RequestID: CheapKey {
    var word: UInt64 { raw }
    init(word: UInt64) { self.init(raw: word) }
}

/// Session identifiers.
extension UInt64: CheapKey {
    var word: UInt64 { self }
    init(word: UInt64) { self = word }
}

extension PlayerID: CheapKey {
    var word: UInt64 { UInt64(pool) << 32 | UInt64(number) }
    /// The player's identity; the slot, a hint, is not part of the word.
    init(word: UInt64) {
        self.init(pool: UInt32(truncatingIfNeeded: word >> 32), number: UInt32(truncatingIfNeeded: word))
    }
}
