/// All of the pool's decisions, with no concurrency: who gets which player, in which order, after
/// which cancellation, and which settings must be on which engine.
///
/// Inputs are events named for what happened (`acquireRequested`, `applyFinished`, …); each returns
/// the actions the shell must carry out. The machine never awaits, never reads a clock (`now` is an
/// argument, the time since the pool started) and never touches an engine, so every interleaving
/// can be replayed in a synchronous test.
///
/// Rules kept at every step (see ``checkInvariants()``): a page appears at most once in a stack;
/// only the top of a stack may be pending; at most `capacity` players exist; a waiter exists only
/// when no player is claimable and capacity is exhausted; a free lane with a held player means the
/// engine carries exactly the active holder's settings.
struct PoolStateMachine: Sendable {
    let capacity: Int
    let tokenLifetime: Duration
    let poolSerial: UInt32
    /// When set, a borrowed lease held longer than this produces one `.borrowHeldLong` event.
    let borrowWarningThreshold: Duration?
    /// How many of the latest used tokens keep answering `.tokenAlreadyUsed` (``defaultUsedTokenMemory`` in a pool).
    var usedTokenMemory: Int { usedTokens.memory }
    /// What an engine carries while no page holds its player (``PlayerPool/Configuration/idleSettings``).
    let idleSettings: PlaybackSettings
    /// How loads that failed with a transient media failure are tried again.
    let retries: LoadRetries

    var players = PlayerTable()
    var sessions = IDMap<SessionID, SessionState>()
    var requests = IDMap<RequestID, Request>()
    var tokens = TokenTable()
    var counters = PoolMetrics()
    var isShutDown = false
    /// Engines that failed: out of `players` (their slot is free), not yet shut down.
    var failedEngines: [PlayerID: FailedEngine] = [:]
    /// Players that failed, for as long as a token issued before could still name them.
    var failedPlayers: [PlayerID: FailedPlayer] = [:]
    /// Each engine's latest status report and how many it has made (so a status stream tells a new one). Kept apart
    /// from `players`, so that a handoff moves no status around.
    var statuses = IDMap<PlayerID, ReportedStatus>()
    /// The feed's focus and the preloads it asked for, while an app tells one (``focusChanged(on:in:window:)``).
    var feed: FeedFocus?

    /// The acquires waiting for a player, in order.
    var queue = WaitQueue()
    /// The latest uses of tokens: the ones still answering `.tokenAlreadyUsed`.
    var usedTokens: UsedTokenRing
    /// When the token table is next swept of forgotten tokens.
    var nextTokenSweep: Duration = .zero

    var nextPlayerNumber: UInt32 = 1
    var nextEpoch: UInt64 = 1
    var nextSession: SessionID = 1
    var tick: UInt64 = 0

    /// Whether anyone listens to the pool's events: when not, the machine builds no ``PoolAction/emit(_:)``
    /// actions (the counters still count). Told by ``eventListenersChanged(_:)``.
    private(set) var publishesEvents: Bool
    /// Whether the pool has a prefetcher for the feed's byte tier (``PlayerPool/Configuration/prefetcher``).
    let prefetches: Bool
    /// The byte tier's plan last handed to the prefetcher.
    var bytePlan = BytePrefetchPlan.empty
    /// How much the engines read ahead while paused, as the machine last told them (``preloadDepthMeasured(_:_:)``).
    var preloadDepth = PreloadDepth.standard

    /// What the machine asks its driver to do: every input appends its actions here, in order, and returns nothing.
    /// The pool's shell carries them out in place (``PoolShell/carryOut()``) and empties it; tests take them after
    /// each input (`MachineHarness.step`).
    var out: [PoolAction] = []

    /// A handoff token the pool issued.
    struct TokenRecord: Hashable, Sendable {
        let player: PlayerID
        let lender: SessionID
        let lenderEpoch: UInt64
        /// The player's ``PlayerState/activeRun`` when the token was issued.
        let lenderRun: UInt64
        let expiry: Duration
        var isUsed = false
        /// Which use of the token made it used, for the ring of latest uses.
        var use: UInt64 = 0
    }

    init(
        capacity: Int, tokenLifetime: Duration, poolSerial: UInt32 = 1, borrowWarningThreshold: Duration? = nil,
        usedTokenMemory: Int = PoolStateMachine.defaultUsedTokenMemory,
        idleSettings: PlaybackSettings = PlaybackSettings.idle,
        retries: LoadRetries = LoadRetries(), prefetches: Bool = false, publishesEvents: Bool = true
    ) {
        self.publishesEvents = publishesEvents
        self.prefetches = prefetches
        self.retries = retries
        self.capacity = max(1, capacity)
        // Settings no engine can take are not put on one: the default stands in (documented on the configuration).
        self.idleSettings = (try? idleSettings.validate()) == nil ? PlaybackSettings.idle : idleSettings
        self.usedTokens = UsedTokenRing(memory: usedTokenMemory)
        self.tokenLifetime = tokenLifetime
        self.poolSerial = poolSerial
        self.borrowWarningThreshold = borrowWarningThreshold
    }

    // MARK: Sessions

    /// A page opened. Returns its identity.
    mutating func sessionOpened(
        name: String, settings: PlaybackSettings
    ) -> Result<SessionID, PlayerPoolError> {
        guard !isShutDown else { return .failure(.poolShutDown) }
        do throws(PlayerPoolError) {
            try settings.validate()
        } catch {
            return .failure(error)
        }
        let id = nextSession
        nextSession += 1
        sessions[id] = SessionState(name: name, settings: settings)
        return .success(id)
    }

