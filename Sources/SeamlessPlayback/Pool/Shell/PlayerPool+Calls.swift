/// How a page's call reaches the pool's machine and waits for its answer.
extension PlayerPool {
    /// How a waiting call treats its task's cancellation.
    enum CancellationMode {
        /// Cancellation ends the wait with `.cancelled` and undoes the request.
        case cancellable
        /// A task cancelled before the call gets `.cancelled`; once the request is made it completes.
        case checkedOnEntry
        /// The call completes whatever happens to its task (its change is already made).
        case uncancellable
    }

    /// Makes a request of the machine and waits until the machine completes it.
    @inline(__always)  // A request completed at once then costs its caller no frame of its own.
    func perform(
        _ mode: CancellationMode,
        _ input: (inout PoolStateMachine, RequestID) -> Void
    ) async -> Result<PlayerLease?, PlayerPoolError> {
        let (request, result) = shell.start(mode, input)
        if let result { return result }
        guard mode == .cancellable else { return await wait(for: request) }
        // Watched for cancellation only now that it waits: nothing suspended since the input, and a task
        // cancelled meanwhile has its handler called at once.
        return await withTaskCancellationHandler {
            await wait(for: request)
        } onCancel: {
            Task { await self.cancel(request) }
        }
    }

    /// Waits until the machine completes the request.
    private func wait(for request: RequestID) async -> Result<PlayerLease?, PlayerPoolError> {
        await withCheckedContinuation { shell.waits[request] = $0 }
    }

    func lease(from result: Result<PlayerLease?, PlayerPoolError>) throws(PlayerPoolError) -> PlayerLease {
        guard let lease = try result.get() else { throw .engineFailed("the pool granted a player without an engine") }
        return lease
    }
}
