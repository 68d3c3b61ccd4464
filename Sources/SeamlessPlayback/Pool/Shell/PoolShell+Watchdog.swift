/// The watchdog's timer and what its firing means, carried out by the shell: ``Watchdog`` decides, the shell keeps
/// the one task that sleeps until its earliest deadline.
extension PoolShell {
    /// Starts timing a job that was handed to a lane, when the configuration bounds it.
    mutating func timeCall(_ job: EngineJob, on id: PlayerID) {
        carryOut(watchdog.callStarted(job, on: id, now: clock.now()))
    }

    /// The call running on the player was cancelled: it must stop soon (``Watchdog/callCancelled(on:what:now:)``).
    mutating func callCancelled(on id: PlayerID, what: String) {
        carryOut(watchdog.callCancelled(on: id, what: what, now: clock.now()))
    }

    /// The call on the player returned.
    @inline(__always)  // On the handoff path, after every apply.
    mutating func callReturned(on id: PlayerID) {
        if watchdog.timesCalls { watchdog.callReturned(on: id) }
    }

    @inline(never)  // Out of `carryOut`: it may start a task.
    mutating func watchHold(_ id: PlayerID, epoch: UInt64) {
        carryOut(watchdog.holdStarted(id, epoch: epoch, now: clock.now()))
    }

    mutating func unwatchHold(_ epoch: UInt64) {
        watchdog.holdEnded(epoch)
    }

    /// Fails the engines whose call is overdue, warns of borrows held too long, and sleeps again.
    mutating func watchdogFired() {
        watchdogTask = nil
        let now = clock.now()
        for action in watchdog.fired(now: now) { carryOut(action, now: now) }
        carryOut(watchdog.rearm())
    }

    /// An engine reported that it can no longer play.
    mutating func engineReportedFailure(_ id: PlayerID, reason: String) {
        let now = clock.now()
        carryOutFailure(of: id) { $0.engineFailed(id, reason: reason, now: now) }
    }

    /// Carries out one of the watchdog's actions.
    private mutating func carryOut(_ action: Watchdog.Action?, now: Duration = .zero) {
        switch action {
        case nil:
            return
        case .wake(let deadline):
            watchdogTask?.cancel()
            let sleep = clock.sleep
            let pool = self.pool
            watchdogTask = Task {
                do { try await sleep(deadline) } catch { return }
                await pool.pool?.watchdogFired()
            }
        case .timedOut(let id, let call):
            carryOutFailure(of: id) { $0.callTimedOut(id, call: call, now: now) }
        case .heldTooLong(let player, let epoch, let heldFor):
            run { $0.holdTimerFired(player, epoch: epoch, heldFor: heldFor) }
        }
    }

    /// Carries out what the machine decided about a failure; once the engine counts as failed, a job already
    /// handed to its lane but not started must not reach it any more.
    private mutating func carryOutFailure(of id: PlayerID, _ input: (inout PoolStateMachine) -> Void) {
        run(input)
        if machine.hasFailed(id) { lanes[id]?.markFailed() }
    }
}
