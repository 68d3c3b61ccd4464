/// The machine's view of one player.
///
/// Its lane (``Lane``): `.create` (engine being made) → `nil` (free) ⇄ `.load` / `.apply` / `.seek` / `.unload` →
/// `.shutDown` (after `retiring` and an empty stack) → removed. Only one job is ever in flight.
struct PlayerState: Sendable {
    /// What a player's engine is doing: one job at a time, from its making (`.create`) to its shutdown (`.shutDown`),
    /// `nil` while free. A running load can be marked cancelled, and only while it runs: starting or ending a job
    /// clears the mark, so that a cancel never names a load that does not run.
    struct Lane: Hashable, Sendable {
        /// The job in flight.
        private(set) var job: EngineJob? = .create
        /// Whether the running load was told to stop (``PoolAction/cancelLoad(_:_:)``).
        private(set) var isLoadCancelled = false

        /// Starts `job` on the free lane (or the engine's making, or its shutdown).
        @inline(__always)  // On the handoff path: a call would copy the job.
        mutating func start(_ job: EngineJob) {
            self.job = job
            isLoadCancelled = false
        }

        /// The job returned: the lane is free.
        @inline(__always)
        mutating func free() {
            job = nil
            isLoadCancelled = false
        }

        /// Marks the running load cancelled.
        /// - Returns: The media of the load, or `nil` when no load runs or it was marked already.
        mutating func cancelLoad() -> MediaItem? {
            guard !isLoadCancelled, case .load(let media)? = job else { return nil }
            isLoadCancelled = true
            return media
        }
    }

    let id: PlayerID
    /// What the engine is doing.
    var lane = Lane()
    /// Media confirmed on the engine.
    var loaded: MediaItem?
    /// Media the player has or is about to have: what warm hits match against.
    var media: MediaItem?
    var stack: [Holder] = []
    /// Bumped whenever the settings the engine should carry change (new active holder, or its update).
    var version: UInt64 = 0
    /// The last version that finished applying.
    var landed: UInt64 = 0
    /// What the machine knows of the settings on the engine.
    var onEngine = SettingsOnEngine.unknown
    var lastUsed: UInt64 = 0
    /// Shut down as soon as the stack is empty and the lane free.
    var retiring = false
    /// Requests to re-examine when the player changes.
    var watchers: [RequestID] = []
    /// Changes whenever the delivered active holder changes (a borrow completes, the active holder leaves).
    /// A token stays redeemable only while it is the value its lender saw when lending.
    var activeRun: UInt64 = 0
    /// The holder that became active again by a give-back or close above it, and is told `.returned`
    /// once the settings of `version` have landed (dropped if it leaves the stack first).
    var owedReturn: OwedReturn?
    /// The epoch of the holder last published as active (``PoolAction/activeChanged(_:_:)``).
    var shownEpoch: UInt64?
    /// Seeks waiting for the lane, first come first served; they start once no load or apply is due.
    var seeks: [PendingSeek] = []
    /// Transient media failures of ``media`` so far, and whether a retry of its load waits for its delay.
    var retry = RetryState.none
    /// The version the stack last emptied at: the one a give-back or close that left nobody waits for.
    var emptiedAt: UInt64 = 0
    /// Media an app's prewarm loaded on the player: a feed's focus does not let go of it
    /// (``PoolStateMachine/letGoIfUnwanted(_:)``) while the player keeps it. Cleared when the engine loads other
    /// media or unloads.
    var prewarmedByApp: MediaItem?
    /// The preload depth the machine last told the player's engine (``PoolStateMachine/tellDepth(_:loading:)``), or
    /// the one an engine has before it is told any: ``PreloadDepth/standard``.
    var toldDepth = PreloadDepth.standard

    init(id: PlayerID, media: MediaItem?, tick: UInt64) {
        self.id = id
        self.media = media
        self.lastUsed = tick
    }

    /// The engine exists: its creation, the player's first job, returned. (Told by the job, so that a player cannot
    /// be both created and being created.)
    var isCreated: Bool {
        if case .create? = lane.job { false } else { true }
    }

    /// The job in flight on the player's lane: `.create` until the engine exists, `nil` while the lane is free. (The
    /// machine reads `lane.job`, the stored value, which a pattern matches without a copy.)
    var job: EngineJob? { lane.job }

    /// The load the engine was told to stop (``PoolAction/cancelLoad(_:_:)``), until it returns.
    var cancelledLoad: MediaItem? { lane.isLoadCancelled ? runningLoad : nil }

    /// The settings known to be on the engine: those the last apply that landed put there, unless the engine changed
    /// by itself since (``SettingsOnEngine``). Setting it says they are known (or, with `nil`, that nothing is).
    var applied: PlaybackSettings? {
        get { onEngine.settings }
        set { onEngine = newValue.map(SettingsOnEngine.known) ?? .unknown }
    }

    /// Whether a retry of the media's load waits for its delay (no load starts meanwhile).
    var retryPending: Bool { retry.isWaiting }

    /// No page holds the player and it is not being retired: an acquire may claim it.
    var isClaimable: Bool { stack.isEmpty && !retiring }

    /// No job is in flight on the player's lane.
    var isLaneFree: Bool {
        if case .none = lane.job { true } else { false }
    }
}

