/// The streams of ``FeedAutoplay/changes``: one per reader, each of which first hears the current state (the cell that
/// has a player, if any), then every change.
///
/// Every reader hears every change: a change is yielded to each reader's stream, under the lock that also registers
/// new readers, so that a reader that comes while a change is told hears it either in its first state or as a change,
/// never both and never neither. Cancelling a reader's task ends that stream only; ``finish()`` (the coordinator
/// freed) ends all of them. The streams hold this object, not the coordinator, so a loop over them never keeps the
/// coordinator alive.
final class AutoplayChanges: Sendable {
    /// The most changes kept for a reader that does not keep up; beyond it the oldest are dropped (the latest say
    /// where the player is).
    static let limit = 64

    private let state = Protected(State())

    private struct State {
        /// The cell that has a player, told last as `.playing`; `nil` once `.stopped` or before any.
        var current: FeedAutoplay.Change?
        var readers: [UInt64: AsyncStream<FeedAutoplay.Change>.Continuation] = [:]
        var nextReader: UInt64 = 0
        var isFinished = false
    }

    /// A new stream for one reader: the current state first, then every change; finished at once if the coordinator
    /// is gone.
    func stream() -> AsyncStream<FeedAutoplay.Change> {
        let (stream, continuation) = AsyncStream.makeStream(
            of: FeedAutoplay.Change.self, bufferingPolicy: .bufferingNewest(Self.limit))
        let id: UInt64? = state.withLock { state in
            guard !state.isFinished else { return nil }
            if let current = state.current { continuation.yield(current) }
            let id = state.nextReader
            state.nextReader += 1
            state.readers[id] = continuation
            return id
        }
        guard let id else {
            continuation.finish()
            return stream
        }
        // Set outside the lock: a stream already cancelled calls it at once, and it takes the lock.
        continuation.onTermination = { [weak self] _ in self?.remove(id) }
        return stream
    }

    /// Tells every reader `change`, which becomes the current state new readers hear first.
    func tell(_ change: FeedAutoplay.Change) {
        state.withLock { state in
            guard !state.isFinished else { return }
            switch change {
            case .playing: state.current = change
            case .stopped: state.current = nil
            }
            // Under the lock (see the type's note); a yield never calls back into this object.
            for reader in state.readers.values { reader.yield(change) }
        }
    }

    /// Ends every stream once its reader has read what it was told.
    func finish() {
        let readers = state.withLock { state in
            state.isFinished = true
            defer { state.readers = [:] }
            return Array(state.readers.values)
        }
        for reader in readers { reader.finish() }
    }

    private func remove(_ id: UInt64) {
        state.withLock { $0.readers[id] = nil }
    }
}
