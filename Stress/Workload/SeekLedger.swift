@_spi(EngineSupport) import SeamlessPlayback
import SeamlessPlaybackTesting
import Synchronization

/// What the engines of one pool saw of seeks, checked against the pool's record of its active holders.
///
/// A page tags each seek with its lease (``SeekTag``). As a seek reaches an engine — at its turn on the lane, before
/// the engine suspends — the engine asks the ledger whether the pool's record
/// (``SeamlessPlayback/ActiveHolders/activeLease(of:)``) names that lease. The record can only change at that moment
/// by an apply landing, and the lane is busy with the seek, so it names the seeking lease or, when the stack
/// emptied or the engine failed since the seek's turn, nobody. Any other lease means a seek from a lease that was not
/// the active holder at its turn reached the engine: a *stale seek*, counted and recorded as a violation. A seek that
/// found nobody is kept until the next checkpoint, which checks that its task was cancelled (its page went on and
/// gave the player back) or that its engine failed.
final class SeekLedger: Sendable {
    /// A seek that reached an engine while the record named no active holder.
    struct Unattributed: Sendable {
        /// The seek.
        let tag: SeekTag
        /// The player of the engine it reached.
        let player: PlayerID
        /// The engine's number.
        let engine: Int
    }

    private struct State {
        var holders: ActiveHolders?
        var unattributed: [Unattributed] = []
        /// Numbers of seeks whose task the page cancelled, the latest ``cancelledKept`` of them.
        var cancelled: Set<UInt64> = []
        var cancelledOrder: [UInt64] = []
    }

    private let state = Protected(State())
    private let violations: Violations
    private let nextNumber = Atomic<UInt64>(0)
    /// Seeks that reached an engine, counted by the engines.
    let reached = Atomic<Int>(0)
    /// Seeks that reached an engine while the pool's record named another lease: must stay 0.
    let stale = Atomic<Int>(0)
    /// Seeks that reached an engine while the record named nobody.
    let withoutActiveHolder = Atomic<Int>(0)
    private static let cancelledKept = 4_096

    /// A ledger that records what it finds wrong in `violations`.
    init(violations: Violations) { self.violations = violations }

    /// Reads the active holders from `holders` from now on: call it before the pool makes its first engine.
    /// - Parameter holders: The pool's record.
    func watch(_ holders: ActiveHolders) {
        state.withLock { $0.holders = holders }
    }

    /// A fresh tag for a seek with `lease`; `nil` if its grant epoch is too large to tag.
    /// - Parameter lease: The lease that asks.
    func tag(for lease: PlayerLease) -> SeekTag? {
        SeekTag(number: nextNumber.add(1, ordering: .relaxed).newValue, epoch: lease.grantEpoch)
    }

    /// Records that the page cancels the task of the seek tagged `tag`.
    func markCancelled(_ tag: SeekTag) {
        state.withLock { state in
            guard state.cancelled.insert(tag.number).inserted else { return }
            state.cancelledOrder.append(tag.number)
            if state.cancelledOrder.count > Self.cancelledKept {
                state.cancelled.remove(state.cancelledOrder.removeFirst())
            }
        }
    }

    /// Whether the page cancelled the task of the seek tagged `tag` (among the latest cancelled ones).
    func wasCancelled(_ tag: SeekTag) -> Bool {
        state.withLock { $0.cancelled.contains(tag.number) }
    }

    /// Checks a seek as it reaches engine number `engine`, which backs `player`; called before the engine suspends.
    /// - Parameters:
    ///   - position: The position the pool handed the engine.
    ///   - player: The player the engine backs, `nil` if no lease named it yet.
    ///   - engine: The engine's number, for messages.
    func reach(_ position: Duration, on player: PlayerID?, engine: Int) {
        reached.add(1, ordering: .relaxed)
        guard position >= .zero else {
            violations.record("engine #\(engine) was given the negative seek position \(position)")
            return
        }
        guard let tag = SeekTag(position: position), let player else {
            violations.record(
                "engine #\(engine) (\(player.map { "\($0)" } ?? "unbound")) was given a seek to \(position), "
                    + "which no page of the run asked for")
            return
        }
        let active = state.withLock { $0.holders }?.activeLease(of: player)
        guard let active else {
            withoutActiveHolder.add(1, ordering: .relaxed)
            state.withLock { $0.unattributed.append(Unattributed(tag: tag, player: player, engine: engine)) }
            return
        }
        guard active.grantEpoch != tag.epoch else { return }
        stale.add(1, ordering: .relaxed)
        violations.record(
            "stale seek: \(tag) reached engine #\(engine) of \(player) while the active holder was \(active)")
    }

    /// The seeks that found no active holder since the last call.
    func takeUnattributed() -> [Unattributed] {
        state.withLock { state in
            defer { state.unattributed = [] }
            return state.unattributed
        }
    }
}
