/// The engines' status reports and the pages' status streams, carried out by the shell.
extension PoolShell {
    /// Hands the engine's waiting reports to the machine, one input each, in order.
    mutating func statusArrived(_ id: PlayerID, from inbox: StatusInbox) {
        let (reports, lost) = inbox.take()
        if lost { run { $0.statusReportsLost(id) } }
        for (status, isSuperseded) in zip(reports, PoolStateMachine.superseded(in: reports)) {
            reportedForQuality(id, status, isSuperseded: isSuperseded)
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
        let key = statusStreams.open(player: lease.player, epoch: lease.epoch, sink: continuation)
        let pool = self.pool
        continuation.onTermination = { _ in Task { await pool.pool?.unsubscribeStatus(key) } }
        refreshStatusStreams()
    }

    /// A status stream's reader stopped.
    mutating func unsubscribeStatus(_ key: UInt64) {
        statusStreams.close(key)
    }

    /// Carries out what ``StatusStreams`` says each stream hears after an input. Runs after every input while a
    /// stream is open, and only then.
    mutating func refreshStatusStreams() {
        for action in statusStreams.refresh(reading: machine) {
            switch action {
            case .yield(let key, let continuation, let status):
                if case .terminated = continuation.yield(status) {
                    // Its reader stopped before the stream was registered, so its termination handler never ran.
                    unsubscribeStatus(key)
                }
            case .finish(let continuation):
                continuation.finish()
            }
        }
    }
}
