/// A handle that cancels a blocking read from another thread: what an engine's stream callback holds while it waits
/// in ``HTTPByteSource/read(_:range:cancellation:)``.
///
/// Cancelling is final: a read started with a cancelled handle throws ``ByteSourceError/cancelled`` at once.
public final class ByteReadCancellation: Sendable {
    private struct State {
        var isCancelled = false
        var onCancel: [UInt64: @Sendable () -> Void] = [:]
        var nextID: UInt64 = 0
    }

    private let state = Protected(State())

    /// Creates a handle that is not cancelled.
    public init() {}

    /// Whether ``cancel()`` was called.
    public var isCancelled: Bool { state.withLock { $0.isCancelled } }

    /// Cancels every read that uses this handle, now and later. Safe to call from any thread, more than once.
    public func cancel() {
        let handlers = state.withLock { state -> [@Sendable () -> Void] in
            guard !state.isCancelled else { return [] }
            state.isCancelled = true
            defer { state.onCancel = [:] }
            return Array(state.onCancel.values)
        }
        for handler in handlers { handler() }
    }

    /// Runs `handler` when the handle is cancelled, or at once if it is already.
    /// - Returns: A key for ``remove(_:)``, or `nil` when the handler already ran.
    func add(_ handler: @escaping @Sendable () -> Void) -> UInt64? {
        let key = state.withLock { state -> UInt64? in
            guard !state.isCancelled else { return nil }
            state.nextID += 1
            state.onCancel[state.nextID] = handler
            return state.nextID
        }
        if key == nil { handler() }
        return key
    }

    /// Forgets a handler that is no longer needed.
    func remove(_ key: UInt64?) {
        guard let key else { return }
        state.withLock { _ = $0.onCancel.removeValue(forKey: key) }
    }
}
