extension PoolStateMachine {
    // MARK: Lend and borrow

    /// The active holder asked for a handoff token. `token` is fresh randomness from the shell.
    mutating func lendRequested(
        _ lease: LeaseKey, by session: SessionID, token: HandoffToken, now: Duration
    ) -> Result<HandoffToken, PlayerPoolError> {
        let index: Int
        switch validate(lease, by: session) {
        case .failure(let error): return .failure(error)
        case .success(let found): index = found
        }
        guard let run = players.read(lease.player, { $0.stack.count == index + 1 ? $0.activeRun : nil }) ?? nil else {
            return .failure(.notHolder)
        }
        let record = TokenRecord(
            player: lease.player, lender: session, lenderEpoch: lease.epoch,
            lenderRun: run, expiry: now + tokenLifetime)
        guard fileToken(token, record, now: now) else { return .failure(.tokenAlreadyUsed) }
        return .success(token)
    }

    /// A page redeemed a token. On success its pending holder goes on top of the stack, with no
    /// reload; the grant completes when the page's settings land.
    ///
    /// A token is good only while its lender has stayed the active holder without interruption since
    /// it was issued: once a handoff completes, the lender leaves the top or reclaims, every other token
    /// of that lease is expired for good. A borrow that never completed (cancelled, or its page closed)
    /// interrupts nothing and gives its token back.
    mutating func borrowRequested(
        _ request: RequestID, token: HandoffToken, by session: SessionID, now: Duration
    ) {
        guard !isShutDown else { return failNow(request, .poolShutDown) }
        guard sessions.contains(session) else { return failNow(request, .sessionClosed) }
        let record: TokenRecord
        switch lookUpToken(token, now: now) {
        case .failure(let error): return failNow(request, error)
        case .success(let found): record = found
        }
        if let failed = failedPlayers[record.player] { return failNow(request, .engineFailed(failed.reason)) }
        guard now < record.expiry, players.read(record.player, { $0.canLend(record) }) == true else {
            return failNow(request, .tokenExpired)
        }
        guard players.read(record.player, { !$0.stack.contains { $0.session == session } }) == true else {
            return failNow(request, .alreadyHolding)
        }
        markUsed(token, by: request)
        grantPlayer(
            record.player, to: request, session: session, kind: .borrow(from: record.lender, token: token), since: now)
    }

    // MARK: Give back and reclaim

    /// The page leaves the player's stack. Completes when the holder below carries its settings.
    mutating func giveBackRequested(_ request: RequestID, lease: LeaseKey, by session: SessionID) {
        let index: Int
        switch validate(lease, by: session) {
        case .failure(let error): return failNow(request, error)
        case .success(let found): index = found
        }
        counters.returns += 1
        if publishesEvents { out.append(.emit(.returned(lease.player, session: name(of: session)))) }
        let version = removeHolder(at: index, of: lease.player, failingWith: nil)
        var settle = PlayerVersions()
        settle[lease.player] = version
        waitForSettle(request, on: settle)
        serveWaiters()
    }

    /// The page takes the player back from everyone above it. Completes when its settings land, from
    /// the top of the stack too (a give-back above it may still be applying them).
    mutating func reclaimRequested(_ request: RequestID, lease: LeaseKey, by session: SessionID) {
        let index: Int
        switch validate(lease, by: session) {
        case .failure(let error): return failNow(request, error)
        case .success(let found): index = found
        }
        guard var player = players[lease.player] else { return failNow(request, .notHolder) }
        let epoch = player.stack[index].epoch
        // The page takes the player back, links included: no token issued before can be redeemed after.
        player.activeRun += 1
        // Its reclaim's return tells the page it is active again: no `.returned` besides.
        if player.owedReturn?.epoch == epoch { player.owedReturn = nil }
        players[lease.player] = player
        guard index < player.stack.count - 1 else {
            watch(
                player.id, request, .reclaim(player: player.id, epoch: epoch, session: session, version: player.version)
            )
            advance(player.id)
            return
        }
        let removed = player.stack[(index + 1)...]
        player.stack.removeSubrange((index + 1)...)
        player.version += 1
        players[lease.player] = player
        for holder in removed.reversed() {
            if let pending = holder.pending {
                endUnfinishedGrant(pending, on: player.id, until: player.version, error: .leaseRevoked)
            } else {
                if borrowWarningThreshold != nil { out.append(.unwatchHold(holder.epoch)) }
                sessions[holder.session]?.revoked.insert(holder.epoch)
                counters.revocations += 1
                if publishesEvents { out.append(.emit(.revoked(player.id, session: name(of: holder.session)))) }
                if let grant = sessions.grant(for: holder, of: player.id, playing: player.media) {
                    out.append(.notify(grant, .revoked))
                }
            }
        }
        counters.reclaims += 1
        if publishesEvents { out.append(.emit(.reclaimed(player.id, session: name(of: session)))) }
        watch(player.id, request, .reclaim(player: player.id, epoch: epoch, session: session, version: player.version))
        advance(player.id)
    }

