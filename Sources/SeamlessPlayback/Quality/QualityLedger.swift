/// The pool's record of how playback went, lease by lease: a pure, synchronous type the pool's shell feeds with the
/// changes of active holder, the engines' status reports, seeks and load retries, each with the time on the pool's
/// clock.
///
/// Each player has at most one open *run*: its active holder's time since it became active, in the phase the engine
/// last reported. A run accrues ``PlaybackQuality/playingTime`` in ``PlaybackPhase/playing`` and
/// ``PlaybackQuality/stallTime`` in ``PlaybackPhase/buffering`` after the lease first played; other phases accrue
/// nothing. The clock is read only when a run accrues or a start is to be timed: a pool whose engines report nothing
/// reads no clock here.
///
/// A lease's record lives with its player while the lease is in the player's stack, then among the latest
/// ``endedLimit`` ended leases, where it stays readable.
struct QualityLedger {
    /// How many ended leases stay readable.
    static let endedLimit = 256

    /// One lease's figures.
    struct Record {
        let epoch: UInt64
        let session: SessionID
        var quality = PlaybackQuality()
        /// When the acquire or borrow that began the lease was called, once the pool knows the lease.
        var startedAt: Duration?
        /// When the lease first saw its player playing while active.
        var firstPlayingAt: Duration?
    }

    /// The active holder's open run on one player.
    struct Run {
        let epoch: UInt64
        /// The page's name, for the report of the run.
        let page: String
        var phase: PlaybackPhase?
        /// Since when the run has been in `phase`; meaningful only while the phase accrues.
        var since: Duration = .zero
    }

    /// One player's records and run.
    struct PlayerLedger {
        var records: [Record] = []
        var run: Run?
        /// Retries of the player's load of this media that no lease took yet.
        var retries: (media: MediaItem, count: Int)?
    }

    var players = IDMap<PlayerID, PlayerLedger>()
    /// Ended leases, at most ``endedLimit``: a ring whose next slot to fill is `nextEnded`.
    var ended: [(key: LeaseKey, quality: PlaybackQuality)] = []
    var nextEnded = 0
    /// The sum over every lease, but for what open runs accrued since their phase last changed.
    var sum = PlaybackQuality()

    /// Whether the player's active holder has an open run: status reports matter only then.
    func isRunning(_ player: PlayerID) -> Bool {
        players.read(player) { $0.run != nil } == true
    }

    /// Whether the ledger keeps anything for the player.
    @inline(__always)  // Asked on the handoff path at each change of active holder: one load while nothing is tracked.
    func tracks(_ player: PlayerID) -> Bool {
        !players.isEmpty && players.contains(player)
    }

    /// The player's ledger, taken out of the table so that changing it copies nothing; put it back with `put`.
    mutating func take(_ player: PlayerID) -> PlayerLedger {
        players.removeValue(forKey: player) ?? PlayerLedger()
    }

    /// Puts a player's ledger back, unless it holds nothing.
    mutating func put(_ ledger: consuming PlayerLedger, of player: PlayerID) {
        guard !ledger.records.isEmpty || ledger.run != nil || ledger.retries != nil else { return }
        players[player] = ledger
    }
}

extension QualityLedger {
    /// The player's active holder changed: the old holder's run ends, the new one's begins in `phase`, the phase the
    /// engine last reported. Records of leases no longer in the player's stack move to the ended ones.
    /// - Parameters:
    ///   - player: The player.
    ///   - lease: The new active holder, or `nil` when no page holds the player.
    ///   - page: The new active holder's page's name.
    ///   - since: When the acquire or borrow that made the new holder was called.
    ///   - media: What the player plays, for the retries the new holder takes.
    ///   - phase: The engine's latest reported phase, or `nil` when it reported none.
    ///   - isPaused: Whether the new holder's settings pause the player: a `.playing` the engine reported before
    ///     they landed is not the holder's, and its run begins paused.
    ///   - isHeld: Whether an epoch is still in the player's stack.
    ///   - reports: Whether to return the quality of the run that ended.
    ///   - now: The pool's clock; read at most once, and only when a run accrues or a start is timed.
    /// - Returns: The lease whose run ended, its page's name and its quality, when `reports` and a run ended.
    mutating func activeChanged(
        _ player: PlayerID, to lease: LeaseKey?, page: String = "", since: Duration? = nil, media: MediaItem?,
        phase reported: PlaybackPhase?, isPaused: Bool = false,
        isHeld: (UInt64) -> Bool, reports: Bool, now: () -> Duration
    ) -> (lease: LeaseKey, page: String, quality: PlaybackQuality)? {
        let phase = reported == .playing && isPaused ? .paused(.requested) : reported
        var time: Duration?
        func read() -> Duration {
            if let time { return time }
            let value = now()
            time = value
            return value
        }
        var ledger = take(player)
        var report: (lease: LeaseKey, page: String, quality: PlaybackQuality)?
        if let run = ledger.run {
            if Self.accrues(run.phase, ledger.records.first { $0.epoch == run.epoch }) {
                accrue(run, into: &ledger, until: read())
            }
            if reports, let record = ledger.records.first(where: { $0.epoch == run.epoch }) {
                report = (LeaseKey(player: player, epoch: run.epoch, session: record.session), run.page, record.quality)
            }
            ledger.run = nil
        }
        if let lease {
            if let index = ledger.records.firstIndex(where: { $0.epoch == lease.epoch }) {
                if ledger.records[index].startedAt == nil { ledger.records[index].startedAt = since }
            } else {
                var record = Record(epoch: lease.epoch, session: lease.session)
                record.startedAt = since
                if let retries = ledger.retries, MediaItem.same(retries.media, media) {
                    record.quality.loadRetries = retries.count
                    ledger.retries = nil
                }
                ledger.records.append(record)
            }
            var run = Run(epoch: lease.epoch, page: page, phase: phase)
            if phase == .playing { firstPlaying(lease.epoch, in: &ledger, at: read()) }
            if Self.accrues(phase, ledger.records.first { $0.epoch == lease.epoch }) { run.since = read() }
            ledger.run = run
        }
        sweep(&ledger, of: player, isHeld: isHeld)
        put(ledger, of: player)
        return report
    }

