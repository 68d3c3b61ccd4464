extension PoolStateMachine {
    // MARK: Acquire

    /// A page asked for a player with `media`.
    ///
    /// The player comes from, in order: an idle player that has (or is loading) the media; a new
    /// engine while fewer than `capacity` exist; the least recently used idle player, reloaded (while a
    /// feed has the focus, the idle player farthest from it: ``recyclingCandidate()``). Else
    /// the request waits in FIFO order, bounded by `timeout` on the pool's clock.
    mutating func acquireRequested(
        _ request: RequestID, session: SessionID, media: MediaItem, timeout: Duration?, now: Duration
    ) {
        guard !isShutDown else { return failNow(request, .poolShutDown) }
        guard sessions.contains(session) else { return failNow(request, .sessionClosed) }
        let timeout = timeout.flatMap { $0 > Self.longestTimeout ? nil : $0 }
        // A positive timeout bounds the whole call: the wait for a player, and its engine's creation, load and
        // apply. A timeout of zero or less only refuses to wait for a player: one free now is granted unbounded.
        let deadline = timeout.flatMap { $0 > .zero ? now + $0 : nil }
        if queue.isEmpty, place(request, session: session, media: media, deadline: deadline, since: now) {
            if let deadline, case .grant = requests[request] { out.append(.startTimer(request, deadline: deadline)) }
            return
        }
        if let timeout, timeout <= .zero {
            counters.timeouts += 1
            if publishesEvents { out.append(.emit(.timedOut(session: name(of: session), media))) }
            return failNow(request, .timedOut)
        }
        requests[request] = .waiting(session: session, media: media, deadline: deadline)
        queue.append(request, since: now)
        if publishesEvents { out.append(.emit(.queued(session: name(of: session), media))) }
        if let deadline { out.append(.startTimer(request, deadline: deadline)) }
    }

    /// A call's task was cancelled before it made its request: the call answers `.cancelled` and nothing else
    /// happens; counted among the cancellations.
    mutating func cancelledBeforeRequest() {
        counters.cancellations += 1
    }

    /// The task of a request was cancelled. A no-op for requests that are served, unknown, or that
    /// cannot be undone (settles).
    mutating func requestCancelled(_ request: RequestID) {
        switch requests[request] {
        case .waiting(let session, _, let deadline):
            dequeueWaiter(request)
            if deadline != nil { out.append(.cancelTimer(request)) }
            counters.cancellations += 1
            if publishesEvents { out.append(.emit(.cancelled(session: name(of: session)))) }
            out.append(.fail(request, .cancelled))
        case .grant(let id, let epoch, _):
            guard let player = players[id], let index = player.stack.firstIndex(where: { $0.epoch == epoch })
            else { return }
            counters.cancellations += 1
            if publishesEvents { out.append(.emit(.cancelled(session: name(of: player.stack[index].session)))) }
            // A load it leaves nobody wanting is cut short there (``removeHolder(at:of:failingWith:)``).
            _ = removeHolder(at: index, of: id, failingWith: .cancelled)
            serveWaiters()
        case .prewarm(let id, _):
            requests[request] = nil
            out.append(.fail(request, .cancelled))
            abandonIfUnwanted(id)
        case .seek(let id):
            if let session = players[id]?.seeks.first(where: { $0.request == request })?.session,
                publishesEvents
            {
                out.append(.emit(.cancelled(session: name(of: session))))
            }
            seekCancelled(request, on: id)
        case .settle, .retire, .reclaim, .unwinding, nil:
            break
        }
    }

    // MARK: Prewarm and trim

    /// Put `media` into an idle or new player, within capacity and without waiting, so that a later
    /// acquire is a warm hit. Completes when the media has loaded (at once when nothing is free).
    mutating func prewarmRequested(_ request: RequestID, media: MediaItem) {
        guard !isShutDown else { return failNow(request, .poolShutDown) }
        placePrewarm(request, media: media)
    }

    /// Routes a prewarm to a player, or completes it at once when none is free.
    mutating func placePrewarm(_ request: RequestID, media: MediaItem) {
        if let warm = warmCandidate(for: media) {
            watch(warm, request, .prewarm(player: warm, media: media))
            reexamine(warm)
        } else if !queue.isEmpty {
            out.append(.succeed(request))
        } else if players.count < capacity {
            let id = makePlayer(media: media)
            watch(id, request, .prewarm(player: id, media: media))
            focusedItemStarted(media)
        } else if let victim = recyclingCandidate() {
            evict(victim, replacingWith: media)
            watch(victim, request, .prewarm(player: victim, media: media))
            advance(victim)
            focusedItemStarted(media)
        } else {
            out.append(.succeed(request))
        }
    }

    /// Shut down the least recently used idle players beyond `count`. Completes when they are gone.
    mutating func trimRequested(_ request: RequestID, keepingIdle count: Int) {
        // Players still being created or loaded are left for a later trim; nothing waits on them.
        let idle = players.values.filter { $0.isClaimable && $0.isCreated && $0.isLaneFree }.sorted {
            ($0.lastUsed, $0.id.number) > ($1.lastUsed, $1.id.number)
        }
        var victims = Set<PlayerID>()
        for player in idle.dropFirst(max(0, count)) {
            victims.insert(player.id)
            players[player.id]?.retiring = true
            if publishesEvents { out.append(.emit(.evicted(player.id, player.media))) }
            advance(player.id)
        }
        waitForRetire(request, victims)
    }

    /// Timeouts beyond a century wait indefinitely: no clock can sleep that long, and none needs to.
    static let longestTimeout = Duration.seconds(100 * 365 * 24 * 3600)

    // MARK: Placement

    /// Gives the request a player if one is free now; returns whether it did.
    mutating func place(
        _ request: RequestID, session: SessionID, media: MediaItem, deadline: Duration? = nil, since: Duration
    ) -> Bool {
        if let warm = warmCandidate(for: media) {
            grantPlayer(
                warm, to: request, session: session, kind: .acquire(warm: true, deadline: deadline), since: since)
        } else if players.count < capacity {
            let id = makePlayer(media: media)
            grantPlayer(
                id, to: request, session: session, kind: .acquire(warm: false, deadline: deadline), since: since)
            focusedItemStarted(media)
        } else if let victim = recyclingCandidate() {
            evict(victim, replacingWith: media)
            grantPlayer(
                victim, to: request, session: session, kind: .acquire(warm: false, deadline: deadline), since: since)
            focusedItemStarted(media)
        } else {
            return false
        }
        return true
    }

    /// Serves waiters from the head of the queue for as long as players are free.
    mutating func serveWaiters() {
        while let (request, since) = queue.first {
            guard case .waiting(let session, let media, let deadline) = requests[request] else {
                queue.removeFirstDead()
                continue
            }
            guard place(request, session: session, media: media, deadline: deadline, since: since) else { break }
            queue.removeFirstServed()
            // A deadline's timer stays armed: it bounds the grant's load and apply too. One that completed at once
            // needs it no more.
            if deadline != nil, requests[request] == nil { out.append(.cancelTimer(request)) }
        }
        compactQueue()
    }

    /// Takes a request out of the queue; its entry stays behind, dead, until the queue is compacted.
    mutating func dequeueWaiter(_ request: RequestID) {
        requests[request] = nil
        queue.stoppedWaiting()
        compactQueue()
    }

    /// Drops served and dead entries once they outnumber the waiting ones (``WaitQueue/compact(isWaiting:)``).
    private mutating func compactQueue() {
        guard queue.needsCompacting else { return }
        let requests = self.requests
        queue.compact { request in
            if case .waiting = requests[request] { return true }
            return false
        }
    }

    /// Puts a pending holder on top of the player's stack; the grant completes in ``advance(_:)``.
    mutating func grantPlayer(
        _ id: PlayerID, to request: RequestID, session: SessionID, kind: GrantKind, since: Duration
    ) {
        let epoch = freshEpoch()
        players.modify(id) {
            $0.stack.append(Holder(session: session, epoch: epoch, pending: request, since: since))
            $0.version += 1
        }
        watch(id, request, .grant(player: id, epoch: epoch, kind: kind))
        advance(id)
    }

    mutating func makePlayer(media: MediaItem) -> PlayerID {
        let id = PlayerID(pool: poolSerial, number: nextPlayerNumber, slot: players.freeSlot)
        nextPlayerNumber += 1
        players[id] = PlayerState(id: id, media: media, tick: freshTick())
        out.append(.run(.create, on: id))
        return id
    }

    /// The idle player used longest ago, one whose engine is busy with a load nobody wants last.
    func leastRecentlyUsedClaimable() -> PlayerID? {
        players.values.filter(\.isClaimable).min {
            ($0.isStuckOnUnwantedLoad ? 1 : 0, $0.lastUsed, $0.id.number)
                < ($1.isStuckOnUnwantedLoad ? 1 : 0, $1.lastUsed, $1.id.number)
        }?.id
    }

    mutating func evict(_ id: PlayerID, replacingWith media: MediaItem) {
        if publishesEvents, let old = players[id]?.media, old != media { out.append(.emit(.evicted(id, old))) }
        players[id]?.media = media
        if players[id]?.retryPending == true { out.append(.cancelRetry(id)) }
        players[id]?.retry = .none
        // A load of the old media still running is nobody's any more.
        cancelRunningLoad(of: id)
    }

    mutating func watch(_ id: PlayerID, _ request: RequestID, _ state: Request) {
        requests[request] = state
        players.modify(id) { $0.watchers.append(request) }
    }

    mutating func failNow(_ request: RequestID, _ error: PlayerPoolError) {
        out.append(.fail(request, error))
    }

    /// An idle player that has (or is loading) `media`: one whose lane is free first, then the lowest
    /// number, so that choices are deterministic.
    func warmCandidate(for media: MediaItem) -> PlayerID? {
        players.values.filter { $0.isClaimable && $0.media == media }.min {
            ($0.isLaneFree ? 0 : 1, $0.id.number) < ($1.isLaneFree ? 0 : 1, $1.id.number)
        }?.id
    }

}
