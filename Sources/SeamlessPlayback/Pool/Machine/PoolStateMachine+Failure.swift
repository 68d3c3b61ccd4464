extension PoolStateMachine {
    // MARK: Engine failures

    /// The player's engine can no longer play: it reported a failure, or a call on it outlasted its
    /// timeout. Only the first report of a live engine counts.
    ///
    /// The player leaves the pool at once and its slot is free for a healthy engine: no acquire, borrow
    /// or prewarm ever gets it again. Each delivered holder is told `.failed` once and its lease answers
    /// `.engineFailed` from now on; a pending acquire or borrow fails with `.engineFailed`; a give-back,
    /// update or close waiting there returns (its change is made); a reclaim waiting there throws. The
    /// engine is shut down once no call of the pool is running on it (after a hung call returns).
    mutating func engineFailed(_ id: PlayerID, reason: String, now: Duration) {
        failEngine(id, reason: reason, now: now, callHung: false)
    }

    /// Takes the failed engine's player out of the pool (see ``engineFailed(_:reason:now:)``).
    /// - Parameter callHung: Whether the failure is the call in flight outlasting its timeout: then a shutdown of
    ///   the pool does not wait for that call.
    mutating func failEngine(_ id: PlayerID, reason: String, now: Duration, callHung: Bool) {
        guard let player = players[id], player.isCreated, player.lane.job != .shutDown else { return }
        players[id] = nil
        if !statuses.isEmpty { statuses[id] = nil }
        counters.failures += 1
        if publishesEvents { out.append(.emit(.engineFailed(id, reason))) }
        for holder in player.stack.reversed() {
            if holder.pending == nil, borrowWarningThreshold != nil { out.append(.unwatchHold(holder.epoch)) }
            if let request = holder.pending {
                if case .unwinding = requests[request] { continue }
                requests[request] = nil
                out.append(.fail(request, .engineFailed(reason)))
            } else {
                sessions[holder.session]?.failed[holder.epoch] = reason
                if let grant = sessions.grant(for: holder, of: player.id, playing: player.media) {
                    out.append(.notify(grant, .failed(reason)))
                }
            }
        }
        if player.shownEpoch != nil { out.append(.activeChanged(id, nil)) }
        failSeeks(of: player, reason: reason)
        // The shutdowns and trims that wait on for the failed engine's own shutdown.
        var retireWatchers: [RequestID] = []
        for request in player.watchers {
            switch requests[request] {
            case .settle:
                stopWaiting(request, on: id)
            case .retire:
                // A shutdown or trim waiting for the engine waits on for the failed engine's own shutdown, unless its
                // call outlasted its timeout (it may never return).
                if callHung {
                    stopWaiting(request, on: id)
                } else {
                    retireWatchers.append(request)
                }
            case .reclaim(id, _, _, _), .prewarm(id, _):
                requests[request] = nil
                out.append(.fail(request, .engineFailed(reason)))
            case .unwinding(id, _, let error):
                requests[request] = nil
                out.append(.fail(request, error))
            default:
                continue
            }
        }
        failedPlayers[id] = FailedPlayer(reason: reason, forgetAt: now + tokenLifetime * 2, epoch: nextEpoch)
        if player.isLaneFree {
            failedEngines[id] = .shuttingDown(watchers: retireWatchers)
            out.append(.run(.shutDown, on: id))
        } else {
            failedEngines[id] = callHung ? .hung : .callInFlight(watchers: retireWatchers)
        }
        serveWaiters()
        // Media that waited behind a cut-short load of other media that would not stop did nothing wrong: it is placed
        // on another player. Otherwise media the engine failed with, and had not loaded, is not preloaded again.
        let waitedBehindACut =
            player.lane.isLoadCancelled && !MediaItem.same(player.runningLoad, player.media)
        let failed = waitedBehindACut || MediaItem.same(player.loaded, player.media) ? nil : player.media
        replenishPreloads(failed: failed)
    }

    /// The call a failed engine was running returned (or threw): it can be shut down now.
    /// - Returns: Whether the player was a failed engine.
    mutating func failedEngineCallReturned(_ id: PlayerID) -> Bool {
        switch failedEngines[id] {
        case .callInFlight(let watchers)?: failedEngines[id] = .shuttingDown(watchers: watchers)
        case .hung?: failedEngines[id] = .shuttingDown(watchers: [])
        case .shuttingDown?: return true
        case nil: return false
        }
        out.append(.run(.shutDown, on: id))
        return true
    }

    /// A failed engine is shut down.
    /// - Returns: Whether the player was a failed engine.
    mutating func failedEngineShutDown(_ id: PlayerID) -> Bool {
        guard let failed = failedEngines.removeValue(forKey: id) else { return false }
        counters.destroyed += 1
        if publishesEvents { out.append(.emit(.destroyed(id))) }
        for request in failed.watchers { stopWaiting(request, on: id) }
        return true
    }

    /// Forgets failed players no token can name any more.
    mutating func forgetFailedPlayers(now: Duration) {
        guard !failedPlayers.isEmpty else { return }
        failedPlayers = failedPlayers.filter { $0.value.forgetAt > now }
    }
}

/// A player whose engine failed, as its tokens still answer.
struct FailedPlayer: Hashable, Sendable {
    let reason: String
    let forgetAt: Duration
    /// Every grant made after the failure has an epoch at least this.
    let epoch: UInt64
}

/// What is left to do with a failed engine, whose slot is already free, and the shutdowns and trims of the pool that
/// wait for it to be shut down (none can wait for a hung one).
enum FailedEngine: Hashable, Sendable {
    /// A load, apply or seek of the pool has not returned yet (``PoolMetrics/abandoned``); a shutdown of the pool
    /// waits for it, bounded by the call's timeout when one is set.
    case callInFlight(watchers: [RequestID])
    /// Its call outlasted its timeout and has not returned yet (``PoolMetrics/abandoned``); nothing waits for it.
    case hung
    /// Its `shutdown()` has been called.
    case shuttingDown(watchers: [RequestID])

    /// The requests waiting for the engine's shutdown.
    var watchers: [RequestID] {
        switch self {
        case .callInFlight(let watchers), .shuttingDown(let watchers): watchers
        case .hung: []
        }
    }

    var isHung: Bool { self == .hung }

    var isShuttingDown: Bool {
        if case .shuttingDown = self { true } else { false }
    }

    /// Makes `request` wait for the engine's shutdown; nothing waits for a hung engine.
    mutating func watch(_ request: RequestID) {
        switch self {
        case .callInFlight(let watchers): self = .callInFlight(watchers: watchers + [request])
        case .shuttingDown(let watchers): self = .shuttingDown(watchers: watchers + [request])
        case .hung: break
        }
    }
}
