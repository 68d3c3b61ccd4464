import SeamlessPlayback

/// The page's moves, each checking the answer against the rules.
extension PageWorker {
    mutating func acquire() async {
        let item = world.media[rng.below(world.media.count)]
        let draw = rng.below(10)
        let timeout: Duration? =
            switch draw {
            case 0 where held.isEmpty: nil
            case ..<4: .zero
            case ..<7: .milliseconds(1)
            default: .milliseconds(5)
            }
        let cancel = rng.chance(world.cancelRate)
        // The grant may land on any engine: no release mark of this page may stand meanwhile.
        for engine in marked { engine.clearRelease(of: index) }
        let previouslyMarked = marked
        marked = []
        let result = await call(cancel: cancel, indefinite: timeout == nil) {
            [session] () async throws(PlayerPoolError) in
            try await session.acquire(item, timeout: timeout)
        }
        var acquired: StressEngine?
        switch result {
        case .success(let lease):
            if let engine = accept(lease, media: item, isOwner: true) { acquired = engine }
        case .failure(.timedOut) where timeout != nil:
            break
        case .failure(.cancelled) where cancel || timeout == nil:
            break
        case .failure(.engineFailed) where world.faults.isOn:
            break
        case .failure(let error):
            unexpected("acquire(\(item), timeout: \(timeout.map { "\($0)" } ?? "nil"))", error)
        }
        for engine in previouslyMarked where engine !== acquired { release(engine) }
    }

    /// Takes a delivered lease into the page's account; returns its engine.
    mutating func accept(_ lease: PlayerLease, media: MediaItem?, isOwner: Bool) -> StressEngine? {
        guard let engine = lease.engine as? StressEngine else {
            world.violations.record("page p\(index): \(lease) carries an engine the pool was not given")
            return nil
        }
        engine.bind(lease.player)
        if let media, lease.media != media {
            world.violations.record("page p\(index): asked for \(media), got \(lease)")
        }
        if lease.session != name {
            world.violations.record("page p\(index): got a lease in another page's name: \(lease)")
        }
        engine.recordGrant(lease.grantEpoch)
        if let position = held.firstIndex(where: { $0.lease.player == lease.player }) {
            // Granted a player it holds: only possible if that lease was revoked meanwhile.
            let old = held.remove(at: position).lease
            revokedByError.append(old)
            remember(ended: old)
        }
        held.append(HeldLease(lease: lease, engine: engine, isOwner: isOwner))
        return engine
    }

    mutating func lend() async {
        let position = rng.below(held.count)
        let lease = held[position].lease
        let result = await call(cancel: false) { [session] () async throws(PlayerPoolError) in
            try await session.lend(lease)
        }
        switch result {
        case .success(let token):
            world.board.post(
                .init(
                    token: token, engine: held[position].engine, player: lease.player,
                    lender: index, issued: Nanoseconds.now()))
        case .failure(.notHolder):
            break
        case .failure(.leaseRevoked), .failure(.engineFailed):
            dropRevoked(at: position)
        case .failure(let error):
            unexpected("lend", error, lease)
        }
    }

    mutating func borrow() async {
        guard let entry = world.board.take(at: rng.below(1 << 20), keep: rng.chance(0.1)) else {
            await update()
            return
        }
        let holdsIt = held.contains { $0.lease.player == entry.player }
        let cancel = rng.chance(world.cancelRate)
        entry.engine.clearRelease(of: index)
        let result = await call(cancel: cancel) { [session] () async throws(PlayerPoolError) in
            try await session.borrow(entry.token)
        }
        var ended = false
        switch result {
        case .success(let lease):
            if lease.player != entry.player || lease.engine !== entry.engine {
                world.violations.record("page p\(index): a token for \(entry.player) lent \(lease)")
            }
            _ = accept(lease, media: nil, isOwner: false)
        case .failure(.alreadyHolding) where holdsIt:
            break
        case .failure(.tokenUnknown)
        where Nanoseconds.now() - entry.issued >= UInt64(world.tokenLifetime.nanoseconds * 2):
            break
        case .failure(.tokenAlreadyUsed), .failure(.tokenExpired):
            break
        case .failure(.leaseRevoked):
            ended = !holdsIt
        case .failure(.cancelled) where cancel:
            ended = !holdsIt
        case .failure(.engineFailed) where world.faults.isOn:
            break
        case .failure(let error):
            unexpected("borrow of a token from p\(entry.lender) for \(entry.player)", error)
        }
        // An ended borrow returns once the active holder's settings are back: the engine checks that
        // none of this page's settings land after this point.
        release(entry.engine, ended: ended)
    }

    mutating func giveBack() async {
        let position = rng.below(held.count)
        let lease = held[position].lease
        // A give-back cannot be cancelled: even from a cancelled task it completes.
        let result = await call(cancel: rng.chance(world.cancelRate)) { [session] () async throws(PlayerPoolError) in
            try await session.giveBack(lease)
        }
        settleGiveBack(result, of: lease, at: position, what: "giveBack")
    }