    /// Who a run begins for when the engine of a player the ledger does not track reports: the player's active
    /// holder, its page's name, and when its acquire or borrow was called.
    struct Holder {
        let lease: LeaseKey
        let page: String
        let since: Duration
    }

    /// One report of the player's engine, as the pool hears it: a superseded `.playing` (the echo of an apply a later
    /// one overrode, ``PoolStateMachine/superseded(in:)``) counts for nothing; the first report while the player has
    /// an active holder but no run begins the holder's run, in the phase the engine reported before.
    /// - Parameters:
    ///   - player: The player.
    ///   - phase: What the engine reported.
    ///   - isSuperseded: Whether a later requested pause of the same engine is already known.
    ///   - previous: The phase the engine reported before this one, if any.
    ///   - holder: The player's active holder, asked only when the player has no run.
    ///   - now: The pool's clock, read only when the player has an active run.
    mutating func reported(
        _ player: PlayerID, _ phase: PlaybackPhase, isSuperseded: Bool, previous: PlaybackPhase?,
        holder: () -> Holder?, now: () -> Duration
    ) {
        if isSuperseded, phase == .playing { return }
        if !isRunning(player), let holder = holder() {
            begin(player, lease: holder.lease, page: holder.page, since: holder.since, phase: previous, now: now)
        }
        reported(player, phase, now: now)
    }

    /// One report of the player's engine, as the pool hears it (``reported(_:_:isSuperseded:previous:holder:now:)``),
    /// with the phase before and the active holder read from `machine`.
    mutating func reported(
        _ player: PlayerID, _ phase: PlaybackPhase, isSuperseded: Bool, reading machine: PoolStateMachine,
        now: () -> Duration
    ) {
        reported(
            player, phase, isSuperseded: isSuperseded, previous: machine.reportedPhase(of: player),
            holder: {
                machine.shownHolder(of: player).map { holder in
                    Holder(
                        lease: LeaseKey(player: player, epoch: holder.epoch, session: holder.session),
                        page: machine.name(of: holder.session), since: holder.since)
                }
            }, now: now)
    }

    /// The player's engine reported `phase`; counts for the active holder's run, if there is one.
    /// - Parameters:
    ///   - player: The player.
    ///   - phase: What the engine reported.
    ///   - now: The pool's clock, read only when the player has an active run.
    mutating func reported(_ player: PlayerID, _ phase: PlaybackPhase, now: () -> Duration) {
        guard isRunning(player) else { return }
        var ledger = take(player)
        defer { put(ledger, of: player) }
        guard var run = ledger.run, let index = ledger.records.firstIndex(where: { $0.epoch == run.epoch }) else {
            return
        }
        let time = now()
        if Self.accrues(run.phase, ledger.records[index]) { accrue(run, into: &ledger, until: time) }
        if phase == .buffering, run.phase != .buffering, ledger.records[index].firstPlayingAt != nil {
            ledger.records[index].quality.stallCount += 1
            sum.stallCount += 1
        }
        if phase == .playing { firstPlaying(run.epoch, in: &ledger, at: time) }
        run.phase = phase
        run.since = time
        ledger.run = run
    }

    /// The first report of an untracked player's engine while `lease` is its active holder: the lease's run begins
    /// now, in the phase the engine reported before (if any).
    mutating func begin(
        _ player: PlayerID, lease: LeaseKey, page: String, since: Duration?, phase: PlaybackPhase?,
        now: () -> Duration
    ) {
        _ = activeChanged(
            player, to: lease, page: page, since: since, media: nil, phase: phase, isHeld: { _ in true },
            reports: false, now: now)
    }

    /// The player is gone: what the ledger keeps of it ends.
    mutating func forget(_ player: PlayerID, now: () -> Duration) {
        guard var ledger = players.removeValue(forKey: player) else { return }
        if let run = ledger.run, Self.accrues(run.phase, ledger.records.first { $0.epoch == run.epoch }) {
            accrue(run, into: &ledger, until: now())
        }
        ledger.run = nil
        sweep(&ledger, of: player) { _ in false }
    }

    /// A seek through the lease was carried out: counted for it while its page still holds it and its player is
    /// tracked, and only in the sum otherwise (a record made for an ended lease would hide its own).
    /// - Parameters:
    ///   - lease: The lease the seek went through.
    ///   - isHeld: Whether its page still holds it (``PoolStateMachine/validate(_:by:)``).
    mutating func seeked(_ lease: LeaseKey, isHeld: Bool) {
        guard isHeld, tracks(lease.player) else {
            sum.seekCount += 1
            return
        }
        seeked(lease)
    }

    /// A seek through the lease was carried out: counted for it.
    mutating func seeked(_ lease: LeaseKey) {
        var (ledger, index) = record(of: lease)
        ledger.records[index].quality.seekCount += 1
        put(ledger, of: lease.player)
        sum.seekCount += 1
    }

    /// The player's load of `media` is tried again: the next lease of the player that plays it takes the count.
    mutating func retried(_ player: PlayerID, _ media: MediaItem) {
        var ledger = take(player)
        let count = ledger.retries.flatMap { MediaItem.same($0.media, media) ? $0.count : nil } ?? 0
        ledger.retries = (media, count + 1)
        put(ledger, of: player)
        sum.loadRetries += 1
    }
}
