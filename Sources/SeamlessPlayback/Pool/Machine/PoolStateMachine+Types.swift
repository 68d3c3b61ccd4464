/// Identifies one call into the pool that may have to wait: an acquire, a borrow, a settle.
struct RequestID: Hashable, Sendable, CustomStringConvertible {
    let raw: UInt64
    var description: String { "r\(raw)" }
}

/// Identifies one page session within a pool (names need not be unique).
typealias SessionID = UInt64

/// One grant of a player to a page, as the machine knows it. The shell turns it into a ``PlayerLease``.
struct Grant: Hashable, Sendable {
    let player: PlayerID
    let epoch: UInt64
    let media: MediaItem
    let session: SessionID
    let sessionName: String
}

/// What the machine tells a page about one of its grants.
enum NoticeKind: Hashable, Sendable {
    case revoked
    case returned
    case failed(String)
}

/// The work an engine's lane carries out, one job at a time, in the order the machine emits them.
enum EngineJob: Hashable, Sendable {
    case create
    case load(MediaItem)
    case apply(PlaybackSettings, version: UInt64)
    /// A seek of the active holder, checked at its turn: it reaches the engine only if its lease is still active.
    case seek(Duration, request: RequestID)
    /// Let go of the loaded media that nobody wants any more (``PlaybackEngine/unload()``).
    case unload
    case shutDown
}

/// What the shell must do after an input. Every action is carried out synchronously by the shell;
/// engine work is handed to the engine's lane, which reports back with another input.
enum PoolAction: Hashable, Sendable {
    /// Give the job to the player's lane (`.create` starts the lane).
    case run(EngineJob, on: PlayerID)
    /// Resume a waiting acquire or borrow with its grant.
    case resume(RequestID, with: Grant)
    /// Resume a waiting call that returns nothing.
    case succeed(RequestID)
    /// Resume a waiting call with an error.
    case fail(RequestID, PlayerPoolError)
    /// Call `timerFired` for the request once the pool's clock reaches `deadline`.
    case startTimer(RequestID, deadline: Duration)
    /// The request no longer needs its timer.
    case cancelTimer(RequestID)
    /// Tell the grant's page about the grant.
    case notify(Grant, NoticeKind)
    /// Finish the page's notice stream.
    case finishNotices(SessionID)
    /// Publish an event.
    case emit(PoolEvent)
    /// Watch the borrowed grant: call `holdTimerFired` once it has been held for the warning threshold.
    case watchHold(PlayerID, epoch: UInt64)
    /// The grant is no longer held: stop watching it.
    case unwatchHold(UInt64)
    /// Call `retryDue` for the player's `media` once the pool's clock has gone `delay` further.
    case retryLoad(PlayerID, MediaItem, after: Duration)
    /// Nobody wants the media whose load waits to be tried again: the player's retry timer stops.
    case cancelRetry(PlayerID)
    /// Hand the feed's byte tier to the prefetcher: the plan changed to this one. Boxed (`indirect`): the plan's
    /// fields would make every other action slower to switch over and to move.
    indirect case prefetch(BytePrefetchPlan)
    /// Tell the player's engine how much to read ahead while paused (``PlaybackEngine/setPreloadDepth(_:)``): a new
    /// engine before its first job when the depth is not the standard, and one whose depth changed
    /// (``PoolStateMachine/tellDepth(_:loading:)``).
    case preloadDepth(PreloadDepth, on: PlayerID)
    /// Cancel the task that runs the load of `media` on the player's engine: nobody wants it any more.
    case cancelLoad(PlayerID, MediaItem)
    /// The player's shown holder changed: the grant of its active holder, whose settings are on the
    /// engine, or `nil` when no page holds it any more.
    case activeChanged(PlayerID, Grant?)
}

extension PoolAction {
    /// Whether this is an ``activeChanged(_:_:)``: told without copying the action out of its array.
    var isActiveChange: Bool {
        if case .activeChanged = self { true } else { false }
    }
}

/// One page in a player's holder stack.
struct Holder: Hashable, Sendable {
    let session: SessionID
    let epoch: UInt64
    /// Set while the grant is not yet complete (media loading, settings not yet on the engine).
    var pending: RequestID?
    /// When the acquire or borrow that made the holder was called, on the pool's clock (its lease's startup begins
    /// there).
    var since: Duration = .zero
}

/// A `.returned` notice waiting for its settings to land.
struct OwedReturn: Hashable, Sendable {
    let epoch: UInt64
    let version: UInt64
}

/// The machine's view of one page.
struct SessionState: Sendable {
    let name: String
    var settings: PlaybackSettings
    /// Counts the page's updates, so a page can tell which of two racing updates landed last.
    var settingsVersion: UInt64 = 0
    /// Epochs of the latest grants revoked from this page, so their leases answer `.leaseRevoked`; an older
    /// one answers `.notHolder`. Bounded: a page may stay open all along and be revoked in every round.
    var revoked = RecentEpochs<Void>()
    /// The latest grants of this page whose engine failed, with the reason their leases answer; an older one
    /// answers `.notHolder`. Bounded like `revoked`.
    var failed = RecentEpochs<String>()
}

/// How an acquire or borrow is waiting.
enum GrantKind: Hashable, Sendable {
    /// An acquire; `deadline` bounds the whole call (its timer stays armed until the grant completes).
    case acquire(warm: Bool, deadline: Duration? = nil)
    case borrow(from: SessionID, token: HandoffToken)
}

/// Everything a request can be waiting for.
enum Request: Sendable {
    /// In the FIFO queue for a free player.
    case waiting(session: SessionID, media: MediaItem, deadline: Duration?)
    /// Its holder is on top of `player`'s stack; completes when the media is loaded and its settings land.
    case grant(player: PlayerID, epoch: UInt64, kind: GrantKind)
    /// Completes when each player's landed version reaches the one given (or nothing is left to apply).
    case settle(PlayerVersions)
    /// A reclaim: completes when its holder is on top and the settings of `version` have landed; fails when
    /// the holder left the stack meanwhile (revoked by a page below, or given back).
    case reclaim(player: PlayerID, epoch: UInt64, session: SessionID, version: UInt64)
    /// A grant that ended before it completed (cancelled, revoked, its page closed): fails with `error`
    /// once the settings of `version` (the active holder's, back on top) have landed, or nothing is left
    /// to apply. The wait is bounded by the applies already in flight on that engine.
    case unwinding(player: PlayerID, version: UInt64, error: PlayerPoolError)
    /// Completes when `media` has loaded on `player`.
    case prewarm(player: PlayerID, media: MediaItem)
    /// Completes when all these players are shut down.
    case retire(Set<PlayerID>)
    /// A seek, queued on `player` (``PlayerState/seeks``) or running there; completes when the engine's seek returns.
    case seek(player: PlayerID)
}

extension EngineJob {
    /// The request of a seek job; `nil` for every other job.
    var seekRequest: RequestID? {
        if case .seek(_, let request) = self { request } else { nil }
    }
}

/// A seek waiting for its turn on a player's lane.
struct PendingSeek: Hashable, Sendable {
    let request: RequestID
    /// The grant of the lease that asked: the seek reaches the engine only if it is the active holder at its turn.
    let epoch: UInt64
    let session: SessionID
    let position: Duration
    /// The player's settings version when the seek was asked: it runs once that version has landed, before the
    /// applies of later ones (first come, first served with them), so that a stream of updates cannot hold it back.
    let version: UInt64
}
