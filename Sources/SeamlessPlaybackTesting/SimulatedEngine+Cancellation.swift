@_spi(EngineSupport) import SeamlessPlayback

extension SimulatedEngine {
    /// Runs `body` (a load's wait at its gate and its latency) on a task of its own, and returns when it is done or,
    /// sooner, when the calling task is cancelled: then it throws `CancellationError` and cancels `body`'s task (a
    /// wait at a gate stays there until the gate lets it through, and does nothing after).
    func untilCancelled(_ body: @escaping @Sendable () async -> Void) async throws {
        let race = Race()
        let work = Task { await body() }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                race.wait(continuation)
                Task {
                    await work.value
                    race.finish(nil)
                }
            }
        } onCancel: {
            work.cancel()
            race.finish(CancellationError())
        }
    }

    /// Whichever of the work and the cancellation comes first resumes the caller, once.
    private final class Race: Sendable {
        private struct State {
            var continuation: CheckedContinuation<Void, any Error>?
            var outcome: Result<Void, any Error>?
        }

        private let state = Protected(State())

        func wait(_ continuation: CheckedContinuation<Void, any Error>) {
            let outcome = state.withLock { state -> Result<Void, any Error>? in
                guard let outcome = state.outcome else {
                    state.continuation = continuation
                    return nil
                }
                return outcome
            }
            if let outcome { continuation.resume(with: outcome) }
        }

        func finish(_ error: (any Error)?) {
            let continuation = state.withLock { state -> CheckedContinuation<Void, any Error>? in
                guard state.outcome == nil else { return nil }
                state.outcome = error.map { .failure($0) } ?? .success(())
                defer { state.continuation = nil }
                return state.continuation
            }
            guard let continuation else { return }
            if let error { continuation.resume(throwing: error) } else { continuation.resume() }
        }
    }
}
