/// Checks for the stress harness and tests in this package (some are used by the stress tool only, so the
/// test suite's coverage does not reach them).
extension PlayerPool {
    /// The state machine's invariant violations now; empty when every rule holds.
    package func checkInvariants() -> [String] { shell.machine.checkInvariants() }

    /// Continuations still waiting in the shell; zero at quiescence when nobody waits.
    package var pendingContinuations: Int { shell.waits.count + shell.finished.count }

    /// Notices kept for the page and not yet read.
    package func unreadNotices(of page: PageSession) -> Int { shell.notices[page.id]?.unread ?? 0 }

    /// Readers of the page's notices waiting for one now; zero once the page is closed.
    package func waitingNoticeReaders(of page: PageSession) -> Int { shell.notices[page.id]?.waitingReaders ?? 0 }

    /// `.failed` notices the pool has sent, one per holder of each failed engine.
    package var failureNoticesSent: Int { shell.failureNoticesSent }

    /// Failed engines not yet shut down: out of `capacity`, still counted as live.
    package var failedEngineCount: Int { shell.machine.failedEngines.count }

    /// For each recently failed player, the first grant epoch made after its failure.
    package var failureEpochs: [PlayerID: UInt64] { shell.machine.failedPlayers.mapValues(\.epoch) }

    /// Fails the player's engine as if it had reported a failure, for the stress harness's side pool.
    package func reportFailure(of player: PlayerID, reason: String) {
        engineReportedFailure(player, reason: reason)
    }

    /// Makes every apply an engine does not take at once (``PlaybackEngine/applyImmediately(_:)``) run on its
    /// engine's lane, as on Apple systems before 26, where `Task.immediate` does not exist: tests run the same
    /// handoffs both ways.
    package func useLanesForApplies() { shell.startsApplyTasks = false }

    /// Failures the engines' lanes noted and nobody took yet; zero once every failed engine is shut down.
    package var pendingFailureNotes: Int { shell.failureReports.pending }

    /// Timers still armed in the shell.
    package var armedTimers: Int { shell.timers.count }

    /// Seeks waiting for their turn on the player's lane.
    package func queuedSeeks(on player: PlayerID) -> Int { shell.machine.players[player]?.seeks.count ?? 0 }

    /// Status streams open now.
    package var openStatusStreams: Int { shell.statusStreams.streams.count }
}

extension PlayerPool {
    /// How many revoked grants of the page the pool remembers, so that their leases answer `.leaseRevoked`.
    func rememberedRevocations(of page: PageSession) -> Int {
        shell.machine.sessions.read(page.id) { $0.revoked.count } ?? 0
    }

    /// How many grants of the page whose engine failed the pool remembers, with the reason their leases answer.
    func rememberedFailures(of page: PageSession) -> Int {
        shell.machine.sessions.read(page.id) { $0.failed.count } ?? 0
    }
}
