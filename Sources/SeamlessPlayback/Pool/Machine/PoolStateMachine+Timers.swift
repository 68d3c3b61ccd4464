/// What the pool's clock says: an acquire's deadline, a call the watchdog found overdue, a borrow held long, a
/// retry's delay over. Each is an input the shell gives when a timer it armed for an action fires.
extension PoolStateMachine {
    /// A waiter's timer went off.
    mutating func timerFired(_ request: RequestID, now: Duration) {
        if case .grant(_, _, .acquire(_, let deadline?)) = requests[request] {
            return grantTimerFired(request, deadline: deadline, now: now)
        }
        guard case .waiting(let session, let media, let deadline?) = requests[request] else { return }
        guard now >= deadline else {
            out.append(.startTimer(request, deadline: deadline))
            return
        }
        dequeueWaiter(request)
        counters.timeouts += 1
        if publishesEvents { out.append(.emit(.timedOut(session: name(of: session), media))) }
        out.append(.fail(request, .timedOut))
    }

    /// An acquire's deadline passed before its grant completed: the grant ends with `.timedOut`, wherever it
    /// stands (its engine being made, its load or its apply running), and leaves nothing held. The media it waited
    /// for counts as failed for the feed's focus (not preloaded again while the focus lasts), and a load nobody
    /// else wants is cancelled.
    mutating func grantTimerFired(_ request: RequestID, deadline: Duration, now: Duration) {
        guard now >= deadline else {
            out.append(.startTimer(request, deadline: deadline))
            return
        }
        guard case .grant(let id, let epoch, _) = requests[request], let player = players[id],
            let index = player.stack.firstIndex(where: { $0.epoch == epoch })
        else { return }
        let session = player.stack[index].session
        counters.timeouts += 1
        if let media = player.media {
            if publishesEvents { out.append(.emit(.timedOut(session: name(of: session), media))) }
            if !MediaItem.same(player.loaded, media), feed?.wants(media) == true { feed?.failed.insert(media) }
        }
        // Marked failed first, so that removing the holder cuts a load nobody else wants short.
        _ = removeHolder(at: index, of: id, failingWith: .timedOut)
        serveWaiters()
        replenishPreloads()
    }

    /// A call on the player outlasted its timeout.
    /// - Parameters:
    ///   - id: The player.
    ///   - call: What the call was and how long it has run, for the failure's reason.
    ///
    /// The engine fails; or, when it had failed already (it reported a failure while the call ran), the call now
    /// counts as hung: a shutdown of the pool that waits for the engine stops waiting for it. An engine whose creation
    /// outlasted its timeout fails as one whose creation threw, and its lane is asked to shut it down as soon as it is
    /// made (a shutdown posted before the engine exists is the lane's first job), unused and unwaited. An engine whose
    /// shutdown outlasts its timeout leaves the pool at once, counted in ``PoolMetrics/abandoned`` until it returns: a
    /// shutdown or trim of the pool waits for it no more.
    mutating func callTimedOut(_ id: PlayerID, call: String, now: Duration) {
        if players[id] == nil {
            switch failedEngines[id] {
            case .callInFlight(let watchers)?:
                failedEngines[id] = .hung
                for request in watchers { stopWaiting(request, on: id) }
            case .shuttingDown(let watchers)?:
                failedEngines[id] = .shuttingDown(watchers: [])
                for request in watchers { stopWaiting(request, on: id) }
            case .hung?, nil:
                break
            }
            return
        }
        switch players[id]?.lane.job {
        case .load?, .apply?, .seek?, .unload?: break
        case .create?:
            out.append(.run(.shutDown, on: id))
            return engineCreationFailed(id, reason: call)
        case .shutDown?:
            return shutdownTimedOut(id)
        case nil: return
        }
        failEngine(id, reason: call, now: now, callHung: true)
    }

    /// A borrowed lease may have been held longer than the warning threshold.
    mutating func holdTimerFired(_ id: PlayerID, epoch: UInt64, heldFor: Duration) {
        guard let holder = players[id]?.stack.first(where: { $0.epoch == epoch }), holder.pending == nil else {
            return
        }
        out.append(.emit(.borrowHeldLong(id, session: name(of: holder.session), heldFor: heldFor)))
    }

    /// The delay before a retry of the player's load of `media` is over: the load starts again, if the player still
    /// wants the media.
    mutating func retryDue(_ id: PlayerID, media: MediaItem) {
        let due = players.modify(id) { player -> Bool in
            guard case .waiting(let failures) = player.retry, player.media == media else { return false }
            player.retry = .failed(failures)
            return true
        }
        guard due == true else { return }
        advance(id)
    }
}

extension PoolStateMachine {
    /// The player's engine did not shut down in time: the player leaves the pool at once (its slot is free, and the
    /// shutdowns and trims waiting for it stop waiting), its engine counted in ``PoolMetrics/abandoned`` until the
    /// shutdown returns (``engineShutDown(_:)``).
    private mutating func shutdownTimedOut(_ id: PlayerID) {
        guard let player = players[id] else { return }
        players[id] = nil
        failedEngines[id] = .hung
        playerLeft(player)
    }
}
