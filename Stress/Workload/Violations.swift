@_spi(EngineSupport) import SeamlessPlayback
import SeamlessPlaybackTesting
import Synchronization

/// Every broken rule the run saw, with the context to reproduce it.
///
/// Each entry names the seed and the checkpoint epoch (how many checkpoints had passed); callers
/// add the page, player and grant (a lease's description carries its grant epoch).
final class Violations: Sendable {
    /// The seed of the run, printed with every violation.
    let seed: UInt64
    private let epoch = Atomic<Int>(0)
    private let count = Atomic<Int>(0)
    private let entries = Protected<[String]>([])
    private static let kept = 200

    init(seed: UInt64) { self.seed = seed }

    /// How many violations so far.
    var total: Int { count.load(ordering: .relaxed) }

    /// The first violations, in the order they were seen.
    var recorded: [String] { entries.withLock { $0 } }

    /// The checkpoint epoch now: the number of checkpoints completed.
    var checkpointEpoch: Int { epoch.load(ordering: .relaxed) }

    /// Starts the next checkpoint epoch.
    func advanceEpoch() { epoch.add(1, ordering: .relaxed) }

    /// Records one violation and prints it on stderr at once (the first ones only).
    func record(_ what: String) {
        let text = "VIOLATION [seed \(seed), checkpoint epoch \(checkpointEpoch)] \(what)"
        let number = count.add(1, ordering: .relaxed).newValue
        guard number <= Self.kept else { return }
        entries.withLock { $0.append(text) }
        StandardError.write("\n" + text + "\n")
    }
}
