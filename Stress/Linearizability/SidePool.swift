@_spi(EngineSupport) import SeamlessPlayback
import SeamlessPlaybackTesting
import Synchronization

/// The small side pool whose histories are checked for linearizability, window after window.
///
/// Each window is a fresh pool of 2 players and 4 pages; the pages make a dozen calls each,
/// concurrently, recording invocation and response on a shared logical clock; then the history is
/// checked against ``SequentialModel``. A failing window prints its history.
struct SidePool {
    let seed: UInt64
    let cancelRate: Double
    let violations: Violations
    let counters: RunCounters

    static let capacity = 2
    static let pages = 4
    static let media = 3
    static let callsPerPage = 12
    /// The pause between windows, so that the side pool does not starve the main workload.
    static let pace: Duration = .milliseconds(15)

    /// What the windows found.
    struct Summary: Sendable {
        var windows = 0
        var failures = 0
        var inconclusive = 0
        var operations = 0
        /// Seeks the side pool's pages made, each in a checked history.
        var seeks = 0
        /// Seeks from a lease that was not the active holder at their turn that reached an engine (must stay 0).
        var staleSeeks = 0
    }

    /// Runs windows until the run tells the side pool to stop (at least `minimum` of them).
    func run(minimum: Int) async -> Summary {
        var summary = Summary()
        while summary.windows < minimum || !counters.stopSidePool.load(ordering: .relaxed) {
            let (history, ledger) = await window(number: summary.windows)
            summary.operations += history.count
            summary.seeks += history.filter { if case .seek = $0.call { true } else { false } }.count
            summary.staleSeeks += ledger.stale.load(ordering: .relaxed)
            switch LinearizabilityChecker(capacity: Self.capacity).check(history) {
            case .linearizable:
                break
            case .notLinearizable:
                summary.failures += 1
                let lines = history.map { "    \($0)" }.joined(separator: "\n")
                violations.record(
                    "linearizability window \(summary.windows) is not linearizable; its history:\n\(lines)")
            case .inconclusive:
                summary.inconclusive += 1
            }
            summary.windows += 1
            counters.windows.add(1, ordering: .relaxed)
            try? await Task.sleep(for: Self.pace)
        }
        return summary
    }

    /// Runs one window on a fresh pool; returns its history, ordered by invocation, and what its engines saw of seeks.
    private func window(number: Int) async -> ([LinOperation], SeekLedger) {
        let registry = EngineRegistry(
            latency: .zero, violations: violations,
            faults: Faults(failRate: 0, crashRate: 0, hangRate: 0, applyTimeout: .zero, seed: 0))
        let pool = PlayerPool(configuration: .init(capacity: Self.capacity, handoffTokenLifetime: .seconds(3_600))) {
            try registry.make()
        }
        registry.ledger.watch(pool.activeHolders)
        var sessions: [PageSession] = []
        for page in 0..<Self.pages {
            guard
                let session = try? await pool.makeSession(
                    named: "s\(page)", settings: PageTag.initialSettings(of: page))
            else { continue }
            sessions.append(session)
        }
        let shared = SideShared()
        let windowSeed = seed &+ UInt64(number) &* 0x1000
        let records = await withTaskGroup(of: [LinOperation].self, returning: [LinOperation].self) { group in
            for (page, session) in sessions.enumerated() {
                group.addTask {
                    var worker = SideWorker(
                        page: page, session: session, pool: pool, shared: shared, ledger: registry.ledger,
                        cancelRate: cancelRate, rng: SplitMix64(seed: windowSeed, stream: UInt64(page)))
                    return await worker.run(calls: Self.callsPerPage)
                }
            }
            var all: [LinOperation] = []
            for await records in group { all += records }
            return all
        }
        let problems = await pool.checkInvariants()
        for problem in problems { violations.record("side pool window \(number): invariant: \(problem)") }
        // The side pool cancels no seek: one that found no active holder must be on an engine that failed.
        let failed = await pool.failureEpochs
        for seek in registry.ledger.takeUnattributed() where failed[seek.player] == nil {
            violations.record(
                "side pool window \(number): \(seek.tag) reached engine #\(seek.engine) of \(seek.player) while the "
                    + "pool's record named no active holder, and the engine had not failed")
        }
        await pool.shutdown()
        let history = records.sorted { $0.invoked < $1.invoked }.enumerated().map { id, operation in
            LinOperation(
                id: id, page: operation.page, call: operation.call, response: operation.response,
                invoked: operation.invoked, returned: operation.returned)
        }
        return (history, registry.ledger)
    }
}

/// The clock and token board the side pool's pages share.
final class SideShared: Sendable {
    private let clock = Atomic<Int>(0)
    private let tokens = Protected<[HandoffToken]>([])

    init() {}

    /// The next tick of the window's logical clock.
    func tick() -> Int { clock.add(1, ordering: .sequentiallyConsistent).newValue }

    /// Keeps the latest 64 tokens: far fewer uses than the pool's memory of used tokens
    /// (`PoolStateMachine.defaultUsedTokenMemory`) happen while a token is on the board, so a used one still answers
    /// `.tokenAlreadyUsed`, as the sequential model expects.
    func post(_ token: HandoffToken) {
        tokens.withLock { tokens in
            if tokens.count >= 64 { tokens.removeFirst() }
            tokens.append(token)
        }
    }

    func take(at position: Int, keep: Bool) -> HandoffToken? {
        tokens.withLock { tokens in
            guard !tokens.isEmpty else { return nil }
            let index = position % tokens.count
            return keep ? tokens[index] : tokens.remove(at: index)
        }
    }
}
