/// Counters and gauges of a pool, read with ``PlayerPool/metrics``.
public struct PoolMetrics: Hashable, Sendable {
    /// Engines alive now (created, not yet destroyed). Always `created - destroyed`.
    public var live: Int = 0
    /// Live players no page holds.
    public var idle: Int = 0
    /// Acquire calls waiting for a free player.
    public var waiting: Int = 0
    /// Engines created since the pool started.
    public var created: Int = 0
    /// Engines shut down since the pool started.
    public var destroyed: Int = 0
    /// Media loads performed.
    public var loads: Int = 0
    /// Media the feed preload policy sent to a player (``PlayerPool/focus(on:in:window:)``); each is one load
    /// unless it is dropped before its load begins.
    public var preloads: Int = 0
    /// Acquires served by an idle player that already had the media.
    public var warmHits: Int = 0
    /// Successful acquires.
    public var acquisitions: Int = 0
    /// Successful borrows.
    public var handoffs: Int = 0
    /// Leases given back: by `giveBack`, or by closing the page that held them.
    public var returns: Int = 0
    /// Reclaims that removed at least one holder.
    public var reclaims: Int = 0
    /// Leases revoked by reclaims.
    public var revocations: Int = 0
    /// Acquires that timed out: waiting for a player, or before their grant completed (engine creation, load, apply).
    public var timeouts: Int = 0
    /// Loads the pool cancelled because nobody wanted their media any more: the acquire or prewarm that started it
    /// was cancelled or timed out, the feed's focus left the item, the player was given other media, or the pool
    /// shut down.
    public var cancelledLoads: Int = 0
    /// Seeks that reached an engine and returned (``PageSession/seek(_:to:)``), refused ones included.
    public var seeks: Int = 0
    /// Status reports an engine made that its applied settings did not explain (a system pause, an outside
    /// unpause, an end while looping): each made the pool re-apply the active holder's settings at the next change.
    public var outsideChanges: Int = 0
    /// Calls that ended because their task was cancelled.
    public var cancellations: Int = 0
    /// Loads that failed because of their media (the engine was kept), by kind, retried ones included.
    public var mediaFailures: [MediaFailure.Kind: Int] = [:]
    /// Loads tried again after a transient media failure.
    public var loadRetries: Int = 0
    /// Engines that failed after they were made: they reported a failure, or a call on them outlasted its
    /// timeout.
    public var failures: Int = 0
    /// Failed engines whose hung call has not returned yet. They are no longer counted by `capacity`; each
    /// is shut down once its call returns.
    public var abandoned: Int = 0

    /// Handoff tokens the pool keeps now: the ones still redeemable, expired ones not yet forgotten (a lifetime
    /// after they expired), and the latest 4,096 used (they answer ``PlayerPoolError/tokenAlreadyUsed``).
    public var tokens: Int = 0
    /// All zero.
    public init() {}
}
