@_spi(EngineSupport) import SeamlessPlayback
import SeamlessPlaybackTesting
import Synchronization

/// The faults the run injects into its engines (`--fail-rate`, `--crash-rate`, `--hang-rate`), drawn
/// from one seeded generator, and what was injected; and the system pauses (`--system-pause-rate`), which are no
/// fault but a change the engine makes by itself.
final class Faults: Sendable {
    /// Share of engine creations, loads and seeks that throw.
    let failRate: Double
    /// Share of page operations after which a random engine the page holds reports a failure.
    let crashRate: Double
    /// Share of applies and seeks that hang past the pool's apply timeout, then return.
    let hangRate: Double
    /// Share of page operations after which a random engine the page holds pauses by itself.
    let systemPauseRate: Double
    /// How long a hung apply takes: well past the pool's apply timeout.
    let hang: Duration

    /// Crashes and hangs injected into live engines. The pool notices each (a hang as a timeout), and may
    /// notice more: under load a healthy call can outlast the short timeouts of a fault run.
    let injected = Atomic<Int>(0)
    /// Creations and loads made to throw.
    let loadFaults = Atomic<Int>(0)
    /// Loads whose task the pool cancelled and that stopped before finishing.
    let loadsStopped = Atomic<Int>(0)
    /// Seeks made to throw: the pool answers `.seekFailed` and keeps the engine.
    let seekFaults = Atomic<Int>(0)
    /// System pauses the engines made (each changed what its engine carries, and was reported).
    let systemPauses = Atomic<Int>(0)
    private let rng: Protected<SplitMix64>

    init(
        failRate: Double, crashRate: Double, hangRate: Double, systemPauseRate: Double = 0, applyTimeout: Duration,
        seed: UInt64
    ) {
        self.failRate = failRate
        self.crashRate = crashRate
        self.hangRate = hangRate
        self.systemPauseRate = systemPauseRate
        self.hang = applyTimeout * 3
        rng = Protected(SplitMix64(seed: seed, stream: 0xFA17))
    }

    /// Whether any fault is injected at all (system pauses are no fault).
    var isOn: Bool { failRate > 0 || crashRate > 0 || hangRate > 0 }

    /// Draws whether an event with probability `rate` happens now.
    func draw(_ rate: Double) -> Bool {
        guard rate > 0 else { return false }
        return rng.withLock { $0.chance(rate) }
    }

    /// The pool's call timeouts for a run: short when faults are injected, so that hung calls are caught
    /// within the run; the pool's defaults otherwise.
    static func timeouts(faultsOn: Bool) -> (load: Duration?, apply: Duration?) {
        faultsOn ? (.milliseconds(500), .milliseconds(30)) : (.seconds(30), .seconds(5))
    }
}
