import Foundation
@_spi(EngineSupport) import SeamlessPlayback
import SeamlessPlaybackMPV
import SoakCheck

/// What the soak's harness, fault injector and observer share, under one lock: what each page believes it holds,
/// the pages let go, the faults in force, the failures met and the counts of what was done.
final class SoakLedger: Sendable {
    struct State {
        /// Each detail page's active player, by page name.
        var detailBeliefs: [String: PlayerID] = [:]
        /// The feed's lease while a detail page has borrowed its player.
        var lentFeedLease: PlayerLease?
        /// The pages closed or dropped, with when (seconds since the start).
        var letGo: [String: Double] = [:]
        /// Until when each item counts as struck by a fault (seconds), by item id; `allFaultedUntil` for all items.
        var faultedUntil: [String: Double] = [:]
        var allFaultedUntil = -1.0
        /// The items ever struck by a fault, checked for recovery at the end.
        var faultedItems: Set<Int> = []
        var faults: [SoakFault.Kind: Int] = [:]
        /// For each 404 and 503 window, the requests its item drew from the origin while it lasted.
        var statusRequests: [SoakFault.Kind: [Int]] = [:]
        var failures: [SoakFailureKind: Int] = [:]
        /// Failures not explained by the faults, since the observer last took them.
        var untyped: [String] = []
        var steps: [String: Int] = [:]
        /// Each engine failure the pool reported, with when and why.
        var engineFailures: [String] = []
        /// Engine failures the pool reported that a fault explains: the origin failed the stream a loaded player read
        /// through the cache, and the player left the pool so that no dead player is handed over.
        var originCuts = 0
        /// The first three media failures of each kind the pool met, with their reasons.
        var mediaFailureReasons: [String] = []
        var endings: [SoakStep.Ending: Int] = [:]
    }

    let state = Protected(State())
    private let start = ContinuousClock.now

    /// Seconds since the ledger was made.
    var seconds: Double {
        let elapsed = start.duration(to: .now)
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
    }

    /// Counts a failure by its kind; one the faults do not explain is kept for the observer.
    func failed(_ error: any Error, doing what: String) {
        let kind = SoakFailureKind.of(error)
        state.withLock { state in
            state.failures[kind, default: 0] += 1
            if !kind.isExpected { state.untyped.append("\(what): \(error)") }
        }
    }

    /// Counts a step.
    func did(_ step: String) { state.withLock { $0.steps[step, default: 0] += 1 } }
}

/// Checks every read a cache stream hands mpv against the origin's bytes, byte for byte.
final class SoakByteCheck: Sendable {
    private struct Counts {
        var reads = 0
        var bytes: Int64 = 0
        var differing = 0
        var firstDifference: String?
    }

    private let expected: [String: Data]
    private let counts = Protected(Counts())

    init(expected: [String: Data]) { self.expected = expected }

    /// Reads checked, bytes checked, reads that differed and the first of them.
    var totals: (reads: Int, bytes: Int64, differing: Int, first: String?) {
        counts.withLock { ($0.reads, $0.bytes, $0.differing, $0.firstDifference) }
    }

    /// Compares one read; a read of a key the origin does not serve, or past its end, differs.
    func check(key: String, offset: Int64, bytes: Data) {
        let matches: Bool
        if let origin = expected[key], offset >= 0, offset + Int64(bytes.count) <= Int64(origin.count) {
            let start = origin.startIndex + Int(offset)
            matches = origin[start..<(start + bytes.count)].elementsEqual(bytes)
        } else {
            matches = false
        }
        counts.withLock { counts in
            counts.reads += 1
            counts.bytes += Int64(bytes.count)
            if !matches {
                counts.differing += 1
                if counts.firstDifference == nil {
                    counts.firstDifference = "\(key) at \(offset), \(bytes.count) bytes"
                }
            }
        }
    }
}
