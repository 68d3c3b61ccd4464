/// The acquires waiting for a player, first come first served, each with when it was called (its lease's startup
/// begins there; kept here rather than in the machine's ``Request/waiting(session:media:deadline:)``, so that every
/// request stays as small to copy).
///
/// A request that stops waiting (timed out, cancelled, its page closed) leaves a dead entry behind, skipped when it
/// reaches the head; the queue is compacted once dead and served entries outnumber the waiting ones, so that it stays
/// proportional to the waiters however long one of them waits. The counts are the queue's own: what it holds past
/// its head is always its waiting entries and its dead ones.
struct WaitQueue: Sendable {
    typealias Entry = (request: RequestID, since: Duration)

    private var entries: [Entry] = []
    private var head = 0
    /// How many requests wait.
    private(set) var count = 0
    /// Entries past the head whose request stopped waiting.
    private var dead = 0

    /// Whether no request waits.
    var isEmpty: Bool { count == 0 }

    /// The entries past the head, waiting and dead, in order.
    var pending: ArraySlice<Entry> { entries[head...] }

    /// The entry at the head while any request waits.
    var first: Entry? { count > 0 && head < entries.count ? entries[head] : nil }

    /// A request begins to wait.
    mutating func append(_ request: RequestID, since: Duration) {
        entries.append((request, since))
        count += 1
    }

    /// The head's request was served: it waits no more.
    mutating func removeFirstServed() {
        head += 1
        count -= 1
    }

    /// The head's request had stopped waiting: its dead entry goes.
    mutating func removeFirstDead() {
        head += 1
        dead -= 1
    }

    /// A request stopped waiting before its turn: its entry stays behind, dead, until compacted.
    mutating func stoppedWaiting() {
        count -= 1
        dead += 1
    }

    /// Whether served and dead entries outnumber the waiting ones (and number more than 64): time to compact.
    var needsCompacting: Bool {
        let garbage = head + dead
        return garbage > 64 && garbage > count
    }

    /// Drops served and dead entries, keeping the waiting ones in order.
    /// - Parameter isWaiting: Whether an entry's request still waits.
    mutating func compact(isWaiting: (RequestID) -> Bool) {
        entries = entries[head...].filter { isWaiting($0.request) }
        head = 0
        dead = 0
    }

    /// Forgets every entry (the pool shut down).
    mutating func removeAll() {
        self = WaitQueue()
    }
}
