import Synchronization

/// Owns every player engine of an app and decides who holds which.
///
/// A pool keeps at most ``Configuration/capacity`` engines alive, reuses an idle engine that
/// already has the requested media, recycles the least recently used idle one otherwise, and makes
/// callers wait in FIFO order when every engine is held. Pages reach it through a ``PageSession``
/// each, made with ``makeSession(named:settings:)``.
///
/// The pool's rules are decided by a synchronous state machine, and the actor carries its actions out (the few
/// judgements its shell makes are listed in the Architecture article). An engine's next call starts only once its
/// last one returned, so an engine never sees two calls at once; loads, seeks and shutdowns run on one lane per
/// engine, applies on a task that starts at once on the pool's thread where the compiler and system allow. Every
/// `await` in here is followed by a fresh look at the machine, never by a decision made before it.
///
/// Call ``shutdown()`` when the pool is no longer needed, to know when every engine is gone. A pool
/// that nobody references any more (no page session, no call in progress) is freed all the same: its
/// engines are shut down, each after the call it is running returns, and its streams finish.
public actor PlayerPool {
    /// Everything the pool changes, in one value changed in place (see ``PoolShell``).
    var shell: PoolShell
    let clock: PoolClock
    /// Each player's active holder, readable from any thread; surfaces follow it.
    public nonisolated let activeHolders: ActiveHolders

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
        let machine = PoolStateMachine(
            capacity: configuration.capacity,
            tokenLifetime: configuration.handoffTokenLifetime,
            poolSerial: serial,
            borrowWarningThreshold: configuration.borrowWarningThreshold,
            idleSettings: configuration.idleSettings,
            retries: LoadRetries(count: configuration.loadRetries, delay: configuration.retryDelay),
            prefetches: configuration.prefetcher != nil,
            // No events are built until someone subscribes (``events()``).
            publishesEvents: false
        )
        let clock = PoolClock(clock)
        let activeHolders = ActiveHolders()
        let reference = WeakPool()
        self.clock = clock
        self.activeHolders = activeHolders
        var withoutPrefetcher = configuration
        withoutPrefetcher.prefetcher = nil
        self.shell = PoolShell(
            machine: machine, clock: clock, makeEngine: makeEngine, configuration: withoutPrefetcher,
            prefetcher: configuration.prefetcher, activeHolders: activeHolders, pool: reference,
            watchdog: Watchdog(
                loadTimeout: configuration.loadTimeout, applyTimeout: configuration.applyTimeout,
                borrowWarningThreshold: configuration.borrowWarningThreshold))
        reference.refer(to: self)
    }

    deinit {
        shell.abandon()
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
        let id = try shell.machine.sessionOpened(name: name, settings: settings).get()
        let mailbox = NoticeMailbox()
        shell.notices[id] = mailbox
        return PageSession(name: name, id: id, pool: self, mailbox: mailbox, settings: settings)
    }

    /// Loads `item` into an idle or new player, within capacity and never waiting, so that a later
    /// acquire of it is a warm hit. Does nothing when every player is held.
    ///
    /// If the idle player it was routed to is retired meanwhile (the media loading there before failed),
    /// the prewarm is carried out on a fresh player instead. A prewarm is a hint, not a reservation: if an
    /// acquire claims its player for other media before the load begins, it ends without loading (the feed
    /// preloading policy never displaces it). The engine carries the pool's idle settings before the load, so the
    /// clip stands on its first frame. When the call is cancelled and nobody else wants the media, its load is cut
    /// short.
    /// - Parameter item: The media to load.
    /// - Throws: ``PlayerPoolError/mediaFailed(_:)`` when the media cannot be played (the engine stays),
    ///   ``PlayerPoolError/engineFailed(_:)`` when the engine fails, ``PlayerPoolError/cancelled``,
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
    public var metrics: PoolMetrics { shell.machine.metrics }

    /// Every player with its media and holders, owner first.
    public func snapshot() -> [PlayerSnapshot] { shell.machine.snapshot() }

    /// A new stream of the pool's events from now on; it finishes when the pool shuts down.
    ///
    /// The stream keeps every event until it is read: iterate it as events come, or let it go (a stream nobody
    /// references any more is dropped from the pool at its next event). One kept but never read grows with every
    /// event; ``events(bufferingPolicy:)`` bounds what it keeps.
    public func events() -> AsyncStream<PoolEvent> { shell.subscribe(bufferingPolicy: .unbounded) }

    /// A new stream of the pool's events from now on that keeps, until read, only what `bufferingPolicy` allows
    /// (say `.bufferingNewest(100)` for a reader that only needs the latest); it finishes when the pool shuts down.
    /// - Parameter bufferingPolicy: Which events the stream keeps while its reader falls behind.
    public func events(
        bufferingPolicy: AsyncStream<PoolEvent>.Continuation.BufferingPolicy
    ) -> AsyncStream<PoolEvent> {
        shell.subscribe(bufferingPolicy: bufferingPolicy)
    }

    /// Fails every waiting call with ``PlayerPoolError/poolShutDown``, shuts every engine down once,
    /// and finishes every notice and event stream. Every later call throws `.poolShutDown`.
    /// Returns when the last engine is shut down, failed ones included: also a failed engine whose call is still
    /// running, until that call outlasts its timeout (``Configuration/loadTimeout`` or
    /// ``Configuration/applyTimeout``; with none, it waits for the call). A failed engine whose call outlasted its
    /// timeout (it may never return) is not waited for: it is shut down once its call returns. Calling it again
    /// waits for the same.
    public func shutdown() async {
        _ = await perform(.uncancellable) { $0.shutdownRequested($1) }
        shell.shutDown()
    }
}