    /// Takes in the answer of a give-back of the lease held at `position`: the lease leaves the page's account.
    mutating func settleGiveBack(
        _ result: Result<Void, PlayerPoolError>, of lease: PlayerLease, at position: Int, what: String
    ) {
        switch result {
        case .success:
            let engine = held.remove(at: position).engine
            givenBack.append(lease)
            if givenBack.count > 4 { givenBack.removeFirst() }
            release(engine)
        case .failure(.leaseRevoked), .failure(.engineFailed):
            dropRevoked(at: position)
        case .failure(let error):
            unexpected(what, error, lease)
        }
    }

    mutating func reclaim() async {
        let position = rng.below(held.count)
        let (lease, engine) = (held[position].lease, held[position].engine)
        let cancel = rng.chance(world.cancelRate)
        let before = engine.landing
        let result = await call(cancel: cancel) { [session] () async throws(PlayerPoolError) in
            try await session.reclaim(lease)
        }
        switch result {
        case .success:
            // When a reclaim returns, the page's settings are on the engine: they were there already, or
            // an apply of them landed meanwhile (from the top of the stack too).
            if before.page != index, engine.landed(page: index, after: before.count) == false {
                world.violations.record("page p\(index): reclaim of \(lease) returned before its settings landed")
            }
        case .failure(.leaseRevoked), .failure(.engineFailed):
            dropRevoked(at: position)
        case .failure(.cancelled) where cancel:
            break
        case .failure(let error):
            unexpected("reclaim", error, lease)
        }
    }

    mutating func update() async {
        let invalid = rng.chance(0.03)
        let rate = invalid ? [5.0, 0.1, .nan, .infinity][rng.below(4)] : [0.5, 1, 1.25, 1.5, 2][rng.below(5)]
        let badVolume = invalid && rng.chance(0.3)
        let isMuted = rng.chance(0.5)
        let isPaused = rng.chance(0.2)
        let mode: ContentMode = rng.chance(0.5) ? .aspectFit : .aspectFill
        let result = await call(cancel: false) { [session] () async throws(PlayerPoolError) in
            try await session.update { settings in
                settings.rate = badVolume ? 1 : rate
                if badVolume { settings.volume = .nan }
                settings.isMuted = isMuted
                settings.isPaused = isPaused
                settings.contentMode = mode
            }
        }
        switch result {
        case .success where !invalid:
            break
        case .success:
            world.violations.record(
                "page p\(index): an update to rate \(rate)\(badVolume ? ", volume nan" : "") was accepted")
        case .failure(.invalidSettings) where invalid:
            break
        case .failure(let error):
            unexpected("update", error)
        }
    }

    /// Acts with a lease given back: every call must answer `.notHolder` and change nothing.
    mutating func useGivenBack() async {
        let lease = givenBack[rng.below(givenBack.count)]
        let lent = await call(cancel: false) { [session] () async throws(PlayerPoolError) in
            try await session.lend(lease)
        }
        let reclaimed = await call(cancel: false) { [session] () async throws(PlayerPoolError) in
            try await session.reclaim(lease)
        }
        for (what, result) in [("lend", lent.map { _ in () }), ("reclaim", reclaimed)] {
            if case .failure(.notHolder) = result { continue }
            world.violations.record(
                "page p\(index): \(what) with a given-back \(lease) answered \(result), not notHolder")
        }
    }

    /// Closes the page and opens it again as a new session.
    mutating func reopen() async {
        let old = session
        await old.close()
        let engines = held.map(\.engine)
        held = []
        givenBack = []
        ended = []
        for engine in engines { release(engine) }
        let item = world.media[0]
        let late = await call(cancel: false) { () async throws(PlayerPoolError) in
            _ = try await old.acquire(item, timeout: .zero)
        }
        if late.failure != .sessionClosed {
            world.violations.record("page p\(index): an acquire on its closed session answered \(late)")
        }
        do {
            session = try await world.pool.makeSession(named: name, settings: PageTag.initialSettings(of: index))
        } catch {
            world.violations.record("page p\(index): reopening failed: \(error)")
            return
        }
        let (inbox, session) = (inbox, session)
        Task { await inbox.consume(session) }
    }

    mutating func prewarm() async {
        let item = world.media[rng.below(world.media.count)]
        do {
            try await world.pool.prewarm(item)
        } catch .engineFailed where world.faults.isOn {
            return
        } catch {
            unexpected("prewarm(\(item))", error)
        }
    }

    mutating func trim() async {
        await world.pool.trim(keepingIdle: rng.below(4))
    }

    mutating func dropRevoked(at position: Int) {
        let gone = held.remove(at: position)
        revokedByError.append(gone.lease)
        remember(ended: gone.lease)
        release(gone.engine)
    }
}
