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
///
/// The feed may change: tell it with ``itemsChanged(_:)`` (items appended, inserted, removed, a refresh). Cells are
/// matched by ``MediaItem/id``: the playing cell keeps its player wherever its item went, and stops only if its item
/// left the feed. Indices outside the feed are ignored, in the visible cells as in the user's taps.
public actor FeedAutoplay {
    /// What the hosts of a feed's cells hear.
    public enum Change: Hashable, Sendable {
        /// The cell at `index` plays on the player of `lease`: show its picture there.
        case playing(index: Int, lease: PlayerLease)
        /// The cell at `index` no longer has a player.
        case stopped(index: Int)
    }

    /// What the hosts hear, for one reader: the current state first (`.playing` for the cell that has a player, also
    /// while the user has it paused; nothing when no cell has one), then every change. It finishes when the actor is
    /// freed.
    ///
    /// Each access gives a new stream, and every stream hears every change: read it from as many tasks as you like
    /// (one per visible cell, or one for the screen). Cancelling a reader's task ends that stream only; the next
    /// access (a SwiftUI `.task` that runs again when its view reappears, a view controller's task restarted in
    /// `viewWillAppear`) starts with the current state, so a host that was away learns where the player is. A reader
    /// that does not keep up keeps the latest 64 changes. The stream does not keep the actor alive: capture the
    /// stream, not the actor, in a task that outlives the screen (`Task { [changes = autoplay.changes] in … }`).
    public nonisolated var changes: AsyncStream<Change> { readers.stream() }

    private let pool: PlayerPool
    private let session: PageSession
    private var items: [MediaItem]
    private let window: PreloadWindow
    private let clock: PoolClock
    private let readers = AutoplayChanges()
    private var selector: AutoplaySelector

    /// The lease held, and whether the user paused it (then it stays, paused, until another cell plays or it leaves
    /// the screen). Its index is `nil` once its item has left the feed (then it is given back); the hosts were told
    /// `.playing` at `told`.
    private var held: (index: Int?, told: Int, lease: PlayerLease, isPaused: Bool)?
    /// The acquire in flight; its task is cancelled when a decision overtakes it. Its index is `nil` once its item has
    /// left the feed.
    private var acquiring: (index: Int?, id: UInt64, task: Task<Void, Never>)?
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
        selector = AutoplaySelector(policy: policy, cellCount: items.count)
    }

    deinit {
        timer?.task.cancel()
        holdersTask?.cancel()
        acquiring?.task.cancel()
        readers.finish()
    }

    /// The cell that plays and its lease, once its acquire has returned; `nil` while nothing plays, while the
    /// acquire runs, and while the user has paused the cell.
    public var playing: (index: Int, lease: PlayerLease)? {
        guard let held, let index = held.index, !held.isPaused else { return nil }
        return (index, held.lease)
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
            if let held, held.index == index { tell(.playing(index: index, lease: held.lease)) }
        }
        await carryOut()
    }

    /// Takes the feed's items anew: items appended, inserted above the playing cell, removed, or a whole refresh.
    ///
    /// Cells are matched with the items they had by ``MediaItem/id`` (an id listed twice: in order, the playing cell's
    /// first). The playing cell
    /// keeps its player when its item is still in the feed, and if it moved the hosts hear `.playing` at its new
    /// index; if its item left the feed it stops (`.stopped` at the index it had) and its lease is given back. A
    /// paused cell, a cell settling and an acquire in flight follow their items likewise. The pool's focus follows
    /// the playing cell into the new items: preloads of items still in the window are kept (the pool matches them as
    /// media, not by index), so a refresh that shifts indices costs no reload. While the playing cell's player is lent
    /// the indices follow at once, and a removal is carried out when the player comes back.
    ///
    /// Call it when the list takes the new items, and report the visible cells by their new indices from then on:
    /// nothing starts here, the next ``visibilityChanged(_:phase:)`` decides from where the cells now are.
    /// - Parameter newItems: The feed's media, by cell index.
    public func itemsChanged(_ newItems: [MediaItem]) async {
        if refreshLent() { decideFromLatest() }
        let reindex = FeedReindex(from: items, to: newItems, matchingFirst: held?.index ?? acquiring?.index)
        items = newItems
        take(selector.cellsChanged(count: newItems.count, newIndex: reindex.newIndex(of:)))
        failedIndex = failedIndex.flatMap(reindex.newIndex(of:))
        // Read first, then written: an optional chain's assignment holds its access while the right side runs.
        if let kept = latest {
            let cells = kept.cells.compactMap { cell in
                reindex.newIndex(of: cell.index).map {
                    CellVisibility(
                        index: $0, visibleFraction: cell.visibleFraction, distanceFromCenter: cell.distanceFromCenter)
                }
            }
            latest = (cells, kept.phase)
        }
        if let flight = acquiring { acquiring = (flight.index.flatMap(reindex.newIndex(of:)), flight.id, flight.task) }
        if let current = held {
            held?.index = current.index.flatMap(reindex.newIndex(of:))
            if let index = held?.index, index != current.told {
                held?.told = index
                tell(.playing(index: index, lease: current.lease))
            }
        }
        if let focus = held?.index ?? acquiring?.index {
            await pool.focus(on: focus, in: newItems, window: window)
        }
        await carryOut()
    }

    /// Tells the hosts.
    private func tell(_ change: Change) {
        readers.tell(change)
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
            if let current = held, isUnwanted(current, wanted: wanted) {
                held = nil
                tell(.stopped(index: current.told))
                try? await session.giveBack(current.lease)
                continue
            }
            if let flight = acquiring, flight.index == nil || flight.index != wanted {
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

    /// Whether the held lease goes back: its item left the feed, or another cell (or none) is wanted and it is not a
    /// paused cell that holds autoplay back.
    private func isUnwanted(_ current: (index: Int?, told: Int, lease: PlayerLease, isPaused: Bool), wanted: Int?)
        -> Bool
    {
        guard let index = current.index else { return true }
        guard index != wanted else { return false }
        return !current.isPaused || wanted != nil || !selector.isHeldBack(by: index)
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
            await self.acquireEnded(id: id, result: result)
        }
        acquiring = (index, id, task)
    }

    private func acquireEnded(id: UInt64, result: Result<PlayerLease, PlayerPoolError>) async {
        guard let flight = acquiring, flight.id == id else { return }
        acquiring = nil
        // The cell's index now: the feed may have changed while the acquire ran.
        switch (result, flight.index) {
        case (.success(let lease), let index?):
            held = (index, index, lease, false)
            watchHolders()
            tell(.playing(index: index, lease: lease))
        case (.success(let lease), nil):
            // Its item left the feed: never shown, given back at once.
            try? await session.giveBack(lease)
        case (.failure(.cancelled), _), (.failure, nil):
            break
        case (.failure, let index?):
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
            tell(.stopped(index: held.told))
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
