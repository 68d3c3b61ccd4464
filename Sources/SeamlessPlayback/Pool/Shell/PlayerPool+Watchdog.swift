/// The pool's timeouts on engine calls and its warnings on long borrows.
extension PlayerPool {
    /// Deadlines of the calls in flight (at most one per engine) and of the borrows being watched, and the
    /// single task that sleeps until the earliest of them. No task per call: the task is re-armed only when
    /// a deadline earlier than its own appears.
    struct Watchdog {
        struct Call {
            let deadline: Duration
            let what: String
        }

        struct Hold {
            let player: PlayerID
            let since: Duration
            let deadline: Duration
        }

        var calls: [PlayerID: Call] = [:]
        var holds: [UInt64: Hold] = [:]
        var task: Task<Void, Never>?
        var target: Duration?

        /// The earliest deadline of all.
        var earliest: Duration? {
            let call = calls.values.lazy.map(\.deadline).min()
            let hold = holds.values.lazy.map(\.deadline).min()
            switch (call, hold) {
            case (let call?, let hold?): return Swift.min(call, hold)
            case (let call, let hold): return call ?? hold
            }
        }

        mutating func stop() {
            task?.cancel()
            task = nil
            target = nil
            calls = [:]
            holds = [:]
        }
    }
}

extension PlayerPool {
    func watchdogFired() { shell.watchdogFired() }

    /// An engine reported that it can no longer play.
    func engineReportedFailure(_ id: PlayerID, reason: String) { shell.engineReportedFailure(id, reason: reason) }
}

/// The watchdog's bookkeeping, carried out by the shell.
extension PoolShell {
    /// Starts timing a load or apply that was handed to a lane, when the configuration bounds it.
    mutating func timeCall(_ job: EngineJob, on id: PlayerID) {
        let limit: Duration?
        let what: String
        switch job {
        case .load(let media):
            (limit, what) = (configuration.loadTimeout, "load of \(media)")
        case .apply:
            (limit, what) = (configuration.applyTimeout, "apply")
        case .seek(let position, _):
            (limit, what) = (configuration.applyTimeout, "seek to \(position)")
        case .create, .shutDown:
            return
        }
        guard let limit else { return }
        let deadline = clock.now() + limit
        watchdog.calls[id] = PlayerPool.Watchdog.Call(
            deadline: deadline, what: "\(what) did not return within \(limit)")
        arm(deadline)
    }

    /// Bounds the call running on the player by `limit` from now, if that is sooner than its own deadline.
    mutating func shortenCall(on id: PlayerID, to limit: Duration?, what: String) {
        guard let limit else { return }
        let deadline = clock.now() + limit
        if let call = watchdog.calls[id], call.deadline <= deadline { return }
        watchdog.calls[id] = PlayerPool.Watchdog.Call(deadline: deadline, what: "\(what) did not stop within \(limit)")
        arm(deadline)
    }

    /// The call on the player returned.
    mutating func callReturned(on id: PlayerID) {
        if !watchdog.calls.isEmpty { watchdog.calls[id] = nil }
    }

    @inline(never)  // Out of `carryOut`: it may start a task.
    mutating func watchHold(_ id: PlayerID, epoch: UInt64) {
        guard let threshold = configuration.borrowWarningThreshold else { return }
        let now = clock.now()
        watchdog.holds[epoch] = PlayerPool.Watchdog.Hold(player: id, since: now, deadline: now + threshold)
        arm(now + threshold)
    }

    mutating func unwatchHold(_ epoch: UInt64) {
        watchdog.holds[epoch] = nil
    }

    /// Makes the watchdog wake at `deadline` if it would wake later (or not at all).
    private mutating func arm(_ deadline: Duration) {
        if let target = watchdog.target, target <= deadline { return }
        watchdog.task?.cancel()
        watchdog.target = deadline
        let sleep = clock.sleep
        let pool = self.pool
        watchdog.task = Task {
            do { try await sleep(deadline) } catch { return }
            await pool.pool?.watchdogFired()
        }
    }

    /// Fails the engines whose call is overdue, warns of borrows held too long, and sleeps again.
    mutating func watchdogFired() {
        watchdog.task = nil
        watchdog.target = nil
        let now = clock.now()
        for (id, call) in watchdog.calls where call.deadline <= now {
            watchdog.calls[id] = nil
            carryOutFailure(of: id) { $0.callTimedOut(id, call: call.what, now: now) }
        }
        for (epoch, hold) in watchdog.holds where hold.deadline <= now {
            watchdog.holds[epoch] = nil
            run { $0.holdTimerFired(hold.player, epoch: epoch, heldFor: now - hold.since) }
        }
        if let next = watchdog.earliest { arm(next) }
    }

    /// An engine reported that it can no longer play.
    mutating func engineReportedFailure(_ id: PlayerID, reason: String) {
        let now = clock.now()
        carryOutFailure(of: id) { $0.engineFailed(id, reason: reason, now: now) }
    }

    /// Carries out what the machine decided about a failure; once the engine counts as failed, a job already
    /// handed to its lane but not started must not reach it any more.
    private mutating func carryOutFailure(of id: PlayerID, _ input: (inout PoolStateMachine) -> [PoolAction]) {
        run(input)
        if machine.failedEngines[id] != nil { lanes[id]?.markFailed() }
    }
}
