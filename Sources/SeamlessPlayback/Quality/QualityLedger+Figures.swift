extension QualityLedger {
    /// A lease's figures so far, its open run counted up to `now`; a lease the ledger never saw has none.
    /// - Parameters:
    ///   - lease: The lease; its session must match.
    ///   - now: The pool's clock, read only when the lease's run accrues.
    func quality(of lease: LeaseKey, now: () -> Duration) -> PlaybackQuality {
        if let ledger = players[lease.player],
            let record = ledger.records.first(where: { $0.epoch == lease.epoch })
        {
            guard record.session == lease.session else { return PlaybackQuality() }
            guard let run = ledger.run, run.epoch == lease.epoch else { return record.quality }
            return Self.accrued(record.quality, run: run, record: record, until: now)
        }
        return ended.first { $0.key == lease }?.quality ?? PlaybackQuality()
    }

    /// The sum over every lease so far, open runs counted up to `now`.
    /// - Parameter now: The pool's clock, read only when a run accrues.
    func total(now: () -> Duration) -> PlaybackQuality {
        var total = sum
        for (_, ledger) in players {
            guard let run = ledger.run, let record = ledger.records.first(where: { $0.epoch == run.epoch }) else {
                continue
            }
            let open = Self.accrued(PlaybackQuality(), run: run, record: record, until: now)
            total.playingTime += open.playingTime
            total.stallTime += open.stallTime
        }
        return total
    }

    // MARK: Parts

    /// Whether a run in `phase` gains time: playing, or a stall after the lease first played.
    static func accrues(_ phase: PlaybackPhase?, _ record: Record?) -> Bool {
        phase == .playing || (phase == .buffering && record?.firstPlayingAt != nil)
    }

    /// `quality` with the time the run spent in its phase since it entered it, up to `now`.
    static func accrued(_ quality: PlaybackQuality, run: Run, record: Record, until now: () -> Duration)
        -> PlaybackQuality
    {
        guard accrues(run.phase, record) else { return quality }
        var result = quality
        let elapsed = max(.zero, now() - run.since)
        if run.phase == .playing { result.playingTime += elapsed } else { result.stallTime += elapsed }
        return result
    }

    /// Adds the time the run spent in its phase up to `time` to its lease's record and the sum.
    mutating func accrue(_ run: Run, into ledger: inout PlayerLedger, until time: Duration) {
        guard let index = ledger.records.firstIndex(where: { $0.epoch == run.epoch }) else { return }
        let elapsed = max(.zero, time - run.since)
        if run.phase == .playing {
            ledger.records[index].quality.playingTime += elapsed
            sum.playingTime += elapsed
        } else {
            ledger.records[index].quality.stallTime += elapsed
            sum.stallTime += elapsed
        }
    }

    /// The lease saw its player playing at `time`: the first time, that ends its start.
    mutating func firstPlaying(_ epoch: UInt64, in ledger: inout PlayerLedger, at time: Duration) {
        guard let index = ledger.records.firstIndex(where: { $0.epoch == epoch }),
            ledger.records[index].firstPlayingAt == nil
        else { return }
        ledger.records[index].firstPlayingAt = time
        startup(of: &ledger.records[index])
    }

    /// Sets the record's startup time once both its ends are known.
    mutating func startup(of record: inout Record) {
        guard record.quality.startupTime == nil, let start = record.startedAt, let playing = record.firstPlayingAt
        else { return }
        let startup = max(.zero, playing - start)
        record.quality.startupTime = startup
        sum.startupTime = (sum.startupTime ?? .zero) + startup
    }

    /// Moves the records of leases no longer in the player's stack, and not running, to the ended ones.
    mutating func sweep(_ ledger: inout PlayerLedger, of player: PlayerID, isHeld: (UInt64) -> Bool) {
        ledger.records.removeAll { record in
            guard record.epoch != ledger.run?.epoch, !isHeld(record.epoch) else { return false }
            let entry = (key: LeaseKey(player: player, epoch: record.epoch, session: record.session), record.quality)
            if ended.count < Self.endedLimit {
                ended.append(entry)
            } else {
                ended[nextEnded] = entry
            }
            nextEnded = (nextEnded + 1) % Self.endedLimit
            return true
        }
    }

    /// The lease's player's ledger and the index of the lease's record in it, made when the ledger has none yet.
    mutating func record(of lease: LeaseKey) -> (PlayerLedger, Int) {
        var ledger = take(lease.player)
        if let index = ledger.records.firstIndex(where: { $0.epoch == lease.epoch }) { return (ledger, index) }
        ledger.records.append(Record(epoch: lease.epoch, session: lease.session))
        return (ledger, ledger.records.count - 1)
    }
}
