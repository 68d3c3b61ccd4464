/// What carries out a feed's byte tier: caches the first bytes of the items the pool names, no player spent.
///
/// ``PlayerPool/focus(on:in:window:)`` decides both tiers of a ``PreloadWindow``: the nearest items get players,
/// the farther ones only bytes. The pool hands the byte tier to the prefetcher set in its configuration with
/// ``update(_:)``, each time the plan changes; the prefetcher fetches and stores, and the pool never waits for it.
/// A pool with no prefetcher has no byte tier.
public protocol BytePrefetching: Sendable {
    /// Replaces the plan the prefetcher works to. Called on the pool's actor: return at once, fetch elsewhere.
    ///
    /// Items no longer in the plan stop being fetched (what they already cached stays). While
    /// ``BytePrefetchPlan/isHeld`` is `true` — the focused item's own load is in flight, or it stalls — no prefetch
    /// traffic flows at all; fetching resumes, from the bytes already cached, with the next plan that is not held.
    /// - Parameter plan: The items whose first bytes to cache, nearest the focus first.
    func update(_ plan: BytePrefetchPlan)
}

/// The byte tier of a feed at one moment: which items to cache the start of, in which order, and whether to wait.
public struct BytePrefetchPlan: Hashable, Sendable {
    /// The items whose first ``bytesPerItem`` bytes to cache, nearest the focused item first.
    public var items: [MediaItem]
    /// How many bytes from the start of each item to cache.
    public var bytesPerItem: Int64
    /// Whether the focused item's own load is in flight, or its engine reports it buffering: while it is, no prefetch
    /// traffic at all.
    public var isHeld: Bool

    /// Creates a plan.
    /// - Parameters:
    ///   - items: The items whose first bytes to cache, nearest first.
    ///   - bytesPerItem: How many bytes from the start of each item; negative values count as 0.
    ///   - isHeld: Whether the focused item's load is in flight.
    public init(items: [MediaItem], bytesPerItem: Int64, isHeld: Bool) {
        self.items = items
        self.bytesPerItem = max(0, bytesPerItem)
        self.isHeld = isHeld
    }

    /// A plan with nothing to fetch.
    public static let empty = BytePrefetchPlan(items: [], bytesPerItem: 0, isHeld: false)
}
