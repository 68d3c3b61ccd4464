/// The pool's record of playback quality, fed by the shell.
extension PoolShell {
    /// The player's active holder changed: the ledger ends the old holder's run and begins the new one's, and the
    /// run that ended is reported to the event streams, built only while someone subscribes.
    /// Called only for a player whose engine reported or that the ledger tracks: the handoff path of a pool whose
    /// engines report nothing pays two lookups.
    @inline(never)
    mutating func activeChanged(_ player: PlayerID, to grant: Grant?) {
        var phase = machine.statuses.read(player) { $0.status.phase }
        // A `.playing` the engine reported before the new holder's paused settings landed is not the holder's.
        if phase == .playing, let grant, machine.sessions.read(grant.session, { $0.settings.isPaused }) == true {
            phase = .paused(.requested)
        }
        let stack = machine.players.read(player) { $0.stack } ?? []
        let since = grant.flatMap { grant in stack.first { $0.epoch == grant.epoch }?.since }
        let report = quality.activeChanged(
            player, to: grant.map { LeaseKey(player: $0.player, epoch: $0.epoch, session: $0.session) },
            page: grant?.sessionName ?? "", since: since, media: grant?.media, phase: phase,
            isHeld: { epoch in stack.contains { $0.epoch == epoch } },
            reports: !subscribers.isEmpty, now: clock.now)
        // Told after the input's other events (the handoff before the lender's figures).
        if let report { qualityReports.append(.qualityReported(player, session: report.page, report.quality)) }
    }

    /// A seek through the lease was carried out: counted for it while the page still holds it, and only in the sum
    /// otherwise (a record made for an ended lease would hide its own).
    mutating func seeked(_ lease: LeaseKey, by session: SessionID) {
        guard case .success = machine.validate(lease, by: session), quality.tracks(lease.player) else {
            quality.sum.seekCount += 1
            return
        }
        quality.seeked(lease)
    }

    /// Publishes the runs' figures the input's changes of active holder ended.
    @inline(never)
    mutating func publishQualityReports() {
        let reports = qualityReports
        qualityReports = []
        for report in reports { publish(report) }
    }

    /// The engine's report, for the active holder's run.
    mutating func reportedForQuality(_ player: PlayerID, _ phase: PlaybackPhase) {
        if !quality.isRunning(player), let holder = shownHolder(of: player) {
            quality.begin(
                player, lease: LeaseKey(player: player, epoch: holder.epoch, session: holder.session),
                page: machine.name(of: holder.session), since: holder.since,
                phase: machine.statuses.read(player) { $0.status.phase }, now: clock.now)
        }
        quality.reported(player, phase, now: clock.now)
    }

    /// The holder whose settings the player shows, if any.
    private func shownHolder(of player: PlayerID) -> Holder? {
        machine.players.read(player) { player -> Holder? in
            guard let epoch = player.shownEpoch else { return nil }
            return player.stack.first { $0.epoch == epoch }
        } ?? nil
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
