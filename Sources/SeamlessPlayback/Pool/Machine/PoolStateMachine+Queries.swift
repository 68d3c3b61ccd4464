/// What the shell may read of the machine besides the actions it hands over: facts to feed the pool's other pure
/// types (the quality ledger, the status streams, the notice mailboxes), never a decision. Each query reads; none
/// changes the machine.
extension PoolStateMachine {
    /// The phase the player's engine last reported, or `nil` when it reported none.
    func reportedPhase(of player: PlayerID) -> PlaybackPhase? {
        statuses.read(player) { $0.status.phase }
    }

    /// Whether the player's engine ever reported a status (a status report was kept for it).
    @inline(__always)  // Asked on the handoff path at each change of active holder.
    func hasReported(_ player: PlayerID) -> Bool {
        !statuses.isEmpty && statuses.contains(player)
    }

    /// Whether the page's settings are paused; `nil` when the page is gone.
    func isPaused(_ session: SessionID) -> Bool? {
        sessions.read(session) { $0.settings.isPaused }
    }

    /// The player's holders, owner first; empty for a player the machine does not know.
    func holders(of player: PlayerID) -> [Holder] {
        players.read(player) { $0.stack } ?? []
    }

    /// The holder whose settings the player shows (its active holder once they landed), if any.
    func shownHolder(of player: PlayerID) -> Holder? {
        players.read(player) { player -> Holder? in
            guard let epoch = player.shownEpoch else { return nil }
            return player.stack.first { $0.epoch == epoch }
        } ?? nil
    }

    /// What a page's status stream of the grant `epoch` of `player` hears now.
    func statusView(of player: PlayerID, epoch: UInt64) -> StatusView {
        guard let state = players[player], state.stack.contains(where: { $0.epoch == epoch && $0.pending == nil })
        else { return StatusView(isHeld: false, isActive: false, latest: nil) }
        return StatusView(isHeld: true, isActive: state.shownEpoch == epoch, latest: statuses[player])
    }

    /// Whether the player's engine counts as failed: a job handed to its lane but not started must not reach it.
    func hasFailed(_ player: PlayerID) -> Bool {
        failedEngines[player] != nil
    }
}
