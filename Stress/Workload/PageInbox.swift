@_spi(EngineSupport) import SeamlessPlayback
import SeamlessPlaybackTesting
import Synchronization

/// What one page was told on its notice streams (one per session it opened), kept for its task and
/// for the checkpoints.
final class PageInbox: Sendable {
    /// A revocation notice and the session it came to.
    struct Revocation: Sendable {
        let lease: PlayerLease
        let session: PageSession
        /// Ended by its engine's failure rather than revoked.
        let failed: Bool
    }

    private struct State {
        /// Revoked leases the page's task has not seen yet.
        var unread: [PlayerLease] = []
        /// Revocations since the last checkpoint, to check that each lease is refused.
        var sinceCheckpoint: [Revocation] = []
        /// Every lease ever revoked from the page, to catch a second notice.
        var everRevoked: Set<PlayerLease> = []
    }

    private let state = Protected(State())
    private let page: Int
    private let violations: Violations
    private let totals: RunCounters

    init(page: Int, violations: Violations, totals: RunCounters) {
        self.page = page
        self.violations = violations
        self.totals = totals
    }

    /// Reads a session's notices until the stream finishes (the session or the pool closed).
    ///
    /// A lease ends once, by revocation or by its engine's failure: a second notice of either kind is a
    /// violation.
    func consume(_ session: PageSession) async {
        for await notice in session.notices {
            let lease: PlayerLease
            switch notice {
            case .returned:
                continue
            case .revoked(let revoked):
                lease = revoked
                totals.revocationNotices.add(1, ordering: .relaxed)
            case .failed(let failed, _):
                lease = failed
                totals.failureNotices.add(1, ordering: .relaxed)
            }
            let fresh = state.withLock { state -> Bool in
                guard state.everRevoked.insert(lease).inserted else { return false }
                state.unread.append(lease)
                state.sinceCheckpoint.append(
                    Revocation(lease: lease, session: session, failed: notice != .revoked(lease)))
                return true
            }
            if !fresh { violations.record("page p\(page): a second notice ending \(lease): \(notice)") }
        }
    }

    /// Revoked leases the task has not seen yet; each is returned once.
    func drainUnread() -> [PlayerLease] {
        state.withLock { state in
            guard !state.unread.isEmpty else { return [] }
            defer { state.unread = [] }
            return state.unread
        }
    }

    /// Whether the page was ever told that `lease` was revoked.
    func wasNotified(_ lease: PlayerLease) -> Bool {
        state.withLock { $0.everRevoked.contains(lease) }
    }

    /// The revocations since the last call.
    func takeSinceCheckpoint() -> [Revocation] {
        state.withLock { state in
            defer { state.sinceCheckpoint = [] }
            return state.sinceCheckpoint
        }
    }
}

/// Counters the whole run shares.
final class RunCounters: Sendable {
    /// Operations the workload's pages made.
    let operations = Atomic<Int>(0)
    /// Revocation notices pages received.
    let revocationNotices = Atomic<Int>(0)
    /// Failure notices pages received.
    let failureNotices = Atomic<Int>(0)
    /// Grants of engines after the pool had failed them (must stay 0).
    let grantsOfFailedEngines = Atomic<Int>(0)
    /// The most failed engines with a call still out, as sampled.
    let abandonedMax = Atomic<Int>(0)
    /// Seeks the workload's pages asked for.
    let seeksAsked = Atomic<Int>(0)
    /// Seeks of the workload that answered done.
    let seeksDone = Atomic<Int>(0)
    /// Seeks of the workload that answered `.notActiveHolder`.
    let seeksNotActiveHolder = Atomic<Int>(0)
    /// Engines whose settings the pool had stopped counting as live after they changed by themselves, put back in
    /// full by a checkpoint's unchanged update of their active holder (``Checkpoint``'s isolation probe).
    let isolationProbes = Atomic<Int>(0)
    /// Engines of players no page held, found paused and carrying the idle settings at a checkpoint.
    let idleEnginesChecked = Atomic<Int>(0)
    /// Linearizability windows checked.
    let windows = Atomic<Int>(0)
    /// Tells the side pool's windows to stop.
    let stopSidePool = Atomic<Bool>(false)

    init() {}
}
