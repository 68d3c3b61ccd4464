extension PlayerPool {
    /// How a pool behaves. Every property has a documented default.
    public struct Configuration: Sendable {
        /// The most healthy engines alive at once, counting engines being created and engines being shut
        /// down; at least 1. Default 4. A failed engine stops counting at once, so the pool can make a healthy
        /// one in its place; failed engines whose call has not returned yet are ``PoolMetrics/abandoned``.
        public var capacity: Int
        /// How long a handoff token can be redeemed after it was issued, on the pool's clock. Default 10 s.
        public var handoffTokenLifetime: Duration
        /// The longest an engine's `load` may run, on the pool's clock, before the engine counts as failed; also the
        /// longest the pool waits for an engine to be made (`makeEngine`), after which the creation fails as one that
        /// threw, and an engine made later is shut down unused. Default 30 s; `nil` waits indefinitely.
        public var loadTimeout: Duration?
        /// The longest an engine's `apply` (or `seek`) may run, on the pool's clock, before the engine counts as
        /// failed; also the longest a shutdown or trim of the pool waits for an engine's `shutdown()`. Default 5 s;
        /// `nil` waits indefinitely. With a timeout, every apply runs on the engine's lane; with
        /// none, a give-back, update, reclaim or close carries out its own apply, which is faster.
        public var applyTimeout: Duration?
        /// When set, a borrowed lease held longer than this produces one ``PoolEvent/borrowHeldLong(_:session:heldFor:)``
        /// event (nothing is revoked). Default `nil` (off).
        public var borrowWarningThreshold: Duration?
        /// What a player's engine carries while no page holds it. Default ``PlaybackSettings/idle``: paused and muted.
        ///
        /// The pool puts them on the engine whenever the player's last holder leaves (a give-back, a close, a grant
        /// that failed), in order with the engine's other calls: ``PageSession/giveBack(_:)`` and
        /// ``PageSession/close()`` return once they are on it. A preload (``PlayerPool/prewarm(_:)``, the feed's
        /// focus) puts them on the engine before its load begins, so that a preloaded clip stands still on its first
        /// frame. The next page to take the player gets its own settings in full. Settings that fail
        /// ``PlaybackSettings/validate()`` are not used: ``PlaybackSettings/idle`` stands in.
        public var idleSettings: PlaybackSettings
        /// How many more times a load that failed with a transient ``MediaFailure`` (``MediaFailure/isTransient``) is
        /// tried on the same engine before the call that wants it fails with ``PlayerPoolError/mediaFailed(_:)``.
        /// Default 2; values below 0 count as 0.
        public var loadRetries: Int
        /// How long the pool waits, on its clock, before the first retry of a load; each later one waits twice as
        /// long as the one before. Default 250 ms.
        public var retryDelay: Duration
        /// What caches the first bytes of a feed's farther items, the byte tier of a ``PreloadWindow``: the pool hands
        /// it the plan with ``BytePrefetching/update(_:)`` whenever the plan changes. Default `nil`: no byte tier.
        /// ``MediaPrefetcher`` fetches over HTTP into a ``MediaCache``.
        public var prefetcher: (any BytePrefetching)?

        /// Creates a configuration.
        /// - Parameters:
        ///   - capacity: The most healthy engines alive at once; values below 1 count as 1.
        ///   - handoffTokenLifetime: How long a token stays redeemable.
        ///   - loadTimeout: The longest a load, or an engine's creation, may run; `nil` waits indefinitely.
        ///   - applyTimeout: The longest an apply, a seek or a wait for an engine's shutdown may run; `nil` waits
        ///     indefinitely.
        ///   - borrowWarningThreshold: How long a borrow may be held before the pool says so; `nil` is off.
        ///   - idleSettings: What an engine carries while no page holds its player.
        ///   - loadRetries: How many more times a load that failed with a transient media failure is tried.
        ///   - retryDelay: The wait before the first retry, doubled for each later one.
        ///   - prefetcher: What caches the byte tier's first bytes; `nil` for none.
        public init(
            capacity: Int = 4, handoffTokenLifetime: Duration = .seconds(10),
            loadTimeout: Duration? = .seconds(30), applyTimeout: Duration? = .seconds(5),
            borrowWarningThreshold: Duration? = nil, idleSettings: PlaybackSettings = .idle,
            loadRetries: Int = 2, retryDelay: Duration = .milliseconds(250), prefetcher: (any BytePrefetching)? = nil
        ) {
            self.prefetcher = prefetcher
            self.loadRetries = loadRetries
            self.retryDelay = retryDelay
            self.idleSettings = idleSettings
            self.capacity = capacity
            self.handoffTokenLifetime = handoffTokenLifetime
            self.loadTimeout = loadTimeout
            self.applyTimeout = applyTimeout
            self.borrowWarningThreshold = borrowWarningThreshold
        }
    }
}
