/// Which page's lease each player is shown for: the pool's record of its players' active holders,
/// readable synchronously from any thread, and a stream of its changes.
///
/// A player's active lease changes when a borrow or acquire completes, when a give-back or close above
/// the active holder has put the holder below's settings back on the engine, when a reclaim's settings
/// have landed, and when the last holder leaves (then it is `nil`). A pending borrow leaves the previous
/// holder shown until its own settings land.
///
/// The record is updated before the call that caused the change returns, so a page that has just
/// borrowed a player already reads its own lease here. The stream's elements may arrive later: read the
/// record again when one arrives, rather than trusting the element alone.
public final class ActiveHolders: Sendable {
    private let state = Protected(State())

    private struct State {
        var leases = IDMap<PlayerID, PlayerLease>()
        var subscribers: [UInt64: AsyncStream<ActiveHolderChange>.Continuation] = [:]
        var nextSubscriber: UInt64 = 0
        var isFinished = false
    }

    init() {}

    /// The lease of the player's active holder (its settings on the engine), or `nil` when no page holds
    /// the player.
    /// - Parameter player: The player.
    public func activeLease(of player: PlayerID) -> PlayerLease? {
        state.withLock { $0.leases[player] }
    }

    /// A stream of the changes from now on; it finishes when the pool shuts down or is freed.
    public func changes() -> AsyncStream<ActiveHolderChange> {
        let (stream, continuation) = AsyncStream.makeStream(of: ActiveHolderChange.self)
        let id: UInt64? = state.withLock { state in
            guard !state.isFinished else { return nil }
            let id = state.nextSubscriber
            state.nextSubscriber += 1
            state.subscribers[id] = continuation
            return id
        }
        guard let id else {
            continuation.finish()
            return stream
        }
        continuation.onTermination = { [weak self] _ in self?.unsubscribe(id) }
        return stream
    }

    /// Records the player's new active lease (`nil`: none) and tells the subscribers.
    func record(_ lease: consuming PlayerLease?, of player: PlayerID) {
        var moved = lease
        let isListenedTo = state.withLock { state in
            // Moved into the record, not copied.
            state.leases[player] = moved.take()
            return !state.subscribers.isEmpty
        }
        if isListenedTo { tellListeners(about: player) }
    }

    /// Tells every listener the player's lease as recorded. Only the pool's actor records, so that is the lease
    /// just recorded.
    @inline(never)  // A stream's continuation has a layout known only at run time: no metadata looked up on the
    // handoff path when nobody listens.
    private func tellListeners(about player: PlayerID) {
        let (lease, listeners) = state.withLock { ($0.leases[player], Array($0.subscribers.values)) }
        let change = ActiveHolderChange(player: player, lease: lease)
        for listener in listeners { listener.yield(change) }
    }

    /// Finishes every stream.
    func finish() {
        let listeners = state.withLock { state in
            state.isFinished = true
            defer { state.subscribers = [:] }
            return Array(state.subscribers.values)
        }
        for listener in listeners { listener.finish() }
    }

    private func unsubscribe(_ id: UInt64) {
        state.withLock { $0.subscribers[id] = nil }
    }
}

/// One change of a player's active holder, streamed by ``ActiveHolders/changes()``.
public struct ActiveHolderChange: Hashable, Sendable {
    /// The player.
    public let player: PlayerID
    /// The lease of its new active holder, or `nil` when no page holds it any more.
    public let lease: PlayerLease?
}
