import Foundation

/// The calls a ``PageSession`` makes on its pool. Each is one request of the state machine.
extension PlayerPool {
    func acquire(_ item: MediaItem, timeout: Duration?, session: SessionID) async throws(PlayerPoolError) -> PlayerLease
    {
        let now = clock.now()
        let result = await perform(.cancellable) {
            $0.acquireRequested($1, session: session, media: item, timeout: timeout, now: now)
        }
        return try lease(from: result)
    }

    func lend(_ lease: PlayerLease, session: SessionID) throws(PlayerPoolError) -> HandoffToken {
        try shell.lend(lease.key, by: session).get()
    }

    func borrow(_ token: HandoffToken, session: SessionID) async throws(PlayerPoolError) -> PlayerLease {
        let now = clock.now()
        let result = await perform(.cancellable) { $0.borrowRequested($1, token: token, by: session, now: now) }
        return try lease(from: result)
    }

    func seek(_ lease: PlayerLease, to position: Duration, session: SessionID) async throws(PlayerPoolError) {
        _ = try await perform(.cancellable) { $0.seekRequested($1, lease: lease.key, by: session, to: position) }.get()
        shell.seeked(lease.key, by: session)
    }

    func subscribeStatus(
        _ lease: PlayerLease, session: SessionID, continuation: AsyncStream<PlaybackStatus>.Continuation
    ) {
        shell.subscribeStatus(lease.key, by: session, continuation: continuation)
    }

    func giveBack(_ lease: PlayerLease, session: SessionID) async throws(PlayerPoolError) {
        _ = try await perform(.uncancellable) { $0.giveBackRequested($1, lease: lease.key, by: session) }.get()
    }

    func reclaim(_ lease: PlayerLease, session: SessionID) async throws(PlayerPoolError) {
        _ = try await perform(.checkedOnEntry) { $0.reclaimRequested($1, lease: lease.key, by: session) }.get()
    }

    /// Applies `change` to the page's settings atomically; returns them with their version.
    func update(
        session: SessionID, _ change: @Sendable (inout PlaybackSettings) -> Void
    ) async throws(PlayerPoolError) -> (PlaybackSettings, UInt64) {
        guard var settings = shell.machine.settings(of: session) else {
            throw shell.machine.isShutDown ? .poolShutDown : .sessionClosed
        }
        change(&settings)
        let proposed = settings
        var version: UInt64 = 0
        _ = try await perform(.uncancellable) { machine, request in
            machine.updateRequested(request, session: session, settings: proposed)
            version = machine.settingsVersion(of: session)
        }.get()
        return (proposed, version)
    }

    func closeSession(_ session: SessionID) async {
        _ = await perform(.uncancellable) { $0.sessionClosed(session, request: $1) }
    }
}

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
