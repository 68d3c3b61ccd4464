import SeamlessPlayback

/// The pool's rules as a sequential specification, for the linearizability checker.
///
/// Players are known by the IDs the real pool reported. A borrow is accepted before it is delivered
/// (its settings must land first), and meanwhile the lender can reclaim it or its task can be
/// cancelled (which gives the lender its token back). An acquire is granted its player at once but
/// completes when the media is loaded and the settings landed, and meanwhile the player's engine can
/// fail. A reclaim takes effect at once but completes when its settings land, and meanwhile a page
/// further down can revoke the reclaimer. So a borrow that ends in `.leaseRevoked`, `.cancelled` or
/// `.engineFailed`, an acquire that ends in `.engineFailed`, and a reclaim that ends in an error,
/// take two steps, *accept* and *end*, each at its own point between invocation and response; every
/// other call (an acquire answering a lease or `.timedOut` among them) takes one. A seek is checked twice, when it
/// is asked (its lease must be the active holder) and at its turn on the engine (still the active holder, or it
/// answers `.notActiveHolder`), and meanwhile the engine can fail: so a seek answering `.notActiveHolder` or
/// `.engineFailed` may also take two steps, accepted while its lease was on top, ended once it no longer was
/// (revoked, or below another holder) or once the engine had failed. A borrow that never
/// completed gives its token back; a token is good only while its lender has stayed the active holder
/// since it was issued (no completed handoff, no reclaim in between).
struct SequentialModel: Hashable {
    struct Holder: Hashable {
        let page: Int
        /// `nil` while the grant is pending.
        let lease: PlayerLease?
        /// The borrow or acquire operation still pending on this holder.
        let pendingOperation: Int?
        /// The token that borrow redeemed.
        var pendingToken: HandoffToken? = nil
    }

    struct Player: Hashable {
        let id: PlayerID
        var media: Int
        var stack: [Holder] = []
        var lastUsed: Int
        /// Changes whenever the delivered active holder changes.
        var activeRun = 0
    }

    struct Token: Hashable {
        let player: PlayerID
        let lender: PlayerLease
        let lenderRun: Int
        var isUsed = false
    }

    let capacity: Int
    var players: [Player] = []
    var tokens: [HandoffToken: Token] = [:]
    var revoked: Set<PlayerLease> = []
    /// Leases ever granted: a grant's lease is always new.
    var granted: Set<PlayerLease> = []
    /// Pending borrows removed by a reclaim: they must end in `.leaseRevoked`.
    var doomed: Set<Int> = []
    /// Players whose engine failed, the leases it fenced, and the pending borrows and acquires it ended.
    var failedPlayers: Set<PlayerID> = []
    var failedLeases: Set<PlayerLease> = []
    var failedPending: Set<Int> = []

    /// The reason every failure of the side pool gives.
    static let failure = "injected failure"
    var tick = 0

    init(capacity: Int) { self.capacity = capacity }

    /// Which part of an operation a step is.
    enum Step: Hashable {
        case whole, accept, end
        /// An acquire's accept step, on the `candidate`th of the players it may get: when several warm
        /// players are idle, any of them may win.
        case acceptOn(candidate: Int)
    }

    /// The state after `step` of `operation`, or `nil` when the rules do not allow its response here.
    func after(_ step: Step, of operation: LinOperation) -> SequentialModel? {
        var next = self
        return next.perform(step, operation) ? next : nil
    }

    private mutating func perform(_ step: Step, _ operation: LinOperation) -> Bool {
        let response = operation.response
        switch operation.call {
        case .acquire(let media):
            return acquire(media: media, step: step, operation: operation)
        case .lend(let lease):
            return lend(lease, page: operation.page, response: response)
        case .borrow(let token, _):
            return borrow(token, step: step, operation: operation)
        case .giveBack(let lease):
            return giveBack(lease, page: operation.page, response: response)
        case .reclaim(let lease):
            return reclaim(lease, page: operation.page, step: step, response: response)
        case .update(let valid):
            return valid ? response == .done : isInvalidSettings(response)
        case .fail(let player):
            fail(player)
            return response == .done
        case .seek(let lease, let negative):
            return seek(lease, page: operation.page, negative: negative, step: step, response: response)
        }
    }

