/// One origin fetch per byte range in flight: a reader that is about to fetch a range from the origin claims it
/// first, and a reader that finds the bytes it needs claimed waits for them to reach the cache, told by
/// ``MediaCache/observeChanges(of:_:)``, instead of fetching them again.
extension MediaCache {
    /// A range of a medium's bytes that one origin fetch is bringing into the cache: granted by
    /// ``MediaCache/claim(_:for:)``, ended by ``MediaCache/release(_:)`` when the fetch ends, fails or is cancelled.
    public struct FetchClaim: Hashable, Sendable {
        /// The medium's key.
        public let key: String
        /// The offsets the claim covers: what the fetch that holds it asks of the origin.
        public let range: Range<Int64>
        let id: FetchClaims.ID
    }

    /// Reports a medium's changes until cancelled (or freed): created by ``MediaCache/observeChanges(of:_:)``.
    public final class ChangeObservation: Sendable {
        private let cancelling: @Sendable () -> Void

        init(cancelling: @escaping @Sendable () -> Void) {
            self.cancelling = cancelling
        }

        deinit { cancelling() }

        /// Stops the reports; no report starts after it returns.
        public func cancel() { cancelling() }
    }

    /// What the claims and the observers of changes share, under a lock of their own: never the storage's, so that
    /// a claim or a report never waits for a disk write.
    struct Coordination: Sendable {
        var claims = FetchClaims()
        var observers: [String: [UInt64: @Sendable () -> Void]] = [:]
        var lastObserver: UInt64 = 0
    }

    /// Claims the longest part of `range` from its start that no other fetch has claimed, for a fetch from the origin
    /// that brings those bytes into the cache. Release the claim when that fetch ends, whatever its outcome.
    /// - Parameters:
    ///   - range: The offsets to fetch.
    ///   - key: The medium's key.
    /// - Returns: The claim, whose ``FetchClaim/range`` may end before `range` does (where another claim begins), or
    ///   `nil` when `range` is empty or another fetch has claimed its first byte: wait for that fetch's bytes.
    public func claim(_ range: Range<Int64>, for key: String) -> FetchClaim? {
        let granted = coordination.withLock { $0.claims.claim(range, for: key) }
        return granted.map { FetchClaim(key: key, range: $0.range, id: $0.id) }
    }

    /// Ends a claim: its fetch ended, failed or was cancelled. The medium's observers hear of it, so that a reader
    /// that waited for the claimed bytes finds them cached, or fetches what is still missing. Releasing twice does
    /// nothing.
    /// - Parameter claim: A claim ``MediaCache/claim(_:for:)`` granted.
    public func release(_ claim: FetchClaim) {
        guard coordination.withLock({ $0.claims.release(claim.id, for: claim.key) }) else { return }
        changed(claim.key)
    }

    /// The offsets of a medium that fetches have claimed and not yet released.
    /// - Parameter key: The medium's key.
    public func claimedRanges(for key: String) -> RangeSet<Int64> {
        coordination.withLock { $0.claims.claimed(for: key) }
    }

    /// The offsets of a medium that fetches other than `excluded`'s have claimed and not yet released.
    /// - Parameters:
    ///   - key: The medium's key.
    ///   - excluded: A claim to leave out: the caller's own, if it holds one.
    public func claimedRanges(for key: String, excluding excluded: FetchClaim?) -> RangeSet<Int64> {
        coordination.withLock { $0.claims.claimed(for: key, excluding: excluded?.id) }
    }

    /// Calls `changed` after each change of the medium: bytes written, its length set, it or everything removed, a
    /// claim on it released. Called on the thread that made the change, outside the cache's locks: keep it short
    /// (wake a waiting reader), and do not wait in it for another change.
    /// - Parameters:
    ///   - key: The medium's key.
    ///   - changed: What to call.
    /// - Returns: The observation: reports stop when it is cancelled or freed.
    public func observeChanges(of key: String, _ changed: @escaping @Sendable () -> Void) -> ChangeObservation {
        let id = coordination.withLock { state -> UInt64 in
            state.lastObserver += 1
            state.observers[key, default: [:]][state.lastObserver] = changed
            return state.lastObserver
        }
        return ChangeObservation { [coordination] in
            coordination.withLock { state in
                state.observers[key]?[id] = nil
                if state.observers[key]?.isEmpty == true { state.observers[key] = nil }
            }
        }
    }

    /// Tells the medium's observers that it changed (every medium's, for `nil`).
    func changed(_ key: String?) {
        let observers = coordination.withLock { state in
            key.map { Array(state.observers[$0, default: [:]].values) } ?? state.observers.values.flatMap(\.values)
        }
        for observer in observers { observer() }
    }
}