extension PlayerState {
    /// Starts the player's next job if its lane is free, and returns it.
    ///
    /// Order of work: retire an empty retiring player; load the wanted media (a preload, with nobody holding the
    /// player, only once the engine carries `idleSettings`, so that it stands still on the first frame); apply the
    /// settings the engine should carry when the version moved on — the active holder's (`activeSettings`), or
    /// `idleSettings` when nobody holds the player — unless they are on the engine already, which counts as landed
    /// at once; then, with nobody holding the player, unload media it let go of.
    mutating func startNextJob(activeSettings: PlaybackSettings?, idleSettings: PlaybackSettings) -> EngineJob? {
        guard isLaneFree else { return nil }  // (A lane being created is not free.)
        if retiring, stack.isEmpty {
            lane.start(.shutDown)
            return .shutDown
        }
        // The cheap test first: media is compared only while no delivered holder is on top, and where it lies. A load
        // waiting to be tried again (``retryPending``) waits for its delay.
        let mayLoad = (stack.last?.pending != nil || stack.isEmpty) && !retryPending
        if mayLoad, media != nil, !MediaItem.same(loaded, media), let wanted = media {
            // No load runs on an engine's defaults (a new engine plays, unmuted): the engine keeps its settings through
            // the load (``PlaybackEngine``), so they still count as applied after it.
            if stack.isEmpty {
                // A preload: quiet first.
                if applied != idleSettings { return startIdleApply(idleSettings) }
            } else if let active = activeSettings, applied != active {
                // A page's load. An engine with nothing loaded takes the page's settings first: its first frame
                // comes with them, and no apply follows the load. One with other media goes quiet first, so that
                // what it played before is not heard under the page's settings; the page's come after the load.
                if loaded == nil {
                    if version == landed { version += 1 }
                    return startApply(active)
                }
                if applied != idleSettings { return startQuietApply(idleSettings) }
                // The quiet settings landed under a version of their own: the page's are due after the load.
                if version == landed { version += 1 }
            }
            let load = EngineJob.load(wanted)
            lane.start(load)
            return load
        }
        let settings: PlaybackSettings
        if stack.isEmpty {
            // Quiet again after the last holder left, and a new engine before anything else: only an outside
            // change (``SettingsOnEngine/changedOutside``) is left as the engine made it, as with a holder.
            guard version > landed else {
                return onEngine == .unknown ? startIdleApply(idleSettings) : startUnloadIfLetGo()
            }
            settings = idleSettings
        } else {
            // A page waiting for a load to be tried again gets its settings after that load.
            guard !retryPending, version > landed, let active = activeSettings else { return nil }
            settings = active
        }
        if applied == settings {
            landed = version
            return stack.isEmpty ? startUnloadIfLetGo() : nil
        }
        return startApply(settings)
    }

    /// Media nobody wants any more (``PoolStateMachine/letGoIfUnwanted(_:)``) on an idle engine that carries the idle
    /// settings: the engine lets go of it, and of its network reads.
    private mutating func startUnloadIfLetGo() -> EngineJob? {
        guard media == nil, loaded != nil else { return nil }
        lane.start(.unload)
        return .unload
    }

    /// Puts the idle settings on an engine that nothing else asks an apply of: a version of its own, so that every
    /// apply's version is newer than the last.
    private mutating func startIdleApply(_ idleSettings: PlaybackSettings) -> EngineJob {
        if version == landed { version += 1 }
        return startApply(idleSettings)
    }

    /// Puts the idle settings on a held engine before a load, under a version of their own: every apply's version is
    /// newer than the last, and the holder's settings get a newer one again before the load (they are not these).
    private mutating func startQuietApply(_ idleSettings: PlaybackSettings) -> EngineJob {
        version += 1
        return startApply(idleSettings)
    }

    private mutating func startApply(_ settings: PlaybackSettings) -> EngineJob {
        let started = EngineJob.apply(settings, version: version)
        lane.start(started)
        // An outside change counts until an apply begins; what that apply puts on the engine counts once it lands.
        if onEngine == .changedOutside { onEngine = .unknown }
        return started
    }

    /// What the engine has, or is loading and will have: the media to keep when a planned load is dropped. Nothing
    /// while a load is being cut short (the engine will have nothing).
    var mediaKept: MediaItem? {
        guard let running = runningLoad else { return loaded }
        return lane.isLoadCancelled ? nil : running
    }

    /// Whether nothing is left to wait for on the player before `version` counts: it landed (with nobody holding
    /// the player, the idle settings did), or the player is being retired, or `version` is the one its stack emptied
    /// at and a page has taken the player since (its settings win; the idle ones no longer matter).
    func isSettled(at version: UInt64) -> Bool {
        landed >= version || retiring || (version == emptiedAt && !stack.isEmpty)
    }

    /// Whether the token's lender can still lend the player: its delivered holder is on top, and its run as active
    /// holder has not ended since the token was issued.
    func canLend(_ record: PoolStateMachine.TokenRecord) -> Bool {
        guard !retiring, let top = stack.last else { return false }
        return top.epoch == record.lenderEpoch && top.pending == nil && activeRun == record.lenderRun
    }
}
