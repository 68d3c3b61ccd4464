@_spi(EngineSupport) import SeamlessPlayback

/// A fault the run injected.
struct InjectedFault: Error, CustomStringConvertible {
    let description: String
}

/// Makes a pool's engines and keeps them, so that checkpoints can look at every one.
final class EngineRegistry: Sendable {
    private let engines = Protected<[StressEngine]>([])
    private let latency: Duration
    private let violations: Violations
    let faults: Faults
    /// What the engines saw of seeks.
    let ledger: SeekLedger

    init(latency: Duration, violations: Violations, faults: Faults) {
        self.latency = latency
        self.violations = violations
        self.faults = faults
        ledger = SeekLedger(violations: violations)
    }

    /// A new engine, numbered in order of creation.
    /// - Throws: ``InjectedFault`` at the run's `--fail-rate`.
    func make() throws -> StressEngine {
        if faults.draw(faults.failRate) {
            faults.loadFaults.add(1, ordering: .relaxed)
            throw InjectedFault(description: "injected creation failure")
        }
        return engines.withLock { engines in
            let engine = StressEngine(
                index: engines.count, latency: latency, violations: violations, faults: faults, ledger: ledger)
            engines.append(engine)
            return engine
        }
    }

    /// Every engine made so far.
    var all: [StressEngine] { engines.withLock { $0 } }
}
