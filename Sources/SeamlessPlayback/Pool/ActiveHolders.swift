import Foundation

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
public final class ActiveHolders: @unchecked Sendable {
    // `@unchecked`: `leases` and `subscribers` are only touched with `lock` held.
    private let lock = NSLock()
    private var leases = IDMap<PlayerID, PlayerLease>()
    private var subscribers: [UInt64: AsyncStream<ActiveHolderChange>.Continuation] = [:]
    private var nextSubscriber: UInt64 = 0
    private var isFinished = false

    init() {}

    /// The lease of the player's active holder (its settings on the engine), or `nil` when no page holds
    /// the player.
    /// - Parameter player: The player.
    public func activeLease(of player: PlayerID) -> PlayerLease? {
        lock.lock()
        defer { lock.unlock() }
        return leases[player]
    }

    /// A stream of the changes from now on; it finishes when the pool shuts down or is freed.
    public func changes() -> AsyncStream<ActiveHolderChange> {
        let (stream, continuation) = AsyncStream.makeStream(of: ActiveHolderChange.self)
        lock.lock()
        if isFinished {
            lock.unlock()
            continuation.finish()
            return stream
        }
        let id = nextSubscriber
        nextSubscriber += 1
        subscribers[id] = continuation
        lock.unlock()
        continuation.onTermination = { [weak self] _ in self?.unsubscribe(id) }
        return stream
    }

    /// Records a change and tells the subscribers.
    func record(_ change: ActiveHolderChange) {
        lock.lock()
        leases[change.player] = change.lease
        // No array on the handoff path when nobody listens.
        let listeners = subscribers.isEmpty ? [] : Array(subscribers.values)
        lock.unlock()
        for listener in listeners { listener.yield(change) }
    }

    /// Finishes every stream.
    func finish() {
        lock.lock()
        isFinished = true
        let listeners = Array(subscribers.values)
        subscribers = [:]
        lock.unlock()
        for listener in listeners { listener.finish() }
    }

    private func unsubscribe(_ id: UInt64) {
        lock.lock()
        subscribers[id] = nil
        lock.unlock()
    }
}

/// One change of a player's active holder, streamed by ``ActiveHolders/changes()``.
public struct ActiveHolderChange: Hashable, Sendable {
    /// The player.
    public let player: PlayerID
    /// The lease of its new active holder, or `nil` when no page holds it any more.
    public let lease: PlayerLease?
}
