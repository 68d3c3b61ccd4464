import SeamlessPlaybackTesting
import Testing

@testable import SeamlessPlayback

/// Paths that only rare interleavings reach, driven on purpose.
@Suite("PoolStateMachine and shells: rare paths")
struct PoolStateMachineEdgeTests {
    let pid = MachineHarness.pid1

    /// A borrow ended (cancelled) while its apply is in flight, then the pool shuts down or the engine fails:
    /// the borrow still answers its own error.
    @Test(arguments: [false, true])
    func anEndedBorrowKeepsItsOwnErrorWhenThePoolShutsDownOrTheEngineFails(engineFails: Bool) throws {
        let (h, _, detail, lease) = try MachineHarness.feedHoldingClip()
        let token = try #require(h.lend(lease))
        let borrow = h.request()
        h.step { $0.borrowRequested(borrow, token: token, by: detail, now: .zero) }
        h.step { $0.requestCancelled(borrow) }
        guard case .unwinding? = h.machine.requests[borrow] else {
            Issue.record("the cancelled borrow should wait for the lender's settings")
            return
        }
        let actions =
            engineFails
            ? h.step { $0.engineFailed(pid, reason: "gone", now: .zero) }
            : h.step { $0.shutdownRequested(h.request()) }
        #expect(actions.failure(for: borrow) == .cancelled)
    }

    @Test func streamsAskedForAfterShutdownAreAlreadyFinished() async throws {
        let f = PoolFixture()
        let pages = try await f.feedPlayingClip()
        await f.pool.shutdown()
        var events = await f.pool.events().makeAsyncIterator()
        #expect(await events.next() == nil)
        var changes = f.pool.activeHolders.changes().makeAsyncIterator()
        #expect(await changes.next() == nil)
        var notices = pages.feed.notices.makeAsyncIterator()
        #expect(await notices.next() == nil)
    }

    @Test func aNoticePostedAfterTheMailboxFinishedIsDropped() async {
        let mailbox = NoticeMailbox()
        let lease = PlayerLease(
            player: pid, media: clip, session: "page", engine: SimulatedEngine(), epoch: 1,
            sessionID: 1)
        mailbox.finish()
        mailbox.post(.returned(lease), epoch: lease.epoch) { [] }
        #expect(mailbox.unread == 0)
        var reader = mailbox.stream().makeAsyncIterator()
        #expect(await reader.next() == nil)
    }
}
