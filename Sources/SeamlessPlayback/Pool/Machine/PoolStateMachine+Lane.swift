extension PoolStateMachine {
    // MARK: Lane reports

    /// The player's engine exists.
    mutating func engineCreated(_ id: PlayerID) {
        guard var player = players[id], player.lane.job == .create else { return }
        player.lane.free()
        tellDepth(&player, loading: nil)
        players[id] = player
        counters.created += 1
        if publishesEvents { out.append(.emit(.created(id))) }
        advance(id)
    }

    /// Making the player's engine failed; its slot is free again.
    mutating func engineCreationFailed(_ id: PlayerID, reason: String) {
        guard let player = players[id], player.lane.job == .create else { return }
        players[id] = nil
        for holder in player.stack {
            if let request = holder.pending {
                requests[request] = nil
                out.append(.fail(request, .engineFailed(reason)))
            }
        }
        if publishesEvents { out.append(.emit(.engineFailed(id, reason))) }
        let prewarms = releaseWatchers(of: player, error: .engineFailed(reason))
        serveWaiters()
        // The engine could not be made: the prewarms meant for it fail with that cause.
        for (request, _) in prewarms { out.append(.fail(request, .engineFailed(reason))) }
        replenishPreloads(failed: player.media)
    }

    /// A load finished; `failure` is the engine's error text when it threw.
    /// - Parameter mediaFailure: Set when the load threw a ``MediaFailure``: the media failed, not the engine.
    mutating func loadFinished(
        _ id: PlayerID, media: MediaItem, failure: String? = nil, mediaFailure: MediaFailure? = nil
    ) {
        if players[id] == nil, failedEngineCallReturned(id) { return }
        guard var player = players[id], player.lane.job == .load(media) else { return }
        let wasCancelled = player.lane.isLoadCancelled
        player.lane.free()
        if wasCancelled {
            if failure == nil {
                // It finished before it stopped: the engine has the media, a warm hit for whoever wants it.
                player.loaded = media
                if player.prewarmedByApp != media { player.prewarmedByApp = nil }
                if player.media == nil { player.media = media }
                if publishesEvents { out.append(.emit(.loaded(id, media))) }
            } else {
                // Cut short: the engine is healthy and has nothing loaded. Nobody wanted the media: it is not a failed
                // preload (a page that gave up on it marked it so itself, ``grantTimerFired``).
                player.loaded = nil
            }
            players[id] = player
            // Nobody wanted it: with a feed's focus, the engine lets go of it, and of its network reads.
            letGoIfUnwanted(id)
            advance(id)
            serveWaiters()
            replenishPreloads()
            return
        }
        if let mediaFailure {
            mediaLoadFailed(&player, media, mediaFailure)
            let retrying = player.retryPending
            players[id] = player
            advance(id)
            serveWaiters()
            replenishPreloads(failed: retrying ? nil : media)
            return
        }
        if let failure {
            player.loaded = nil
            if publishesEvents { out.append(.emit(.engineFailed(id, failure))) }
            for request in player.watchers {
                if case .prewarm(_, let wanted) = requests[request], wanted == media {
                    requests[request] = nil
                    out.append(.fail(request, .engineFailed(failure)))
                }
            }
            if player.media == media {
                player.media = nil
                if let top = player.stack.last, let request = top.pending {
                    player.stack.removeLast()
                    requests[request] = nil
                    out.append(.fail(request, .engineFailed(failure)))
                }
            }
            if player.stack.isEmpty { player.retiring = true }
        } else {
            player.loaded = media
            if player.prewarmedByApp != media { player.prewarmedByApp = nil }
            player.retry = .none
            if publishesEvents { out.append(.emit(.loaded(id, media))) }
        }
        players[id] = player
        advance(id)
        // The focused item loaded, or a neighbour did: the next preloads start.
        replenishPreloads(failed: failure == nil ? nil : media)
    }

    /// An apply finished: the engine carries the settings of `version`.
    mutating func applyFinished(_ id: PlayerID, version: UInt64) {
        if players[id] == nil, failedEngineCallReturned(id) { return }
        let landed = players.modify(id) { player in
            guard case .apply(let settings, version)? = player.lane.job else { return false }
            player.lane.free()
            player.landed = version
            // An outside change reported while the apply ran may have come after it: nothing counts as live then.
            if player.onEngine != .changedOutside { player.onEngine = .known(settings) }
            return true
        }
        guard landed == true else { return }
        advance(id)
        if feed != nil { focusedItemSettled(on: id) }
    }

    /// The engine let go of its media (``EngineJob/unload``): it has nothing loaded, and the lane is free for the next
    /// job, or for the feed's next preload.
    mutating func unloadFinished(_ id: PlayerID) {
        if players[id] == nil, failedEngineCallReturned(id) { return }
        let unloaded = players.modify(id) { player in
            guard player.lane.job == .unload else { return false }
            player.lane.free()
            player.loaded = nil
            player.prewarmedByApp = nil
            return true
        }
        guard unloaded == true else { return }
        advance(id)
        serveWaiters()
        replenishPreloads()
    }

    /// The engine is shut down; its slot is free.
    mutating func engineShutDown(_ id: PlayerID) {
        if players[id] == nil, failedEngineShutDown(id) { return }
        guard let player = players[id], player.lane.job == .shutDown else { return }
        players[id] = nil
        counters.destroyed += 1
        if publishesEvents { out.append(.emit(.destroyed(id))) }
        playerLeft(player)
    }

    /// A player being shut down left the pool (its shutdown returned, or outlasted its timeout): its slot is free,
    /// whatever waited on it is answered, and the waiters and the feed's preloads go on.
    mutating func playerLeft(_ player: PlayerState) {
        if !statuses.isEmpty { statuses[player.id] = nil }
        if !player.seeks.isEmpty { dropQueuedSeeks(of: player) }
        let prewarms = releaseWatchers(of: player, error: .poolShutDown)
        serveWaiters()
        // A prewarm routed to a player that was then retired (its earlier load failed) is carried out
        // on a fresh player, after the waiters: a running pool never answers `.poolShutDown`.
        for (request, media) in prewarms {
            if isShutDown { out.append(.fail(request, .poolShutDown)) } else { placePrewarm(request, media: media) }
        }
        replenishPreloads()
    }

    // MARK: The lane

    /// Starts the player's next job if its lane is free, and completes whatever is now complete.
    ///
    /// Order of work: retire an empty retiring player; load the wanted media; apply the active
    /// holder's settings when the version moved on. One job at a time, so applies never overlap and
    /// land in the order they were decided, and the last to land is the active holder's.
    mutating func advance(_ id: PlayerID) {
        // The active holder's settings first, then one lookup of the player for its next job and what completes.
        let top = players.read(id) { $0.stack.last?.session } ?? nil
        let activeSettings = top.flatMap { session in sessions.read(session) { $0.settings } }
        withPlayer(id) { machine, player in
            // A seek whose settings version has landed goes before the applies decided after it.
            if let seek = player.seeks.first, seek.version <= player.landed { machine.startSeek(&player) }
            let job = player.startNextJob(activeSettings: activeSettings, idleSettings: machine.idleSettings)
            // Before the job: a load of the focused item is told standard, and one that ended the pool's depth again.
            machine.tellDepth(&player, loading: player.runningLoad)
            if let job {
                if case .load = job { machine.counters.loads += 1 }
                machine.out.append(.run(job, on: id))
            } else if !player.seeks.isEmpty {
                machine.startSeek(&player)
            }
            machine.reexamine(&player)
        }
    }

    /// Completes the requests watching the player that are now complete.
    mutating func reexamine(_ id: PlayerID) {
        withPlayer(id) { machine, player in machine.reexamine(&player) }
    }

    /// Settles what the player's change completes: a `.returned` notice, the watching requests, the active holder's
    /// publication.
    private mutating func reexamine(_ player: inout PlayerState) {
        deliverOwedReturn(&player)
        if !player.watchers.isEmpty { completeWatchers(&player) }
        publishActive(&player)
    }

    /// Completes the requests watching the player that are now complete; keeps the others.
    private mutating func completeWatchers(_ player: inout PlayerState) {
        let id = player.id
        // Kept ones move to the front in place, so that the array keeps its memory for the next watcher.
        var kept = 0
        var position = 0
        while position < player.watchers.count {
            let request = player.watchers[position]
            position += 1
            func keep() {
                player.watchers[kept] = request
                kept += 1
            }
            switch requests[request] {
            case .grant(let playerID, let epoch, let kind) where playerID == id:
                guard player.isLaneFree, player.landed >= player.version, MediaItem.same(player.loaded, player.media),
                    let index = player.stack.indices.last, player.stack[index].epoch == epoch,
                    player.stack[index].pending == request
                else {
                    keep()
                    continue
                }
                player.stack[index].pending = nil
                requests[request] = nil
                deliver(request, holder: player.stack[index], on: player, kind: kind)
            case .unwinding(let playerID, let version, let error) where playerID == id:
                if player.isSettled(at: version) {
                    requests[request] = nil
                    out.append(.fail(request, error))
                } else {
                    keep()
                }
            case .settle(let remaining):
                guard let version = remaining[id] else { continue }
                if player.isSettled(at: version) {
                    stopWaiting(request, on: id)
                } else {
                    keep()
                }
            case .reclaim(let playerID, let epoch, let session, let version) where playerID == id:
                guard let index = player.stack.firstIndex(where: { $0.epoch == epoch }) else {
                    requests[request] = nil
                    let error: PlayerPoolError =
                        switch sessions[session]?.revoked.contains(epoch) {
                        case nil: .sessionClosed
                        case true?: .leaseRevoked
                        case false?: .notHolder
                        }
                    out.append(.fail(request, error))
                    continue
                }
                // Done once its settings landed; or when it lent the player on meanwhile, whose borrower's
                // settings now take precedence.
                if index < player.stack.count - 1 || player.landed >= version {
                    requests[request] = nil
                    out.append(.succeed(request))
                } else {
                    keep()
                }
            case .prewarm(let playerID, let media) where playerID == id:
                if player.loaded == media, player.runningLoad != media, player.job != .unload {
                    requests[request] = nil
                    player.prewarmedByApp = media
                    out.append(.succeed(request))
                } else if player.media != media, player.runningLoad != media {
                    // Claimed for other media before the load began: nothing left to wait for.
                    requests[request] = nil
                    out.append(.succeed(request))
                } else {
                    keep()
                }
            case .retire(let set) where set.contains(id):
                keep()
            default:
                continue
            }
        }
        // Usually the one watcher completed: removed without the general path's range replacement.
        switch player.watchers.count - kept {
        case 0: break
        case 1: player.watchers.removeLast()
        case let completed: player.watchers.removeLast(completed)
        }
    }

    private mutating func deliver(_ request: RequestID, holder: Holder, on player: PlayerState, kind: GrantKind) {
        guard let grant = sessions.grant(for: holder, of: player.id, playing: player.media) else {
            out.append(.fail(request, .engineFailed("the player lost its media before the grant completed")))
            return
        }
        switch kind {
        case .acquire(let warm, _):
            counters.acquisitions += 1
            if warm { counters.warmHits += 1 }
            if publishesEvents { out.append(.emit(.acquired(player.id, session: grant.sessionName, warm: warm))) }
        case .borrow(let lender, _):
            counters.handoffs += 1
            if publishesEvents {
                out.append(.emit(.handedOff(player.id, from: name(of: lender), to: grant.sessionName)))
            }
            if borrowWarningThreshold != nil { out.append(.watchHold(player.id, epoch: holder.epoch)) }
        }
        out.append(.resume(request, with: grant))
    }

    /// Publishes the player's active holder when it changed: a delivered holder on top whose settings have
    /// landed, or none when the stack emptied. A pending borrower or a holder whose settings are still on
    /// their way leaves the previous one shown.
    private mutating func publishActive(_ player: inout PlayerState) {
        let id = player.id
        if let top = player.stack.last, top.pending == nil {
            guard top.epoch != player.shownEpoch, player.landed >= player.version else { return }
            player.shownEpoch = top.epoch
            out.append(.activeChanged(id, sessions.grant(for: top, of: player.id, playing: player.media)))
        } else if player.stack.last != nil {
            // A borrow is pending on top. The shown holder stays, unless it left the stack: then the highest
            // delivered holder is shown once its settings are on the engine.
            guard !player.stack.contains(where: { $0.epoch == player.shownEpoch }),
                let below = player.stack.last(where: { $0.pending == nil }),
                player.applied == sessions.read(below.session, { $0.settings })
            else { return }
            player.shownEpoch = below.epoch
            out.append(.activeChanged(id, sessions.grant(for: below, of: player.id, playing: player.media)))
        } else if player.shownEpoch != nil {
            player.shownEpoch = nil
            out.append(.activeChanged(id, nil))
        }
    }

    /// Tells the holder owed a `.returned` notice, once it is the delivered active holder and the
    /// settings of the give-back have landed; forgets the debt when that holder left the stack.
    private mutating func deliverOwedReturn(_ player: inout PlayerState) {
        guard let owed = player.owedReturn else { return }
        guard player.stack.contains(where: { $0.epoch == owed.epoch }) else {
            player.owedReturn = nil
            return
        }
        guard let top = Self.dueReturn(on: player) else { return }
        player.owedReturn = nil
        if let grant = sessions.grant(for: top, of: player.id, playing: player.media) {
            out.append(.notify(grant, .returned))
        }
    }

    /// The holder whose owed `.returned` is due now: on top, delivered, and every change since the give-back
    /// has landed (its settings, and nobody else's, are on the engine).
    @inline(__always)  // Called on a player changed in place: a call would copy it first.
    static func dueReturn(on player: PlayerState) -> Holder? {
        guard let owed = player.owedReturn, let top = player.stack.last, top.epoch == owed.epoch,
            top.pending == nil, player.landed >= owed.version, player.landed >= player.version, player.isLaneFree
        else { return nil }
        return top
    }
}
