import Synchronization

/// Owns every player engine of an app and decides who holds which.
///
/// A pool keeps at most ``Configuration/capacity`` engines alive, reuses an idle engine that
/// already has the requested media, recycles the least recently used idle one otherwise, and makes
/// callers wait in FIFO order when every engine is held. Pages reach it through a ``PageSession``
/// each, made with ``makeSession(named:settings:)``.
///
/// All decisions are taken by a synchronous state machine; the actor only carries them out. An engine's
/// next call starts only once its last one returned, so an engine never sees two calls at once; loads and
/// shutdowns run on one lane per engine, applies on a task that starts at once on the pool's thread. Every
/// `await` in here is followed by a fresh look at the machine, never by a decision made before it.
///
/// Call ``shutdown()`` when the pool is no longer needed, to know when every engine is gone. A pool
/// that nobody references any more (no page session, no call in progress) is freed all the same: its
/// engines are shut down, each after the call it is running returns, and its streams finish.
public actor PlayerPool {
    var machine: PoolStateMachine
    let clock: PoolClock
    let makeEngine: @Sendable () async throws -> any PlaybackEngine
    let configuration: Configuration
    /// Calls in flight and borrows held, with their deadlines, and the one task that wakes at the earliest.
    var watchdog = Watchdog()

    var engines = IDMap<PlayerID, any PlaybackEngine>()
    var lanes = IDMap<PlayerID, EngineLane>()
    /// Waiting calls. A grant is turned into its lease when it is resumed, while its engine is certainly there.
    var waits = IDMap<RequestID, CheckedContinuation<Result<PlayerLease?, PlayerPoolError>, Never>>()
    /// The request whose input is being carried out, and its result once it completed meanwhile (an apply that
    /// returned at once): its caller takes it right after the input, without waiting.
    var running: RequestID?
    var runningResult: Result<PlayerLease?, PlayerPoolError>?
    /// Results of other requests completed before their caller came to wait. A safety net: a caller goes from its
    /// input to `waits` without a suspension, so nothing is expected here, but a result kept is never a lost caller.
    var finished = IDMap<RequestID, Result<PlayerLease?, PlayerPoolError>>()
    var timers: [RequestID: Task<Void, Never>] = [:]
    var notices = IDMap<SessionID, NoticeMailbox>()
    var subscribers: [UInt64: AsyncStream<PoolEvent>.Continuation] = [:]
    var nextRequest: UInt64 = 1
    /// Secure random bytes for handoff tokens, drawn from the system in batches.
    var tokenBytes = SecureRandomBuffer()
    /// Each player's active holder, readable from any thread; surfaces follow it.
    public nonisolated let activeHolders = ActiveHolders()
    var nextSubscriber: UInt64 = 1
    /// Whether an apply starts on a task of its own at once (`Task.immediate`, where it exists) or on the engine's
    /// lane, as on Apple systems before 26. Tests clear it to cover the lane's path on every system.
    var startsAppliesAtOnce = true
    /// The one reference to this pool that does not keep it alive, for lanes, apply tasks and timers.
    lazy var weakReference = WeakPool(self)

    private static let serials = Atomic<UInt32>(0)

    /// Creates a pool.
    /// - Parameters:
    ///   - configuration: Capacity, token lifetime, call timeouts and the long-borrow warning.
    ///   - clock: The clock for acquire timeouts and token lifetimes; inject a manual clock in tests.
    ///   - makeEngine: Makes a new engine; called on a lane of its own, never on the pool's actor.
    public init(
        configuration: Configuration = Configuration(),
        clock: any Clock<Duration> = ContinuousClock(),
        makeEngine: @escaping @Sendable () async throws -> any PlaybackEngine
    ) {
        let serial = Self.serials.add(1, ordering: .relaxed).newValue
        self.machine = PoolStateMachine(
            capacity: configuration.capacity,
            tokenLifetime: configuration.handoffTokenLifetime,
            poolSerial: serial,
            borrowWarningThreshold: configuration.borrowWarningThreshold
        )
        // No events are built until someone subscribes (``events()``).
        self.machine.publishesEvents = false
        self.configuration = configuration
        self.clock = PoolClock(clock)
        self.makeEngine = makeEngine
    }

    deinit {
        for lane in lanes.values { lane.abandon() }
        for mailbox in notices.values { mailbox.finish() }
        for continuation in subscribers.values { continuation.finish() }
        for timer in timers.values { timer.cancel() }
        watchdog.task?.cancel()
        activeHolders.finish()
    }

    /// Opens a page.
    /// - Parameters:
    ///   - name: The page's name, for leases, snapshots and events; names need not be unique.
    ///   - settings: The page's initial settings.
    /// - Returns: The page's session.
    /// - Throws: ``PlayerPoolError/invalidSettings(_:)`` or ``PlayerPoolError/poolShutDown``.
    public func makeSession(
        named name: String, settings: PlaybackSettings = PlaybackSettings()
    ) throws(PlayerPoolError) -> PageSession {
        let id = try machine.sessionOpened(name: name, settings: settings).get()
        let mailbox = NoticeMailbox()
        notices[id] = mailbox
        return PageSession(name: name, id: id, pool: self, notices: mailbox.stream(), settings: settings)
    }

    /// Loads `item` into an idle or new player, within capacity and never waiting, so that a later
    /// acquire of it is a warm hit. Does nothing when every player is held.
    ///
    /// If the idle player it was routed to is retired meanwhile (the media loading there before failed),
    /// the prewarm is carried out on a fresh player instead. A prewarm is a hint, not a reservation: if an
    /// acquire claims its player for other media before the load begins, it ends without loading (the feed
    /// preloading policy never displaces it).
    /// - Parameter item: The media to load.
    /// - Throws: ``PlayerPoolError/engineFailed(_:)`` when the load fails, ``PlayerPoolError/cancelled``,
    ///   ``PlayerPoolError/poolShutDown``.
    public func prewarm(_ item: MediaItem) async throws(PlayerPoolError) {
        _ = try await perform(.cancellable) { $0.prewarmRequested($1, media: item) }.get()
    }

    /// Shuts down the least recently used idle players beyond `count`; a held player is never touched.
    /// Returns when they are shut down.
    /// - Parameter count: How many idle players to keep.
    public func trim(keepingIdle count: Int) async {
        _ = await perform(.uncancellable) { $0.trimRequested($1, keepingIdle: count) }
    }

    /// The pool's counters and gauges now.
    public var metrics: PoolMetrics { machine.metrics }

    /// Every player with its media and holders, owner first.
    public func snapshot() -> [PlayerSnapshot] { machine.snapshot() }

    /// A new stream of the pool's events from now on; it finishes when the pool shuts down.
    public func events() -> AsyncStream<PoolEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: PoolEvent.self)
        guard !machine.isShutDown else {
            continuation.finish()
            return stream
        }
        subscribers[nextSubscriber] = continuation
        nextSubscriber += 1
        machine.publishesEvents = true
        return stream
    }

    /// Fails every waiting call with ``PlayerPoolError/poolShutDown``, shuts every engine down once,
    /// and finishes every notice and event stream. Every later call throws `.poolShutDown`.
    /// Returns when the last engine is shut down, failed ones included, except a failed engine whose hung
    /// call has not returned (it may never): that one is shut down once its call returns. Calling it again
    /// waits for the same.
    public func shutdown() async {
        _ = await perform(.uncancellable) { $0.shutdownRequested($1) }
        for continuation in subscribers.values { continuation.finish() }
        subscribers = [:]
        for timer in timers.values { timer.cancel() }
        timers = [:]
        watchdog.stop()
        activeHolders.finish()
    }
}
