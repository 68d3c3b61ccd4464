/// Which byte ranges of which media an origin fetch is bringing into a ``MediaCache`` now: the bookkeeping behind
/// ``MediaCache/claim(_:for:)``, so that one origin fetch per byte range is in flight and every other reader of those
/// bytes waits for them to reach the cache. Pure: no lock, no I/O.
///
/// A claim covers a range from its start to the first byte another claim covers; claims of one medium never overlap.
struct FetchClaims: Hashable, Sendable {
    /// One claim's identity, fresh for each claim granted.
    typealias ID = UInt64

    private var claims: [String: [ID: Range<Int64>]] = [:]
    private var lastID: ID = 0

    /// Grants the longest part of `range` from its start that no claim covers.
    /// - Returns: The claim and the range it covers, or `nil` when `range` is empty or its first byte is claimed.
    mutating func claim(_ range: Range<Int64>, for key: String) -> (id: ID, range: Range<Int64>)? {
        guard !range.isEmpty else { return nil }
        var end = range.upperBound
        for other in claims[key, default: [:]].values where other.overlaps(range) {
            guard other.lowerBound > range.lowerBound else { return nil }
            end = min(end, other.lowerBound)
        }
        lastID += 1
        let granted = range.lowerBound..<end
        claims[key, default: [:]][lastID] = granted
        return (lastID, granted)
    }

    /// Ends claim `id` of `key`.
    /// - Returns: Whether it was held (a claim ends once).
    @discardableResult
    mutating func release(_ id: ID, for key: String) -> Bool {
        guard claims[key]?.removeValue(forKey: id) != nil else { return false }
        if claims[key]?.isEmpty == true { claims[key] = nil }
        return true
    }

    /// The ranges of `key` that claims cover, but claim `excluded`'s (a reader's own).
    func claimed(for key: String, excluding excluded: ID? = nil) -> RangeSet<Int64> {
        var ranges = RangeSet<Int64>()
        for (id, range) in claims[key, default: [:]] where id != excluded { ranges.insert(contentsOf: range) }
        return ranges
    }

    /// Whether no claim is held.
    var isEmpty: Bool { claims.isEmpty }
}
