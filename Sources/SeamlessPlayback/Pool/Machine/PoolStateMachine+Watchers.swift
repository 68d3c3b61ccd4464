extension PoolStateMachine {
    // MARK: Requests that wait on players

    /// Completes the requests that watched a player that no longer exists.
    /// - Returns: The prewarms that were waiting on it, for the caller to complete or re-route.
    mutating func releaseWatchers(of player: PlayerState, error: PlayerPoolError) -> [(RequestID, MediaItem)] {
        var prewarms: [(RequestID, MediaItem)] = []
        for request in player.watchers {
            switch requests[request] {
            case .settle, .retire:
                stopWaiting(request, on: player.id)
            case .prewarm(let id, let media) where id == player.id:
                requests[request] = nil
                prewarms.append((request, media))
            // Defensive (no test reaches it): a player is retired only with an empty stack, so a reclaimer
            // or an ended borrow has already been answered by the time it is gone.
            case .reclaim(let id, _, _, _) where id == player.id:
                requests[request] = nil
                out.append(.fail(request, isShutDown ? .poolShutDown : .notHolder))
            case .unwinding(let id, _, let cause) where id == player.id:
                requests[request] = nil
                out.append(.fail(request, cause))
            default:
                continue
            }
        }
        return prewarms
    }

    /// A settle or retire request no longer waits on `id`; it succeeds (and is removed) once it waits on nothing.
    mutating func stopWaiting(_ request: RequestID, on id: PlayerID) {
        switch requests[request] {
        case .settle(var remaining):
            remaining[id] = nil
            guard remaining.isEmpty else {
                requests[request] = .settle(remaining)
                return
            }
        case .retire(var ids):
            ids.remove(id)
            guard ids.isEmpty else {
                requests[request] = .retire(ids)
                return
            }
        default:
            return
        }
        requests[request] = nil
        out.append(.succeed(request))
    }

    /// Registers `request` to complete when each player has landed the version given.
    mutating func waitForSettle(_ request: RequestID, on versions: PlayerVersions) {
        var remaining = PlayerVersions()
        for (id, version) in versions {
            if players.read(id, { $0.isSettled(at: version) }) == false { remaining[id] = version }
        }
        guard !remaining.isEmpty else {
            out.append(.succeed(request))
            return
        }
        requests[request] = .settle(remaining)
        for (id, _) in remaining { players.modify(id) { $0.watchers.append(request) } }
    }

    /// Registers `request` to complete when all these players are shut down.
    mutating func waitForRetire(_ request: RequestID, _ ids: Set<PlayerID>) {
        let remaining = ids.filter { players[$0] != nil || !(failedEngines[$0]?.isHung ?? true) }
        guard !remaining.isEmpty else {
            out.append(.succeed(request))
            return
        }
        requests[request] = .retire(remaining)
        for id in remaining {
            if players[id] != nil {
                players.modify(id) { $0.watchers.append(request) }
            } else {
                failedEngines[id]?.watch(request)
            }
        }
    }
}
