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
    /// ``BytePrefetchPlan/isHeld`` is `true` — the focused item's own load is in flight, it stalls or plays short of
    /// ``PreloadWindow/focusedBufferAhead``, or a neighbour's preload runs — no prefetch traffic flows at all;
    /// fetching resumes, from the bytes already cached, with the next plan that is not held.
    /// - Parameter plan: The items whose first bytes to cache, nearest the focus first.
    func update(_ plan: BytePrefetchPlan)
}
