// MARK: - Lifecycle

extension EngineStateMachine {
    /// Asks the handle to stop. Returns `true` when this call moved it out of `running`, so the
    /// event thread must be woken.
    mutating func stop() -> Bool {
        guard lifecycle == .running else { return false }
        lifecycle = .stopping
        return true
    }

    /// The event thread left its loop: every waiter fails, a load that was stopping with its own
    /// error, every other one with ``MPVError/shutDown``.
    mutating func beginDestroying() -> [Completion] {
        lifecycle = .destroying
        let all = waiters.keys.sorted()
        let completions = all.map { id in
            if case .load(let load) = waiters[id], let stopping = load.stopping {
                return finish(id, .failed(stopping.error))
            }
            return finish(id, .failed(.shutDown))
        }
        requests = [:]
        backlog = []
        inFlight = []
        return completions
    }

    /// The handle is destroyed.
    mutating func destroyed() {
        lifecycle = .destroyed
    }
}
