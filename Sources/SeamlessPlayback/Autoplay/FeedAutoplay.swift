/// Carries out a feed page's autoplay: which cell plays, from what is on screen, with the pool's players.
///
/// Feed it the visible cells on each scroll event and the user's taps; an ``AutoplaySelector`` decides, and this
/// actor only does what it says. On `.play(i)` it points the pool's feed focus at `i`
/// (``PlayerPool/focus(on:in:window:)``, so that the neighbours preload), acquires `items[i]` on the page with the
/// page's settings unpaused, and reports it on ``changes``; on `.stop(i)` it gives the lease back, and the player goes
/// quiet with the pool's idle settings.
///
/// It holds at most one lease at any moment: a decision that overtakes an acquire in flight cancels that acquire and
/// waits for it to end before the next one starts, and a lease that arrives when nobody wants it any more is given
/// back at once. It keeps one timer, on the injected clock, for the selector's ``AutoplaySelector/nextDeadline``.
///
/// While the playing cell's player is lent to another page (``PageSession/lend(_:)``) it decides nothing, and the
/// user's taps are ignored; when the player comes back it decides from the latest visibility.
public actor FeedAutoplay {
    /// What the hosts of a feed's cells hear.
    public enum Change: Hashable, Sendable {
        /// The cell at `index` plays on the player of `lease`: show its picture there.
        case playing(index: Int, lease: PlayerLease)
        /// The cell at `index` no longer has a player.
        case stopped(index: Int)
    }

    /// The changes from now on, for one reader; it finishes when the actor is freed. Changes nobody has read yet are
    /// kept up to the latest 64 (a reader that comes late hears the latest, not a feed's whole history).
    public nonisolated let changes: AsyncStream<Change>

    private let pool: PlayerPool
    private let session: PageSession
    private let items: [MediaItem]
    private let window: PreloadWindow
    private let clock: PoolClock
    private let continuation: AsyncStream<Change>.Continuation
    private var selector: AutoplaySelector

    /// The lease held, and whether the user paused it (then it stays, paused, until another cell plays or it leaves
    /// the screen).
    private var held: (index: Int, lease: PlayerLease, isPaused: Bool)?
    /// The acquire in flight; its task is cancelled when a decision overtakes it.
    private var acquiring: (index: Int, id: UInt64, task: Task<Void, Never>)?
    private var nextAcquireID: UInt64 = 0
    /// The cell whose acquire failed; not tried again until the selector says `.play` anew.
    private var failedIndex: Int?
    private var isCarryingOut = false
    private var isLent = false
    /// The latest visibility, kept while the player is lent.
    private var latest: (cells: [CellVisibility], phase: ScrollPhase)?
    private var timer: (deadline: Duration, task: Task<Void, Never>)?
    private var holdersTask: Task<Void, Never>?

    /// Creates a coordinator for one feed page; nothing plays until the first ``visibilityChanged(_:phase:)``.
    /// - Parameters:
    ///   - pool: The pool whose feed focus follows the playing cell.
    ///   - session: The feed's page; it acquires the playing cell's player.
    ///   - items: The feed's media, by cell index.
    ///   - policy: The thresholds and settle time.
    ///   - window: The preload window around the playing cell.
    ///   - clock: The clock of the settle time; inject a manual clock in tests.
    public init(
        pool: PlayerPool, session: PageSession, items: [MediaItem], policy: AutoplayPolicy = AutoplayPolicy(),
        window: PreloadWindow = PreloadWindow(), clock: any Clock<Duration> = ContinuousClock()
    ) {
        self.pool = pool
        self.session = session
        self.items = items
        self.window = window
        self.clock = PoolClock(clock)
        selector = AutoplaySelector(policy: policy)
        (changes, continuation) = AsyncStream.makeStream(of: Change.self, bufferingPolicy: .bufferingNewest(64))
    }

    deinit {
        timer?.task.cancel()
        holdersTask?.cancel()
        acquiring?.task.cancel()
        continuation.finish()
    }

    /// The cell that plays and its lease, once its acquire has returned; `nil` while nothing plays, while the
    /// acquire runs, and while the user has paused the cell.
    public var playing: (index: Int, lease: PlayerLease)? {
        guard let held, !held.isPaused else { return nil }
        return (held.index, held.lease)
    }

    /// Takes the cells now on screen and the list's phase, and carries out what the selector decides.
    /// - Parameters:
    ///   - cells: The visible cells.
    ///   - phase: Whether the list is at rest or moving.
    public func visibilityChanged(_ cells: [CellVisibility], phase: ScrollPhase) async {
        latest = (cells, phase)
        _ = refreshLent()
        guard !isLent else { return }
        take(selector.visibilityChanged(cells, phase: phase, at: clock.now()))
        await carryOut()
    }

    /// The user paused the playing cell: the page's settings become paused, the player stays with the cell, and no
    /// other cell starts on its own while this one stays in view.
    /// - Parameter index: The cell.
    public func userPaused(_ index: Int) async {
        if refreshLent() { decideFromLatest() }
        guard !isLent, selector.playing == index else { return }
        take(selector.userPaused(index))
        if held?.index == index { held?.isPaused = true }
        try? await session.update { $0.isPaused = true }
        await carryOut()
    }

    /// The user played a cell: it plays, stopping any other, and the page's settings become unpaused.
    /// - Parameter index: The cell.
    public func userPlayed(_ index: Int) async {
        if refreshLent() { decideFromLatest() }
        guard !isLent else { return }
        take(selector.userPlayed(index))
        if let current = held, current.index == index, current.isPaused {
            held?.isPaused = false
            try? await session.update { $0.isPaused = false }
            if let held, held.index == index { continuation.yield(.playing(index: index, lease: held.lease)) }
        }
        await carryOut()
    }

    /// Notes the selector's decisions: a new `.play` may try a cell whose acquire failed before.
    private func take(_ decisions: [AutoplayDecision]) {
        if case .play = decisions.last { failedIndex = nil }
        scheduleTimer()
    }

    /// Brings what is held in line with the selector's `playing`, one step at a time; each await is a door, so every
    /// step re-reads the state. Only one caller runs it at once; the others' changes are seen by its next step.
    private func carryOut() async {
        guard !isCarryingOut else { return }
        isCarryingOut = true
        defer { isCarryingOut = false }
        while !isLent {
            let wanted = selector.playing
            if let current = held, current.index != wanted,
                !current.isPaused || wanted != nil || !selector.isHeldBack(by: current.index)
            {
                held = nil
                continuation.yield(.stopped(index: current.index))
                try? await session.giveBack(current.lease)
                continue
            }
            if let flight = acquiring, flight.index != wanted {
                flight.task.cancel()
                await flight.task.value
                continue
            }
            guard let wanted, held == nil, acquiring == nil, wanted != failedIndex, items.indices.contains(wanted)
            else { return }
            await pool.focus(on: wanted, in: items, window: window)
            if await session.settings.isPaused { try? await session.update { $0.isPaused = false } }
            // The doors above may have changed what is wanted.
            guard selector.playing == wanted, held == nil, acquiring == nil, !isLent else { continue }
            startAcquire(of: wanted)
            return
        }
    }

    private func startAcquire(of index: Int) {
        let id = nextAcquireID
        nextAcquireID += 1
        let (session, item) = (session, items[index])
        let task = Task {
            let result: Result<PlayerLease, PlayerPoolError>
            do throws(PlayerPoolError) {
                result = .success(try await session.acquire(item))
            } catch {
                result = .failure(error)
            }
            await self.acquireEnded(id: id, index: index, result: result)
        }
        acquiring = (index, id, task)
    }

    private func acquireEnded(id: UInt64, index: Int, result: Result<PlayerLease, PlayerPoolError>) async {
        guard acquiring?.id == id else { return }
        acquiring = nil
        switch result {
        case .success(let lease):
            held = (index, lease, false)
            watchHolders()
            continuation.yield(.playing(index: index, lease: lease))
        case .failure(.cancelled):
            break
        case .failure:
            failedIndex = index
        }
        // Held now, it is given back by the next step if nobody wants it any more.
        await carryOut()
    }

    private func scheduleTimer() {
        let deadline = isLent ? nil : selector.nextDeadline
        guard deadline != timer?.deadline else { return }
        timer?.task.cancel()
        timer = nil
        guard let deadline else { return }
        let sleep = clock.sleep
        timer = (
            deadline,
            Task { [weak self] in
                guard (try? await sleep(deadline)) != nil else { return }
                await self?.timerFired(at: deadline)
            }
        )
    }

    private func timerFired(at deadline: Duration) async {
        guard timer?.deadline == deadline else { return }
        timer = nil
        if refreshLent() { decideFromLatest() }
        guard !isLent else { return }
        take(selector.tick(at: clock.now()))
        await carryOut()
    }

    /// Follows the pool's record of active holders, to see the held player lent and given back.
    private func watchHolders() {
        _ = refreshLent()
        guard holdersTask == nil else { return }
        let changes = pool.activeHolders.changes()
        holdersTask = Task { [weak self] in
            for await _ in changes {
                guard let self else { return }
                await self.holdersChanged()
            }
        }
    }

    private func holdersChanged() async {
        guard refreshLent() else { return }
        decideFromLatest()
        await carryOut()
    }

    /// Re-reads whether the held player is lent (the record is current before a borrow returns, its stream may lag).
    /// - Returns: Whether the player has just come back.
    private func refreshLent() -> Bool {
        guard let held else {
            isLent = false
            return false
        }
        switch pool.activeHolders.activeLease(of: held.lease.player) {
        case held.lease:
            guard isLent else { return false }
            isLent = false
            return true
        case nil:
            // The engine failed: the lease is gone.
            self.held = nil
            isLent = false
            continuation.yield(.stopped(index: held.index))
            return false
        case .some:
            isLent = true
            scheduleTimer()
            return false
        }
    }

    /// For simulations on a manual clock (the stress tool's scroll run): whether a carry-out runs, an acquire is in
    /// flight, and the timer is armed.
    package var quiescence: (isCarryingOut: Bool, isAcquiring: Bool, isTimerArmed: Bool) {
        (isCarryingOut, acquiring != nil, timer != nil)
    }

    /// Decides from the latest visibility, as the player comes back.
    private func decideFromLatest() {
        guard let latest else { return }
        take(selector.visibilityChanged(latest.cells, phase: latest.phase, at: clock.now()))
    }
}