    /// Removes one holder. When it was the active holder, the one below becomes active and the version
    /// its settings must reach is returned; if the removed holder's grant had been delivered, the one
    /// below is owed a `.returned` notice for when they land. When the stack empties the player turns idle: its engine
    /// is to carry ``idleSettings``, and the version they must reach is returned when the removed grant was delivered.
    mutating func removeHolder(at index: Int, of id: PlayerID, failingWith error: PlayerPoolError?) -> UInt64? {
        let removal: (holder: Holder, version: UInt64?)?? = withPlayer(id) { machine, player in
            guard player.stack.indices.contains(index) else { return nil }
            let holder = player.stack.remove(at: index)
            var version: UInt64?
            if index == player.stack.count {
                if holder.pending == nil { player.activeRun += 1 }
                if let top = player.stack.last {
                    player.version += 1
                    version = player.version
                    if holder.pending == nil {
                        player.owedReturn = OwedReturn(epoch: top.epoch, version: player.version)
                    }
                } else {
                    // Nobody holds the player: it goes quiet (``idleSettings``). A delivered holder's call waits for
                    // that; a grant that never completed fails at once.
                    player.lastUsed = machine.freshTick()
                    player.version += 1
                    player.emptiedAt = player.version
                    if holder.pending == nil { version = player.version }
                }
            }
            return (holder, version)
        }
        guard let (holder, version) = removal ?? nil else { return nil }
        if holder.pending == nil, borrowWarningThreshold != nil { out.append(.unwatchHold(holder.epoch)) }
        if let pending = holder.pending {
            endUnfinishedGrant(pending, on: id, until: version, error: error ?? .cancelled)
        }
        // A player nobody holds any more: a grant that never completed may leave a load that nobody wants (its page
        // closed, say), and with a feed's focus, media the focus does not want is let go of. (``abandonIfUnwanted(_:)``
        // lets go too.) Read only when either may apply: a give-back without a focus pays nothing here.
        if holder.pending != nil || feed != nil, players.read(id, { $0.stack.isEmpty }) == true {
            if holder.pending != nil { abandonIfUnwanted(id) } else { letGoIfUnwanted(id) }
        }
        advance(id)
        return version
    }

    /// A grant that ended before it completed. Its borrow token can be redeemed again (a call that
    /// throws leaves the pool as if it had not been made), and the call fails once the active holder's
    /// settings are back on the engine: at once when there is nothing to wait for.
    mutating func endUnfinishedGrant(
        _ request: RequestID, on id: PlayerID, until version: UInt64?,
        error: PlayerPoolError
    ) {
        if case .grant(_, _, .borrow(_, let token)) = requests[request] { giveTokenBack(token) }
        if let version, players.read(id, { $0.isSettled(at: version) }) == false {
            // Still among the player's watchers: `reexamine` fails it when the version lands.
            requests[request] = .unwinding(player: id, version: version, error: error)
        } else {
            requests[request] = nil
            out.append(.fail(request, error))
        }
    }

    // MARK: Settings

    /// The page's settings changed. Completes when they are on every engine where it is active.
    mutating func updateRequested(
        _ request: RequestID, session: SessionID, settings: PlaybackSettings
    ) {
        guard !isShutDown else { return failNow(request, .poolShutDown) }
        guard sessions.contains(session) else { return failNow(request, .sessionClosed) }
        do throws(PlayerPoolError) {
            try settings.validate()
        } catch {
            return failNow(request, error)
        }
        sessions[session]?.settings = settings
        sessions[session]?.settingsVersion += 1
        var settle = PlayerVersions()
        let active = players.values.filter { $0.stack.last?.session == session }.map(\.id)
        for id in active.sorted(by: { $0.number < $1.number }) {
            players[id]?.version += 1
            settle[id] = players[id]?.version
            advance(id)
        }
        waitForSettle(request, on: settle)
    }

    // MARK: Shutdown

    /// Fails every waiting call, empties every stack, finishes every notice stream and shuts every
    /// engine down. Completes when the last engine is gone.
    mutating func shutdownRequested(_ request: RequestID) {
        if !isShutDown {
            isShutDown = true
            for id in requests.keys.sorted(by: { $0.raw < $1.raw }) {
                switch requests[id] {
                case .settle, .reclaim, .retire:
                    // Their change is made already: a give-back, update, reclaim or trim is done.
                    out.append(.succeed(id))
                case .waiting(_, _, let deadline):
                    if deadline != nil { out.append(.cancelTimer(id)) }
                    out.append(.fail(id, .poolShutDown))
                case .unwinding(_, _, let error):
                    out.append(.fail(id, error))
                case .grant, .prewarm, .seek, nil:
                    out.append(.fail(id, .poolShutDown))
                }
            }
            requests = [:]
            queue.removeAll()
            tokens.removeAll()
            statuses = [:]
            usedTokens.removeAll()
            for id in sessions.keys.sorted() { out.append(.finishNotices(id)) }
            sessions = [:]
            for id in players.keys.sorted(by: { $0.number < $1.number }) {
                players[id]?.stack = []
                players[id]?.watchers = []
                players[id]?.seeks = []
                players[id]?.retiring = true
                abandonIfUnwanted(id)
                advance(id)
            }
        }
        // Failed engines are waited for too, also one whose call is still running (bounded by the call timeouts
        // when set); one whose call outlasted its timeout is not (it may never return).
        let failing = failedEngines.filter { !$0.value.isHung }.keys
        waitForRetire(request, Set(players.keys).union(failing))
    }
}
