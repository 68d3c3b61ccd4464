/// The engines' status reports and the pages' status streams, carried out by the shell.
extension PoolShell {
    /// One page's stream of a lease's status (``PageSession/status(of:)``).
    struct StatusStream {
        let player: PlayerID
        let epoch: UInt64
        let continuation: AsyncStream<PlaybackStatus>.Continuation
        /// Whether the lease was the active holder when the stream was last looked at.
        var wasActive = false
        /// The engine's report count (``ReportedStatus/count``) when the stream last heard a status.
        var heard: UInt64?
    }

    /// Hands the engine's waiting reports to the machine, one input each, in order.
    mutating func statusArrived(_ id: PlayerID, from inbox: StatusInbox) {
        let (reports, lost) = inbox.take()
        if lost { run { $0.statusReportsLost(id) } }
        for (status, isSuperseded) in zip(reports, PoolStateMachine.superseded(in: reports)) {
            // The ledger first: a status stream's reader may move the clock on as soon as it hears the status. A
            // superseded `.playing` is not playing for it.
            if !isSuperseded { reportedForQuality(id, status.phase) }
            run { $0.statusReported(id, status, isSuperseded: isSuperseded) }
        }
    }

    /// Opens a status stream of `lease` for its page; finishes it at once when the page does not hold the lease.
    mutating func subscribeStatus(
        _ lease: LeaseKey, by session: SessionID, continuation: AsyncStream<PlaybackStatus>.Continuation
    ) {
        guard case .success = machine.validate(lease, by: session) else {
            continuation.finish()
            return
        }
        let key = nextStatusStream
        nextStatusStream += 1
        let pool = self.pool
        continuation.onTermination = { _ in Task { await pool.pool?.unsubscribeStatus(key) } }
        statusStreams[key] = StatusStream(player: lease.player, epoch: lease.epoch, continuation: continuation)
        refreshStatusStreams()
    }

    /// Tells each status stream what is new for it: the latest status when its lease became the active holder (or
    /// the stream opened while it was), each report while it stays active; finishes the streams of leases that
    /// ended. Runs after every input while a stream is open, and only then.
    mutating func refreshStatusStreams() {
        for (key, var stream) in statusStreams {
            guard let player = machine.players[stream.player],
                player.stack.contains(where: { $0.epoch == stream.epoch && $0.pending == nil })
            else {
                stream.continuation.finish()
                statusStreams[key] = nil
                continue
            }
            let isActive = player.shownEpoch == stream.epoch
            if isActive, let reported = machine.statuses[stream.player],
                !stream.wasActive || stream.heard != reported.count
            {
                if case .terminated = stream.continuation.yield(reported.status) {
                    // Its reader stopped before the stream was registered, so its termination handler never ran.
                    statusStreams[key] = nil
                    continue
                }
                stream.heard = reported.count
            }
            stream.wasActive = isActive
            statusStreams[key] = stream
        }
    }
}
