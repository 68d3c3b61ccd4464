/// Decides whether a concurrent history is linearizable with respect to ``SequentialModel``.
///
/// Wing and Gong's search, with the memoisation of Lowe, Knossos and Porcupine: repeatedly pick an
/// operation that may take its next step (no unfinished operation returned before it was invoked),
/// apply it to the model, and backtrack when the model refuses; a (model state, progress) pair seen
/// before is never explored again.
struct LinearizabilityChecker {
    let capacity: Int

    /// How far each operation has got: not started, accepted (two-step borrows, acquires and reclaims), or done.
    private enum Progress: UInt8, Hashable {
        case notStarted, accepted, done
    }

    private struct Configuration: Hashable {
        var model: SequentialModel
        var progress: [Progress]
    }

    /// The verdict on one history.
    enum Verdict {
        case linearizable
        case notLinearizable
        /// The search gave up after exploring `limit` configurations.
        case inconclusive
    }

    /// Searches for a linearization of `history`.
    func check(_ history: [LinOperation], limit: Int = 2_000_000) -> Verdict {
        var seen: Set<Configuration> = []
        var explored = 0
        let start = Configuration(
            model: SequentialModel(capacity: capacity),
            progress: Array(repeating: .notStarted, count: history.count))
        var frontier = [start]
        while let configuration = frontier.popLast() {
            guard seen.insert(configuration).inserted else { continue }
            explored += 1
            if explored > limit { return .inconclusive }
            let open = history.indices.filter { configuration.progress[$0] != .done }
            if open.isEmpty { return .linearizable }
            let horizon = open.map { history[$0].returned }.min() ?? Int.max
            for index in open where history[index].invoked < horizon {
                for (step, progress) in steps(of: history[index], at: configuration.progress[index]) {
                    guard let model = configuration.model.after(step, of: history[index]) else { continue }
                    var next = configuration
                    next.model = model
                    next.progress[index] = progress
                    frontier.append(next)
                }
            }
        }
        return .notLinearizable
    }

    /// The steps an operation may take next, with the progress each leads to.
    private func steps(of operation: LinOperation, at progress: Progress) -> [(SequentialModel.Step, Progress)] {
        if case .acquire = operation.call, case .failed(.engineFailed) = operation.response {
            // Granted a player, then ended by the failure of its engine while the grant was pending; which
            // player it was granted is open when several warm ones were idle (at most `capacity`).
            guard progress == .notStarted else { return [(.end, .done)] }
            return (0..<capacity).map { (.acceptOn(candidate: $0), .accepted) }
        }
        if case .seek(_, negative: false) = operation.call,
            operation.response == .failed(.notActiveHolder) || operation.response.isEngineFailure
        {
            // Refused at once, or accepted while its lease was on top and ended at its turn or by the failure.
            return progress == .notStarted ? [(.whole, .done), (.accept, .accepted)] : [(.end, .done)]
        }
        if case .reclaim = operation.call, case .failed = operation.response {
            // Refused at once, or accepted and then revoked before its settings landed.
            return progress == .notStarted ? [(.whole, .done), (.accept, .accepted)] : [(.end, .done)]
        }
        guard case .borrow = operation.call else { return progress == .notStarted ? [(.whole, .done)] : [] }
        switch (operation.response, progress) {
        case (.failed(.leaseRevoked), .notStarted):
            return [(.accept, .accepted)]
        case (.failed(.cancelled), .notStarted), (.failed(.engineFailed), .notStarted):
            // Cancelled before the pool saw it, or accepted and then undone; refused because the token's
            // engine had failed, or accepted and then ended by that failure.
            return [(.whole, .done), (.accept, .accepted)]
        case (.failed(.leaseRevoked), .accepted), (.failed(.cancelled), .accepted), (.failed(.engineFailed), .accepted):
            return [(.end, .done)]
        case (_, .notStarted):
            return [(.whole, .done)]
        default:
            return []
        }
    }
}

extension LinOperation.Response {
    /// Whether the call failed with ``SeamlessPlayback/PlayerPoolError/engineFailed(_:)``, whatever the reason.
    var isEngineFailure: Bool {
        if case .failed(.engineFailed) = self { true } else { false }
    }
}
