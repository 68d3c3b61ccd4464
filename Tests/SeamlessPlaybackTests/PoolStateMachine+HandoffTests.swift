import Testing

@testable import SeamlessPlayback

@Suite("PoolStateMachine: lend, borrow, give back, reclaim, update, close, shutdown")
struct PoolStateMachineHandoffTests {
    @Test func borrowPutsThePageOnTopWithItsSettingsAndNoReload() throws {
        let (h, feed, detail, lease) = try MachineHarness.feedHoldingClip()
        let token = try #require(h.lend(lease))
        let r = h.request()
        #expect(
            h.step { $0.borrowRequested(r, token: token, by: detail, now: .zero) }
                == [.run(.apply(detailSettings, version: 2), on: lease.player)])
        let done = h.finishJob(lease.player)
        #expect(done.contains(.emit(.handedOff(lease.player, from: "feed", to: "detail"))))
        let borrowed = try #require(done.grant(for: r))
        #expect(borrowed.media == clip)
        #expect(h.machine.snapshot().first?.holders == ["feed", "detail"])
        #expect(h.machine.metrics.loads == 1)
        #expect(h.machine.metrics.handoffs == 1)
        // The lender keeps its lease, inactive: it cannot lend now.
        #expect(throws: PlayerPoolError.notHolder) {
            try h.machine.lendRequested(lease.key, by: feed, token: HandoffToken.random(), now: .zero).get()
        }
    }

    @Test func giveBackByTheActiveHolderReappliesTheOneBelowAndTellsIt() throws {
        let (h, feed, detail, lease) = try MachineHarness.feedHoldingClip()
        let token = try #require(h.lend(lease))
        let borrowed = try #require(h.borrow(token, by: detail))
        let r = h.request()
        let actions = h.step { $0.giveBackRequested(r, lease: borrowed.key, by: detail) }
        #expect(actions.withoutEvents == [.run(.apply(feedSettings, version: 3), on: lease.player)])
        // `.returned` once the lender's settings are on the engine, with the give-back's completion.
        #expect(h.finishJob(lease.player).withoutEvents == [.notify(lease, .returned), .succeed(r)])
        #expect(h.machine.players[lease.player]?.applied == feedSettings)
        // The lease given back answers notHolder from now on.
        let again = h.request()
        #expect(h.step { $0.giveBackRequested(again, lease: borrowed.key, by: detail) } == [.fail(again, .notHolder)])
        _ = feed
    }

    @Test func ownerGivingBackUnderABorrowerMakesTheBorrowerOwnerWithoutApply() throws {
        let (h, feed, detail, lease) = try MachineHarness.feedHoldingClip()
        let token = try #require(h.lend(lease))
        _ = try #require(h.borrow(token, by: detail))
        let r = h.request()
        let actions = h.step { $0.giveBackRequested(r, lease: lease.key, by: feed) }
        #expect(actions.withoutEvents == [.succeed(r)])
        #expect(h.machine.snapshot().first?.holders == ["detail"])
    }

    @Test(arguments: [TokenCase.unknown, .used, .expiredByTime, .lenderInactive, .lenderGone, .alreadyHolding])
    func borrowRefusalsChangeNothing(_ tokenCase: TokenCase) throws {
        let (h, feed, detail, lease) = try MachineHarness.feedHoldingClip()
        let mini = h.open("mini", miniSettings)
        var token = try #require(h.lend(lease))
        var borrower = detail
        var now = Duration.zero
        switch tokenCase {
        case .unknown:
            token = HandoffToken.random()
        case .used:
            _ = try #require(h.borrow(token, by: detail))
            borrower = mini
        case .expiredByTime:
            now = .seconds(10)
        case .lenderInactive:
            let other = try #require(h.lend(lease))
            _ = try #require(h.borrow(other, by: mini))
        case .lenderGone:
            let r = h.request()
            h.step { $0.giveBackRequested(r, lease: lease.key, by: feed) }
            h.settle()
        case .alreadyHolding:
            borrower = feed
        }
        let before = h.machine.snapshot()
        let r = h.request()
        let actions = h.step { $0.borrowRequested(r, token: token, by: borrower, now: now) }
        #expect(actions == [.fail(r, tokenCase.expected)])
        #expect(h.machine.snapshot() == before)
    }

    enum TokenCase: Sendable, CaseIterable {
        case unknown, used, expiredByTime, lenderInactive, lenderGone, alreadyHolding
        var expected: PlayerPoolError {
            switch self {
            case .unknown: .tokenUnknown
            case .used: .tokenAlreadyUsed
            case .expiredByTime, .lenderInactive, .lenderGone: .tokenExpired
            case .alreadyHolding: .alreadyHolding
            }
        }
    }

    @Test func tokensAreForgottenALifetimeAfterExpiry() throws {
        let (h, _, detail, lease) = try MachineHarness.feedHoldingClip()
        let token = try #require(h.lend(lease))
        let r = h.request()
        #expect(
            h.step { $0.borrowRequested(r, token: token, by: detail, now: .seconds(15)) } == [.fail(r, .tokenExpired)])
        let later = h.request()
        #expect(
            h.step { $0.borrowRequested(later, token: token, by: detail, now: .seconds(21)) } == [
                .fail(later, .tokenUnknown)
            ])
        #expect(h.machine.tokens.isEmpty)
    }

    @Test func middlePageReclaimRevokesOnlyThoseAboveAndReappliesItsSettings() throws {
        let (h, feed, detail, lease) = try MachineHarness.feedHoldingClip()
        let mini = h.open("mini", miniSettings)
        let detailLease = try #require(h.handOff(lease, to: detail))
        let miniLease = try #require(h.handOff(detailLease, to: mini))
        let r = h.request()
        let actions = h.step { $0.reclaimRequested(r, lease: detailLease.key, by: detail) }
        #expect(
            actions.withoutEvents == [
                .notify(miniLease, .revoked),
                .run(.apply(detailSettings, version: 4), on: lease.player),
            ])
        #expect(h.finishJob(lease.player).succeeded(r))
        #expect(h.machine.snapshot().first?.holders == ["feed", "detail"])
        #expect(h.machine.metrics.revocations == 1)
        // The revoked lease can never act again, and reaches no engine.
        let late = h.request()
        #expect(h.step { $0.giveBackRequested(late, lease: miniLease.key, by: mini) } == [.fail(late, .leaseRevoked)])
        #expect(throws: PlayerPoolError.leaseRevoked) {
            try h.machine.lendRequested(miniLease.key, by: mini, token: HandoffToken.random(), now: .zero).get()
        }
        // Reclaim by the active holder changes nothing (its settings have landed).
        h.settle()
        let noop = h.request()
        #expect(h.step { $0.reclaimRequested(noop, lease: detailLease.key, by: detail) } == [.succeed(noop)])
        _ = feed
    }

    @Test func reclaimDuringAnInFlightBorrowFailsTheBorrowAndTheOwnerSettingsLandLast() throws {
        let (h, feed, detail, lease) = try MachineHarness.feedHoldingClip()
        let token = try #require(h.lend(lease))
        let borrow = h.request()
        h.step { $0.borrowRequested(borrow, token: token, by: detail, now: .zero) }
        #expect(h.job(lease.player) == .apply(detailSettings, version: 2))
        let reclaim = h.request()
        let actions = h.step { $0.reclaimRequested(reclaim, lease: lease.key, by: feed) }
        // The revoked borrow, like the reclaim, returns once the owner's settings are back.
        #expect(actions.withoutEvents == [])
        // The borrower's apply lands first, then the owner's: never the other way round.
        #expect(h.finishJob(lease.player).withoutEvents == [.run(.apply(feedSettings, version: 3), on: lease.player)])
        #expect(h.finishJob(lease.player).withoutEvents == [.fail(borrow, .leaseRevoked), .succeed(reclaim)])
        #expect(h.machine.players[lease.player]?.applied == feedSettings)
        #expect(h.machine.metrics.revocations == 0)
    }

    /// Regression: a reclaim waiting for its apply returned success although a page below had revoked it.
    @Test func reclaimByAPageRevokedWhileItWaitedFailsWithLeaseRevoked() throws {
        let (h, feed, detail, lease) = try MachineHarness.feedHoldingClip()
        let mini = h.open("mini", miniSettings)
        let detailLease = try #require(h.handOff(lease, to: detail))
        _ = try #require(h.handOff(detailLease, to: mini))
        let busy = h.request()
        var louder = miniSettings
        louder.volume = 0.9
        h.step { $0.updateRequested(busy, session: mini, settings: louder) }
        let middle = h.request()
        let bottom = h.request()
        h.step { $0.reclaimRequested(middle, lease: detailLease.key, by: detail) }
        let actions = h.step { $0.reclaimRequested(bottom, lease: lease.key, by: feed) }
        #expect(actions.failure(for: middle) == .leaseRevoked)
        let rest = h.settle()
        #expect(rest.succeeded(bottom))
        #expect(!rest.succeeded(middle))
        #expect(h.machine.players[lease.player]?.applied == feedSettings)
    }

    @Test func withoutSubscribersAHandoffBuildsNoEventsButCountsAllTheSame() throws {
        let (h, _, detail, lease) = try MachineHarness.feedHoldingClip()
        h.step { $0.eventListenersChanged(false) }
        let token = try #require(h.lend(lease))
        let r = h.request()
        var actions = h.step { $0.borrowRequested(r, token: token, by: detail, now: .zero) }
        actions += h.settle()
        let borrowed = try #require(actions.grant(for: r))
        let back = h.request()
        actions += h.step { $0.giveBackRequested(back, lease: borrowed.key, by: detail) }
        actions += h.settle()
        #expect(actions.contains(.succeed(back)))
        #expect(!actions.contains { if case .emit = $0 { true } else { false } })
        #expect(h.machine.metrics.handoffs == 1)
        #expect(h.machine.metrics.returns == 1)
    }

    @Test func cancelledBorrowRestoresTheLenderAsActive() throws {
        let (h, _, detail, lease) = try MachineHarness.feedHoldingClip()
        let token = try #require(h.lend(lease))
        let borrow = h.request()
        h.step { $0.borrowRequested(borrow, token: token, by: detail, now: .zero) }
        // The cancelled borrow returns once the lender's settings are back, not before.
        #expect(h.step { $0.requestCancelled(borrow) }.failure(for: borrow) == nil)
        #expect(h.settle().failure(for: borrow) == .cancelled)
        #expect(h.machine.snapshot().first?.holders == ["feed"])
        #expect(h.machine.players[lease.player]?.applied == feedSettings)
        // The token was not spent: the page can retry the same link.
        #expect(h.borrow(token, by: detail) != nil)
    }

    @Test func updateAppliesWhereActiveAndWaitsWhereInactive() throws {
        let (h, feed, detail, lease) = try MachineHarness.feedHoldingClip()
        _ = try #require(h.handOff(lease, to: detail))
        var muted = detailSettings
        muted.isMuted = true
        let active = h.request()
        #expect(
            h.step { $0.updateRequested(active, session: detail, settings: muted) }
                == [.run(.apply(muted, version: 3), on: lease.player)])
        #expect(h.finishJob(lease.player).succeeded(active))
        var louder = feedSettings
        louder.volume = 0.25
        let inactive = h.request()
        #expect(h.step { $0.updateRequested(inactive, session: feed, settings: louder) } == [.succeed(inactive)])
        #expect(h.machine.players[lease.player]?.applied == muted)
    }

    @Test(arguments: [
        PlaybackSettings(rate: .nan), PlaybackSettings(rate: .infinity), PlaybackSettings(rate: 0.1),
        PlaybackSettings(rate: 4.5), PlaybackSettings(volume: -0.1), PlaybackSettings(volume: .nan),
        PlaybackSettings(volume: 1.5),
    ])
    func invalidSettingsAreRefusedAndChangeNothing(_ bad: PlaybackSettings) throws {
        let (h, feed, _, _) = try MachineHarness.feedHoldingClip()
        let r = h.request()
        let actions = h.step { $0.updateRequested(r, session: feed, settings: bad) }
        guard case .fail(r, .invalidSettings)? = actions.first else {
            Issue.record("expected invalidSettings, got \(actions)")
            return
        }
        #expect(actions.count == 1)
        #expect(h.machine.settings(of: feed) == feedSettings)
        #expect(throws: PlayerPoolError.self) { try h.machine.sessionOpened(name: "x", settings: bad).get() }
    }

    @Test func leasesThatAreNotYoursAnswerNotHolder() throws {
        let (h, _, detail, lease) = try MachineHarness.feedHoldingClip()
        let r = h.request()
        #expect(h.step { $0.reclaimRequested(r, lease: lease.key, by: detail) } == [.fail(r, .notHolder)])
        let foreign = LeaseKey(player: PlayerID(pool: 9, number: 1), epoch: lease.epoch, session: detail)
        let f = h.request()
        #expect(h.step { $0.giveBackRequested(f, lease: foreign, by: detail) } == [.fail(f, .notHolder)])
    }

    @Test func closeGivesEverythingBackFailsWaitsAndFinishesNotices() throws {
        let (h, feed, detail, lease) = try MachineHarness.feedHoldingClip()
        _ = try #require(h.handOff(lease, to: detail))
        let waiting = h.request()
        h.step { $0.acquireRequested(waiting, session: detail, media: film, timeout: nil, now: .zero) }
        h.settle()
        let other = h.request()
        h.step { $0.acquireRequested(other, session: detail, media: trailer, timeout: .seconds(1), now: .zero) }
        let r = h.request()
        let actions = h.step { $0.sessionClosed(detail, request: r) }
        #expect(actions.failure(for: other) == .sessionClosed)
        #expect(!actions.contains(.notify(lease, .returned)))
        #expect(actions.contains(.finishNotices(detail)))
        let settled = h.settle()
        #expect(settled.contains(.notify(lease, .returned)))
        #expect(settled.succeeded(r))
        #expect(h.machine.snapshot().map(\.holders) == [["feed"], []])
        let after = h.request()
        #expect(
            h.step { $0.acquireRequested(after, session: detail, media: clip, timeout: nil, now: .zero) }
                == [.fail(after, .sessionClosed)])
        _ = feed
    }

    @Test func shutdownFailsEveryWaitShutsEveryEngineAndRefusesLaterCalls() throws {
        let (h, feed, detail, lease) = try MachineHarness.feedHoldingClip()
        let second = try #require(h.acquire(feed, film))
        let waiting = h.request()
        h.step { $0.acquireRequested(waiting, session: detail, media: trailer, timeout: .seconds(1), now: .zero) }
        let r = h.request()
        let actions = h.step { $0.shutdownRequested(r) }
        #expect(actions.contains(.cancelTimer(waiting)))
        #expect(actions.failure(for: waiting) == .poolShutDown)
        #expect(actions.contains(.finishNotices(feed)))
        #expect(actions.contains(.run(.shutDown, on: lease.player)))
        #expect(actions.contains(.run(.shutDown, on: second.player)))
        #expect(h.settle().succeeded(r))
        #expect(h.machine.metrics.live == 0)
        let later = h.request()
        #expect(
            h.step { $0.acquireRequested(later, session: feed, media: clip, timeout: nil, now: .zero) }
                == [.fail(later, .poolShutDown)])
        let again = h.request()
        #expect(h.step { $0.shutdownRequested(again) } == [.succeed(again)])
    }
}
