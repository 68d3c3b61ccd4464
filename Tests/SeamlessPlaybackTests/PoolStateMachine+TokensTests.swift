import Testing

@testable import SeamlessPlayback

@Suite("PoolStateMachine: the token table stays bounded and answers precisely")
struct PoolStateMachineTokensTests {
    /// A small memory of used tokens, so that the runs below stay short; a pool keeps 4,096.
    let memory = 64

    @Test func aPoolRemembersThe4096LatestUsedTokens() {
        #expect(PoolStateMachine.defaultUsedTokenMemory == 4_096)
        #expect(PoolStateMachine(capacity: 1, tokenLifetime: .seconds(1)).usedTokenMemory == 4_096)
    }

    /// One handoff and its give-back; returns the token used.
    func roundTrip(_ h: MachineHarness, _ lease: Grant, to detail: SessionID) throws -> HandoffToken {
        let token = try h.machine.lendRequested(lease.key, by: lease.session, token: .random(), now: h.now).get()
        let borrowed = try #require(h.borrow(token, by: detail))
        let r = h.request()
        h.step { $0.giveBackRequested(r, lease: borrowed.key, by: detail) }
        h.settle()
        return token
    }

    func answer(_ h: MachineHarness, _ token: HandoffToken, by session: SessionID) -> PlayerPoolError? {
        let r = h.request()
        return h.step { $0.borrowRequested(r, token: token, by: session, now: h.now) }.compactMap {
            if case .fail(r, let error) = $0 { error } else { nil }
        }.first
    }

    @Test func aUsedTokenAnswersAlreadyUsedForTheLatestUsesThenUnknown() throws {
        let (h, _, detail, lease) = try MachineHarness.feedHoldingClip(usedTokenMemory: memory)
        let first = try roundTrip(h, lease, to: detail)
        var tokens = [first]
        for _ in 1..<memory { tokens.append(try roundTrip(h, lease, to: detail)) }
        // The latest uses, the first among them, still answer precisely.
        #expect(answer(h, first, by: detail) == .tokenAlreadyUsed)
        #expect(answer(h, tokens[tokens.count - 1], by: detail) == .tokenAlreadyUsed)
        _ = try roundTrip(h, lease, to: detail)
        // One more use pushes the first out: it is forgotten, the second is not.
        #expect(answer(h, first, by: detail) == .tokenUnknown)
        #expect(answer(h, tokens[1], by: detail) == .tokenAlreadyUsed)
    }

    @Test func roundTripsAllDayKeepABoundedTable() throws {
        let (h, _, detail, lease) = try MachineHarness.feedHoldingClip(usedTokenMemory: memory)
        for _ in 0..<(3 * memory) { _ = try roundTrip(h, lease, to: detail) }
        #expect(h.machine.tokens.count == memory)
        #expect(h.machine.usedTokens.entries.count == memory)
        // Slots, not tokens: at most four per token at the peak (a lend files its token before the ring's oldest
        // leaves), where a table that grows without bound would have thousands.
        #expect(h.machine.tokens.capacity <= 4 * (memory + 1))
    }

    @Test func aTokenGivenBackStaysRedeemableWhileItsOldUseLeavesTheRing() throws {
        let (h, feed, detail, lease) = try MachineHarness.feedHoldingClip(usedTokenMemory: memory)
        let mini = h.open("mini")
        let token = try h.machine.lendRequested(lease.key, by: feed, token: .random(), now: h.now).get()
        let cancelled = h.request()
        h.step { $0.borrowRequested(cancelled, token: token, by: mini, now: h.now) }
        h.step { $0.requestCancelled(cancelled) }
        h.settle()
        // Other pages' handoffs of another player push the cancelled use out of the ring.
        let other = h.open("other")
        let otherLease = try #require(h.acquire(other, MediaItem(id: "other")))
        for _ in 0..<memory { _ = try roundTrip(h, otherLease, to: detail) }
        #expect(h.borrow(token, by: mini) != nil)
        #expect(answer(h, token, by: feed) == .tokenAlreadyUsed)
    }

    @Test func aBorrowStillPendingWhenItsUseLeavesTheRingCanStillGiveItsTokenBack() throws {
        let (h, feed, detail, lease) = try MachineHarness.feedHoldingClip(usedTokenMemory: memory)
        let mini = h.open("mini")
        let other = h.open("other")
        let otherLease = try #require(h.acquire(other, MediaItem(id: "other")))
        let token = try h.machine.lendRequested(lease.key, by: feed, token: .random(), now: h.now).get()
        let pending = h.request()
        h.step { $0.borrowRequested(pending, token: token, by: mini, now: h.now) }
        // The borrow's apply is still out while other handoffs push its use out of the ring.
        for _ in 0..<memory {
            // Only the other player's lane moves on.
            let other = try h.machine.lendRequested(
                otherLease.key, by: otherLease.session, token: .random(), now: h.now
            )
            .get()
            let borrow = h.request()
            h.step { $0.borrowRequested(borrow, token: other, by: detail, now: h.now) }
            let borrowed = try #require(h.finishJob(otherLease.player).grant(for: borrow))
            let back = h.request()
            h.step { $0.giveBackRequested(back, lease: borrowed.key, by: detail) }
            _ = h.finishJob(otherLease.player)
        }
        #expect(h.machine.players[lease.player]?.stack.last?.pending == pending)
        h.step { $0.requestCancelled(pending) }
        h.settle()
        #expect(h.borrow(token, by: mini) != nil)
    }

    @Test func aForgedTokenIsUnknownAndAnExpiredOneExpired() throws {
        let (h, _, detail, lease) = try MachineHarness.feedHoldingClip(usedTokenMemory: memory)
        let forged = try #require(HandoffToken("AAAAAAAAAAAAAAAAAAAAAA"))
        #expect(answer(h, forged, by: detail) == .tokenUnknown)
        let token = try #require(h.lend(lease))
        h.now += .seconds(10)
        #expect(answer(h, token, by: detail) == .tokenExpired)
        h.now += .seconds(10)
        #expect(answer(h, token, by: detail) == .tokenUnknown)
    }

    @Test func aForgedTokenSharingAnIssuedOnesFirstWordIsUnknownAndLeavesItRedeemable() throws {
        let (h, feed, detail, lease) = try MachineHarness.feedHoldingClip(usedTokenMemory: memory)
        var issued = Words(words: [42, 7])
        let token = try h.machine.lendRequested(lease.key, by: feed, token: HandoffToken(using: &issued), now: h.now)
            .get()
        var forgedWords = Words(words: [42, 8])
        let forged = HandoffToken(using: &forgedWords)
        #expect(forged.tableWord == token.tableWord)
        #expect(answer(h, forged, by: detail) == .tokenUnknown)
        #expect(h.borrow(token, by: detail) != nil)
    }

    @Test func anIssuedTokenRepeatingAnothersFirstWordIsNotFiled() throws {
        let (h, feed, _, lease) = try MachineHarness.feedHoldingClip(usedTokenMemory: memory)
        var first = Words(words: [42, 7])
        var second = Words(words: [42, 9])
        _ = try h.machine.lendRequested(lease.key, by: feed, token: HandoffToken(using: &first), now: h.now).get()
        let repeated = h.machine.lendRequested(lease.key, by: feed, token: HandoffToken(using: &second), now: h.now)
        #expect(throws: PlayerPoolError.tokenAlreadyUsed) { try repeated.get() }
        #expect(h.machine.tokens.count == 1)
    }
}
