/// Checks for the stress harness and tests in this package.
extension PlayerPool {
    /// The state machine's invariant violations now; empty when every rule holds.
    package func checkInvariants() -> [String] { machine.checkInvariants() }

    /// Continuations still waiting in the shell; zero at quiescence when nobody waits.
    package var pendingContinuations: Int { waits.count + finished.count }

    /// Notices kept for the page and not yet read.
    package func unreadNotices(of page: PageSession) -> Int { notices[page.id]?.unread ?? 0 }

    /// Timers still armed in the shell.
    package var armedTimers: Int { timers.count }
}
