/// The latest uses of handoff tokens, a ring of at most `memory`: the tokens still answering
/// ``PlayerPoolError/tokenAlreadyUsed``. Each use is numbered, so that a token used again (after a borrow that never
/// completed gave it back) is told apart from its earlier use.
struct UsedTokenRing: Sendable {
    /// A redeemed token, in the ring.
    struct Entry: Sendable {
        let token: HandoffToken
        /// Which use of a token this was.
        let use: UInt64
        /// The borrow that used it.
        let request: RequestID
    }

    /// How many uses the ring keeps (at least one).
    let memory: Int
    /// The kept uses; once full, the slot of the oldest takes the next.
    private(set) var entries: [Entry] = []
    /// Uses so far.
    private(set) var uses: UInt64 = 0
    /// Once full, the slot of the oldest use: the next to be replaced.
    private var oldestSlot = 0

    init(memory: Int) {
        self.memory = max(1, memory)
    }

    /// Records a use of `token` by `request`.
    /// - Returns: The use's number, and the oldest use it pushed out of a full ring.
    @inline(__always)  // Once per borrow: inlined, the entry pushed out is never copied into a tuple.
    mutating func record(_ token: HandoffToken, by request: RequestID) -> (use: UInt64, pushedOut: Entry?) {
        uses += 1
        let entry = Entry(token: token, use: uses, request: request)
        guard entries.count == memory else {
            entries.append(entry)
            return (uses, nil)
        }
        let oldest = entries[oldestSlot]
        entries[oldestSlot] = entry
        oldestSlot = oldestSlot + 1 == memory ? 0 : oldestSlot + 1
        return (uses, oldest)
    }

    /// Forgets every use kept (the pool shut down); the numbering goes on.
    mutating func removeAll() {
        entries = []
        oldestSlot = 0
    }
}
