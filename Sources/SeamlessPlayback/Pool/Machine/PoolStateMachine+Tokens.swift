extension PoolStateMachine {
    // MARK: The token table

    /// How many used tokens keep answering ``PlayerPoolError/tokenAlreadyUsed`` in a pool: the latest 4,096
    /// redeemed. An older used token answers ``PlayerPoolError/tokenUnknown``, so that a pool making handoffs all
    /// day keeps a bounded table.
    static let defaultUsedTokenMemory = 4_096

    /// Files a freshly issued token.
    /// - Returns: `false` when the table already has it (the generator repeated itself, see ``TokenTable``).
    mutating func fileToken(_ token: HandoffToken, _ record: TokenRecord, now: Duration) -> Bool {
        sweepTokens(now: now)
        return tokens.file(token, record)
    }

    /// The record of a token presented for a borrow, or the error it answers: `.tokenUnknown` for a token
    /// the pool never issued, one used before the latest ``usedTokenMemory`` uses, and one forgotten a lifetime
    /// after it expired; `.tokenAlreadyUsed` for one of the latest used.
    mutating func lookUpToken(_ token: HandoffToken, now: Duration) -> Result<TokenRecord, PlayerPoolError> {
        sweepTokens(now: now)
        guard let record = tokens[token] else { return .failure(.tokenUnknown) }
        guard now < record.expiry + tokenLifetime else {
            tokens.removeValue(forKey: token)
            return .failure(.tokenUnknown)
        }
        return record.isUsed ? .failure(.tokenAlreadyUsed) : .success(record)
    }

    /// Marks a token used by `request` and remembers it among the latest uses; the oldest of those leaves the table,
    /// unless its borrow is still pending (if that borrow never completes, its token must be there to give back).
    mutating func markUsed(_ token: HandoffToken, by request: RequestID) {
        let (use, pushedOut) = usedTokens.record(token, by: request)
        tokens.modify(token) {
            $0.isUsed = true
            $0.use = use
        }
        guard let oldest = pushedOut else { return }
        // Only if that use is still the token's latest and it is still used (a given-back token is redeemable), and
        // its borrow is over; a record kept is forgotten by the sweep a lifetime after it expired.
        let isPending = isPendingGrant(oldest.request)
        tokens.removeValue(forKey: oldest.token) { $0.isUsed && $0.use == oldest.use && !isPending }
    }

    @inline(__always)  // Called while the machine changes: a call would copy it first.
    private func isPendingGrant(_ request: RequestID) -> Bool {
        if case .grant = requests[request] { true } else { false }
    }

    /// A borrow that never completed gives its token back: it can be redeemed again within its lifetime.
    mutating func giveTokenBack(_ token: HandoffToken) {
        tokens.modify(token) { $0.isUsed = false }
    }

    /// Once per token lifetime, forgets the tokens that expired a lifetime ago or more, and gives back the
    /// table's memory after a burst. Until they are forgotten, expired tokens answer `.tokenExpired`.
    mutating func sweepTokens(now: Duration) {
        forgetFailedPlayers(now: now)
        guard now >= nextTokenSweep else { return }
        nextTokenSweep = now + tokenLifetime
        // The table shrinks as tokens leave it, so that the capacity of a burst is given back.
        tokens.keep { now < $0.expiry + tokenLifetime }
    }
}
