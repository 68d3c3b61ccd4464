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
    /// error, every other one (a seek too) with ``MPVError/shutDown``; the machine's own reads are dropped.
    mutating func beginDestroying() -> [Completion] {
        lifecycle = .destroying
        let all = waiters.keys.sorted()
        let completions = all.compactMap { id -> Completion? in
            switch waiters[id] {
            case .load(let load):
                return finish(id, load.stopping?.outcome ?? .failed(.shutDown))
            case .probe:
                _ = finish(id, .finished)
                return nil
            default:
                return finish(id, .failed(.shutDown))
            }
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