    /// A seek answers at once when its lease is not the active holder (or not held), and for a negative position;
    /// otherwise it is accepted and answers done — or is ended, at its turn or by the engine's failure.
    private func seek(
        _ lease: PlayerLease, page: Int, negative: Bool, step: Step, response: LinOperation.Response
    ) -> Bool {
        let located = locate(lease, page: page)
        let isTop: Bool
        if case .success(let (player, index)) = located {
            isTop = index == players[player].stack.count - 1
        } else {
            isTop = false
        }
        switch step {
        case .accept:
            return isTop
        case .end:
            if case .failed(.engineFailed) = response { return failedPlayers.contains(lease.player) }
            guard response == .failed(.notActiveHolder) else { return false }
            if case .success = located { return !isTop }
            return revoked.contains(lease)
        case .whole, .acceptOn:
            if case .failure(let error) = located { return response == .failed(error) }
            guard isTop else { return response == .failed(.notActiveHolder) }
            guard negative else { return response == .done }
            if case .failed(.seekFailed) = response { return true }
            return false
        }
    }

    private func isInvalidSettings(_ response: LinOperation.Response) -> Bool {
        if case .failed(.invalidSettings) = response { return true }
        return false
    }

    /// Where the lease's holder is, or the error its use gets.
    private func locate(_ lease: PlayerLease, page: Int) -> Result<(player: Int, index: Int), PlayerPoolError> {
        if let player = players.firstIndex(where: { $0.id == lease.player }),
            let index = players[player].stack.firstIndex(where: { $0.lease == lease && $0.page == page })
        {
            return .success((player, index))
        }
        if failedLeases.contains(lease) { return .failure(.engineFailed(Self.failure)) }
        return .failure(revoked.contains(lease) ? .leaseRevoked : .notHolder)
    }

    /// The engine failed: the player leaves the pool, its delivered holders' leases are fenced, its
    /// pending borrows and acquires end with the failure.
    private mutating func fail(_ id: PlayerID) {
        guard let player = players.firstIndex(where: { $0.id == id }) else { return }
        for holder in players[player].stack {
            if let lease = holder.lease { failedLeases.insert(lease) }
            if let pending = holder.pendingOperation { failedPending.insert(pending) }
        }
        failedPlayers.insert(id)
        players.remove(at: player)
    }

    /// An acquire answering a lease or `.timedOut` takes one step. One ending in `.engineFailed` was
    /// granted its player (accept: a pending holder pushed) and then ended by the failure of that
    /// player's engine while the grant was pending (end: the failure step took the holder).
    private mutating func acquire(media: Int, step: Step, operation: LinOperation) -> Bool {
        if step == .end { return failedPending.remove(operation.id) != nil }
        let response = operation.response
        var candidate: Int?
        if case .acceptOn(let index) = step { candidate = index }
        let idle = players.indices.filter { players[$0].stack.isEmpty }
        let warm = idle.filter { players[$0].media == media }
        let chosen: Int
        if !warm.isEmpty {
            if let candidate {
                guard candidate < warm.count else { return false }
                chosen = warm[candidate]
            } else {
                // Among several warm players the pool prefers one whose lane is free: any of them may win.
                guard case .lease(let lease) = response,
                    let match = warm.first(where: { players[$0].id == lease.player })
                else { return false }
                chosen = match
            }
        } else if players.count < capacity {
            // The side pool's engines are always made, and no page can name a player being made: no
            // failure can end this grant.
            guard candidate == nil, case .lease(let lease) = response,
                !players.contains(where: { $0.id == lease.player })
            else { return false }
            tick += 1
            players.append(Player(id: lease.player, media: media, lastUsed: tick))
            chosen = players.count - 1
        } else {
            guard let recycled = idle.min(by: { players[$0].lastUsed < players[$1].lastUsed }) else {
                return candidate == nil && response == .failed(.timedOut)
            }
            // Only the least recently used idle player is recycled.
            guard candidate == nil || candidate == 0 else { return false }
            chosen = recycled
        }
        players[chosen].media = media
        if candidate != nil {
            players[chosen].stack.append(Holder(page: operation.page, lease: nil, pendingOperation: operation.id))
            return true
        }
        guard case .lease(let lease) = response, lease.player == players[chosen].id,
            lease.media == MediaItem(id: "m\(media)"), granted.insert(lease).inserted
        else { return false }
        players[chosen].stack.append(Holder(page: operation.page, lease: lease, pendingOperation: nil))
        return true
    }

