/// The byte tier of a feed at one moment: which items to cache the start of, in which order, and whether to wait.
public struct BytePrefetchPlan: Hashable, Sendable {
    /// The items whose first ``bytesPerItem`` bytes to cache, nearest the focused item first.
    public var items: [MediaItem]
    /// How many bytes from the start of each item to cache, at most: a ``MediaPrefetcher`` on a link too slow to bring
    /// them all within its dwell caches each item's share of what it brings instead.
    public var bytesPerItem: Int64
    /// Whether the focused item's own load is in flight (until its engine's first report after it, for an engine that
    /// reports), its engine reports it buffering or playing short of the window's ``PreloadWindow/focusedBufferAhead``
    /// (on a link that brings it less than twice what it plays), or a neighbour's preload (the player tier) is being
    /// made or loads: while it is, no prefetch traffic at all.
    public var isHeld: Bool

    /// Creates a plan.
    /// - Parameters:
    ///   - items: The items whose first bytes to cache, nearest first.
    ///   - bytesPerItem: How many bytes from the start of each item; negative values count as 0.
    ///   - isHeld: Whether the focused item's load is in flight, the clip on screen stalls or plays short of its
    ///     buffer, or a neighbour's preload runs.
    public init(items: [MediaItem], bytesPerItem: Int64, isHeld: Bool) {
        self.items = items
        self.bytesPerItem = max(0, bytesPerItem)
        self.isHeld = isHeld
    }

    /// A plan with nothing to fetch.
    public static let empty = BytePrefetchPlan(items: [], bytesPerItem: 0, isHeld: false)
}
