/// How a prefetcher fits its byte tier to the link: how many bytes from each item's start to fetch, so that the plan's
/// items get them within one dwell at the rate its fetches get (``LinkThroughput``).
///
/// The budget is the rate times ``dwell``. When it covers every item's ``BytePrefetchPlan/bytesPerItem``, or nothing
/// is measured yet, every item gets them. Otherwise each item gets an equal share of it, rounded down to a multiple of
/// ``quantum`` (so that a rate that moves a little does not leave a few bytes to fetch again), but never less than
/// ``leastBytesPerItem``. Every item of the plan stays in it, nearest first: what one dwell does not bring, the next
/// one does while the item stays in the plan, and a swipe that comes first finds the nearest items covered.
struct HeadSizing: Hashable, Sendable {
    /// Shares are whole multiples of this.
    static let quantum: Int64 = 16 << 10

    /// The time the byte tier expects to have for a plan before the focus moves on.
    var dwell: Duration
    /// The least an item's share shrinks to: about what an engine needs for a clip's first frame.
    var leastBytesPerItem: Int64

    /// Creates a sizing.
    /// - Parameters:
    ///   - dwell: The time the byte tier expects to have for a plan; negative values count as zero.
    ///   - leastBytesPerItem: The least share of an item; values below ``quantum`` count as ``quantum``.
    init(dwell: Duration, leastBytesPerItem: Int64) {
        self.dwell = max(.zero, dwell)
        self.leastBytesPerItem = max(Self.quantum, leastBytesPerItem)
    }

    /// The bytes from each item's start to fetch.
    /// - Parameters:
    ///   - count: The items the plan names (that the prefetcher fetches).
    ///   - bytesPerItem: The plan's bytes per item: the most an item gets. A smaller value than
    ///     ``leastBytesPerItem`` is the least too.
    ///   - rate: The link's rate in bytes per second, or `nil` when nothing is measured yet.
    func bytesPerItem(of count: Int, bytesPerItem: Int64, rate: Double?) -> Int64 {
        let most = max(0, bytesPerItem)
        guard count > 0, most > 0, let rate, rate.isFinite, rate >= 0 else { return most }
        let share = rate * dwell.inSeconds / Double(count)
        if share >= Double(most) { return most }
        let rounded = Int64(share) / Self.quantum * Self.quantum
        return min(most, max(min(leastBytesPerItem, most), rounded))
    }
}