    private mutating func lend(_ lease: PlayerLease, page: Int, response: LinOperation.Response) -> Bool {
        switch locate(lease, page: page) {
        case .failure(let error):
            return response == .failed(error)
        case .success(let (player, index)):
            guard index == players[player].stack.count - 1 else { return response == .failed(.notHolder) }
            guard case .token(let token) = response, tokens[token] == nil else { return false }
            tokens[token] = Token(player: lease.player, lender: lease, lenderRun: players[player].activeRun)
            return true
        }
    }

    private mutating func borrow(_ token: HandoffToken, step: Step, operation: LinOperation) -> Bool {
        let page = operation.page
        if step == .end {
            if operation.response == .failed(.leaseRevoked) { return doomed.remove(operation.id) != nil }
            if case .failed(.engineFailed) = operation.response { return failedPending.remove(operation.id) != nil }
            // Cancelled while pending: the holder is taken off again, the one below re-activated, and the
            // token can be redeemed once more.
            guard let player = players.firstIndex(where: { $0.stack.contains { $0.pendingOperation == operation.id } }),
                let index = players[player].stack.firstIndex(where: { $0.pendingOperation == operation.id })
            else { return false }
            remove(at: index, of: player)
            tokens[token]?.isUsed = false
            return true
        }
        if step == .whole, operation.response == .failed(.cancelled) { return true }
        let refusal: PlayerPoolError?
        var target: Int?
        if let record = tokens[token] {
            if record.isUsed {
                refusal = .tokenAlreadyUsed
            } else if failedPlayers.contains(record.player) {
                refusal = .engineFailed(Self.failure)
            } else if let player = players.firstIndex(where: { $0.id == record.player }),
                let top = players[player].stack.last, top.lease == record.lender,
                players[player].activeRun == record.lenderRun
            {
                refusal = players[player].stack.contains { $0.page == page } ? .alreadyHolding : nil
                target = player
            } else {
                refusal = .tokenExpired
            }
        } else {
            refusal = .tokenUnknown
        }
        if let refusal { return step == .whole && operation.response == .failed(refusal) }
        guard let target else { return false }
        tokens[token]?.isUsed = true
        if step == .accept {
            players[target].stack.append(
                Holder(
                    page: page, lease: nil, pendingOperation: operation.id,
                    pendingToken: token))
            return true
        }
        guard case .lease(let lease) = operation.response, lease.player == players[target].id,
            granted.insert(lease).inserted
        else { return false }
        players[target].stack.append(Holder(page: page, lease: lease, pendingOperation: nil))
        players[target].activeRun += 1
        return true
    }

    private mutating func giveBack(_ lease: PlayerLease, page: Int, response: LinOperation.Response) -> Bool {
        switch locate(lease, page: page) {
        case .failure(let error):
            return response == .failed(error)
        case .success(let (player, index)):
            guard response == .done else { return false }
            remove(at: index, of: player)
            return true
        }
    }

    private mutating func reclaim(_ lease: PlayerLease, page: Int, step: Step, response: LinOperation.Response) -> Bool
    {
        switch locate(lease, page: page) {
        case .failure(let error):
            // Refused at once, or (at its end) revoked meanwhile by a page further down.
            return step != .accept && response == .failed(error)
        case .success(let (player, index)):
            guard step == .accept || (step == .whole && response == .done) else { return false }
            // A reclaim ends every token issued before it.
            players[player].activeRun += 1
            for holder in players[player].stack[(index + 1)...] {
                if let revokedLease = holder.lease { revoked.insert(revokedLease) }
                if let pending = holder.pendingOperation { doomed.insert(pending) }
                if let token = holder.pendingToken { tokens[token]?.isUsed = false }
            }
            players[player].stack.removeSubrange((index + 1)...)
            return true
        }
    }

    private mutating func remove(at index: Int, of player: Int) {
        let holder = players[player].stack.remove(at: index)
        if index == players[player].stack.count, holder.lease != nil { players[player].activeRun += 1 }
        if players[player].stack.isEmpty {
            tick += 1
            players[player].lastUsed = tick
        }
    }
}