    /// The page closed (or was dropped): everything it holds is given back, its waits fail with
    /// `.sessionClosed`, its notices finish. `request` completes when the holders below it carry
    /// their settings again.
    mutating func sessionClosed(_ session: SessionID, request: RequestID) {
        guard let state = sessions[session] else {
            out.append(.succeed(request))
            return
        }
        // Gone first, so that a reclaim of this page that ends below answers `.sessionClosed`.
        sessions[session] = nil
        for id in requests.keys.sorted(by: { $0.raw < $1.raw }) {
            if case .waiting(let waiter, _, _) = requests[id], waiter == session {
                dequeueWaiter(id)
                out.append(.cancelTimer(id))
                out.append(.fail(id, .sessionClosed))
            }
        }
        var settle = PlayerVersions()
        for id in players.keys.sorted(by: { $0.number < $1.number }) {
            guard let index = players[id]?.stack.firstIndex(where: { $0.session == session }) else { continue }
            if players[id]?.stack[index].pending == nil {
                counters.returns += 1
                if publishesEvents { out.append(.emit(.returned(id, session: state.name))) }
            }
            if let version = removeHolder(at: index, of: id, failingWith: .sessionClosed) {
                settle[id] = version
            }
        }
        out.append(.finishNotices(session))
        waitForSettle(request, on: settle)
        serveWaiters()
    }

    /// Someone began listening to the pool's events, or the last listener stopped: events are built only while
    /// anyone listens. No action follows.
    mutating func eventListenersChanged(_ anyoneListens: Bool) {
        publishesEvents = anyoneListens
    }

    /// The epochs of the grants the page holds now (pending ones included).
    func heldEpochs(of session: SessionID) -> Set<UInt64> { players.heldEpochs(of: session) }

    // MARK: Reading

    /// The counters, with the gauges computed now.
    var metrics: PoolMetrics {
        var metrics = counters
        metrics.live = counters.created - counters.destroyed
        metrics.idle = players.values.reduce(0) { $0 + ($1.isCreated && $1.isClaimable ? 1 : 0) }
        metrics.waiting = queue.count
        metrics.tokens = tokens.count
        metrics.abandoned = failedEngines.values.reduce(0) { $0 + ($1.isShuttingDown ? 0 : 1) }
        return metrics
    }

    /// Every player with its holders, sorted by player number.
    func snapshot() -> [PlayerSnapshot] {
        players.values.sorted { $0.id.number < $1.id.number }.map { player in
            PlayerSnapshot(
                player: player.id,
                media: player.media,
                holders: player.stack.map { sessions[$0.session]?.name ?? "?" },
                appliedSettings: player.applied,
                activeSettings: player.stack.last.flatMap { sessions[$0.session]?.settings }
            )
        }
    }

    /// How many updates the page has made.
    func settingsVersion(of session: SessionID) -> UInt64 { sessions[session]?.settingsVersion ?? 0 }

    /// The settings a page holds now, if it is open.
    func settings(of session: SessionID) -> PlaybackSettings? { sessions.read(session) { $0.settings } }

    // MARK: Shared helpers

    /// Changes the player in place with the rest of the machine at hand. The table is moved out of the machine
    /// meanwhile (no copy), so `body` must not look players up: it has the one it needs.
    /// - Returns: What `body` returns, or `nil` when the player does not exist.
    mutating func withPlayer<R>(_ id: PlayerID, _ body: (inout PoolStateMachine, inout PlayerState) -> R) -> R? {
        var table = PlayerTable()
        swap(&table, &players)
        defer { swap(&table, &players) }
        return table.modify(id) { body(&self, &$0) }
    }

    mutating func freshEpoch() -> UInt64 {
        defer { nextEpoch += 1 }
        return nextEpoch
    }

    mutating func freshTick() -> UInt64 {
        tick += 1
        return tick
    }

    func name(of session: SessionID) -> String { sessions.read(session) { $0.name } ?? "?" }

    /// Checks that `lease` is a delivered grant `session` holds now.
    /// - Returns: The holder's index in the player's stack.
    @inline(__always)  // Called while the machine changes: a call would copy it first.
    func validate(_ lease: LeaseKey, by session: SessionID) -> Result<Int, PlayerPoolError> {
        guard !isShutDown else { return .failure(.poolShutDown) }
        guard sessions.contains(session) else { return .failure(.sessionClosed) }
        guard lease.session == session, lease.player.pool == poolSerial else { return .failure(.notHolder) }
        if let index = players.read(
            lease.player, { $0.stack.firstIndex { $0.epoch == lease.epoch && $0.pending == nil } })
            ?? nil
        {
            return .success(index)
        }
        return sessions.read(session) { state in
            if let reason = state.failed[lease.epoch] { return .failure(.engineFailed(reason)) }
            return .failure(state.revoked.contains(lease.epoch) ? .leaseRevoked : .notHolder)
        } ?? .failure(.sessionClosed)
    }
}

/// What the machine needs of a lease to check it.
struct LeaseKey: Hashable, Sendable {
    let player: PlayerID
    let epoch: UInt64
    let session: SessionID
}

extension PlayerLease {
    var key: LeaseKey { LeaseKey(player: player, epoch: epoch, session: sessionID) }
}

extension IDMap where Key == SessionID, Value == SessionState {
    /// What the machine tells the shell about `holder`'s grant of `player` (which plays `media`); `nil` when the
    /// player has no media or the holder's page is gone. On the sessions alone: a method of the machine called
    /// while a player is changed in place copied the machine and the player first.
    func grant(for holder: Holder, of player: PlayerID, playing media: MediaItem?) -> Grant? {
        guard let media, let name = read(holder.session, { $0.name }) else { return nil }
        return Grant(player: player, epoch: holder.epoch, media: media, session: holder.session, sessionName: name)
    }
}
