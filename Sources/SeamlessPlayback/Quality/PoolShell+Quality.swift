/// The pool's record of playback quality, fed by the shell.
extension PoolShell {
    /// The player's active holder changed: the ledger ends the old holder's run and begins the new one's, and the
    /// run that ended is reported to the event streams, built only while someone subscribes.
    /// Called only for a player whose engine reported or that the ledger tracks: the handoff path of a pool whose
    /// engines report nothing pays two lookups.
    @inline(never)
    mutating func activeChanged(_ player: PlayerID, to grant: Grant?) {
        let stack = machine.holders(of: player)
        let report = quality.activeChanged(
            player, to: grant.map { LeaseKey(player: $0.player, epoch: $0.epoch, session: $0.session) },
            page: grant?.sessionName ?? "",
            since: grant.flatMap { grant in stack.first { $0.epoch == grant.epoch }?.since },
            media: grant?.media, phase: machine.reportedPhase(of: player),
            isPaused: grant.flatMap { machine.isPaused($0.session) } ?? false,
            isHeld: { epoch in stack.contains { $0.epoch == epoch } },
            reports: !subscribers.isEmpty, now: clock.now)
        // Told after the input's other events (the handoff before the lender's figures).
        if let report { qualityReports.append(.qualityReported(player, session: report.page, report.quality)) }
    }

    /// A seek through the lease was carried out.
    mutating func seeked(_ lease: LeaseKey, by session: SessionID) {
        let isHeld = if case .success = machine.validate(lease, by: session) { true } else { false }
        quality.seeked(lease, isHeld: isHeld)
    }

    /// Publishes the runs' figures the input's changes of active holder ended.
    @inline(never)
    mutating func publishQualityReports() {
        let reports = qualityReports
        qualityReports = []
        for report in reports { publish(report) }
    }

    /// One of the engine's reports, for the ledger (before the machine takes it: a status stream's reader may move
    /// the clock on as soon as it hears the status).
    mutating func reportedForQuality(_ player: PlayerID, _ status: PlaybackStatus, isSuperseded: Bool) {
        quality.reported(player, status.phase, isSuperseded: isSuperseded, reading: machine, now: clock.now)
    }
}

extension PlayerPool {
    /// The sum of every lease's ``PlaybackQuality`` so far, open runs counted up to now: startup times added over
    /// the leases that started, times and counts over all.
    public var quality: PlaybackQuality {
        shell.quality.total(now: shell.clock.now)
    }

    /// The lease's figures, or empty ones when the lease is not the page's or the pool forgot it.
    func quality(of lease: PlayerLease, session: SessionID) -> PlaybackQuality {
        guard lease.key.session == session else { return PlaybackQuality() }
        return shell.quality.quality(of: lease.key, now: shell.clock.now)
    }
}

extension PageSession {
    /// How playback of the lease went so far (``PlaybackQuality``), its current run counted up to now.
    ///
    /// Readable while the lease lasts and after it ends (the pool keeps the latest
    /// 256 ended leases); a lease of another page, or one the pool forgot, reads as empty figures.
    /// - Parameter lease: A lease this page holds or held.
    /// - Returns: The lease's figures.
    public nonisolated func quality(of lease: PlayerLease) async -> PlaybackQuality {
        await pool.quality(of: lease, session: id)
    }
}
