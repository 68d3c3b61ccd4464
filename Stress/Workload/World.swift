import SeamlessPlayback

/// Everything the pages of the workload share.
struct World: Sendable {
    let pool: PlayerPool
    let engines: EngineRegistry
    let board: TokenBoard
    let pause: Pause
    let violations: Violations
    let counters: RunCounters
    let media: [MediaItem]
    let cancelRate: Double
    /// Share of page operations after which the page seeks (`--seek-rate`).
    let seekRate: Double
    let tokenLifetime: Duration
    let faults: Faults
}

/// A lease a page holds, as the page's own bookkeeping knows it.
struct HeldLease: Sendable {
    let lease: PlayerLease
    let engine: StressEngine
    /// Whether the page acquired it (it is the stack's owner) rather than borrowed it.
    let isOwner: Bool
}

/// What a page shows the checkpoint when it stops at the barrier.
struct PageView: Sendable {
    let index: Int
    let name: String
    let session: PageSession
    let inbox: PageInbox
    let held: [HeldLease]
    /// Leases a call answered `.leaseRevoked` for since the last checkpoint: each must have been notified.
    let revokedByError: [PlayerLease]
}
