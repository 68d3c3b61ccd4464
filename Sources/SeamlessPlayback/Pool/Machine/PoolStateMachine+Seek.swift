extension PoolStateMachine {
    // MARK: Seek

    /// The page asked to move the player's position.
    ///
    /// Only the player's active holder may seek: a lease that lent the player is refused with `.notActiveHolder`.
    /// The seek waits for its turn on the engine's lane, after the load or apply due when it was asked (applies decided
    /// later come after it), and reaches the engine only
    /// if its lease is still the active holder then (``startSeek(_:)``); it completes when the engine's seek returns.
    mutating func seekRequested(
        _ request: RequestID, lease: LeaseKey, by session: SessionID, to position: Duration
    ) {
        let index: Int
        switch validate(lease, by: session) {
        case .failure(let error): return failNow(request, error)
        case .success(let found): index = found
        }
        guard players.read(lease.player, { $0.stack.count == index + 1 }) == true else {
            return failNow(request, .notActiveHolder)
        }
        guard position >= .zero else {
            return failNow(request, .seekFailed("the position \(position) is negative"))
        }
        requests[request] = .seek(player: lease.player)
        players.modify(lease.player) { player in
            player.seeks.append(
                PendingSeek(
                    request: request, epoch: lease.epoch, session: session, position: position, version: player.version
                ))
        }
        advance(lease.player)
    }

    /// Starts the player's first queued seek whose lease is still the active holder, failing the ones before it
    /// that are not: their engine never sees them. Called by ``advance(_:)`` when no load or apply is due, or when
    /// the first seek's settings version has landed.
    ///
    /// A seek whose lease is the active holder but whose settings version has not landed yet stays queued: the
    /// apply that carries its holder's settings goes first (found by the stress run: a give-back's seek, queued
    /// behind the borrower's refused one, reached the engine before the owner's settings were back on it).
    mutating func startSeek(_ player: inout PlayerState) {
        guard player.isLaneFree, player.isCreated else { return }
        while let seek = player.seeks.first {
            if let top = player.stack.last, top.epoch == seek.epoch, top.pending == nil {
                guard seek.version <= player.landed else { return }
                player.seeks.removeFirst()
                player.lane.start(.seek(seek.position, request: seek.request))
                out.append(.run(.seek(seek.position, request: seek.request), on: player.id))
                return
            }
            player.seeks.removeFirst()
            requests[seek.request] = nil
            out.append(.fail(seek.request, sessions.contains(seek.session) ? .notActiveHolder : .sessionClosed))
        }
    }

    /// The engine's seek returned; `failure` is its error text when it threw. The engine stays in service.
    mutating func seekFinished(_ id: PlayerID, request: RequestID, failure: String?) {
        if players[id] == nil, failedEngineCallReturned(id) { return }
        let finished = players.modify(id) { player -> Bool in
            guard case .seek(_, request)? = player.lane.job else { return false }
            player.lane.free()
            return true
        }
        guard finished == true else { return }
        counters.seeks += 1
        // A seek whose caller was cancelled meanwhile has no one left to tell.
        if case .seek? = requests[request] {
            requests[request] = nil
            out.append(failure.map { .fail(request, .seekFailed($0)) } ?? .succeed(request))
        }
        advance(id)
        // A seek of the focused item's player held the neighbours' preloads back: they may start now.
        if feed != nil { focusedItemSettled(on: id) }
    }

    /// A seek's caller was cancelled: it is dropped from its player's queue (or, if running, left to return
    /// unheard) and fails with `.cancelled` at once.
    mutating func seekCancelled(_ request: RequestID, on id: PlayerID) {
        players.modify(id) { player in player.seeks.removeAll { $0.request == request } }
        requests[request] = nil
        counters.cancellations += 1
        out.append(.fail(request, .cancelled))
    }

    /// The player is shut down (retired, or trimmed) with seeks still queued: none of their leases holds it any more,
    /// so each fails as at its turn, and the engine never sees it.
    mutating func dropQueuedSeeks(of player: PlayerState) {
        for seek in player.seeks where requests[seek.request] != nil {
            requests[seek.request] = nil
            out.append(.fail(seek.request, sessions.contains(seek.session) ? .notActiveHolder : .sessionClosed))
        }
    }

    /// The player's engine failed: its seeks, queued or running, fail with the engine's reason.
    mutating func failSeeks(of player: PlayerState, reason: String) {
        for seek in player.seeks where requests[seek.request] != nil {
            requests[seek.request] = nil
            out.append(.fail(seek.request, .engineFailed(reason)))
        }
        if case .seek(_, let request)? = player.lane.job, case .seek? = requests[request] {
            requests[request] = nil
            out.append(.fail(request, .engineFailed(reason)))
        }
    }
}
