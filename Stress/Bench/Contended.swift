import SeamlessPlayback
import Synchronization

/// Contended throughput: every page at once acquires, lends to its neighbour, who borrows and gives
/// back, then gives back itself; many more pages than players, so most wait in line.
enum ContendedBenchmark {
    /// Operations per second over `seconds`, with `pages` pages over `players` players.
    static func run(pages: Int, players: Int, media: Int, seconds: Double, violations: Violations) async -> Double {
        let pool = PlayerPool(configuration: .init(capacity: players)) { NoopEngine() }
        var sessions: [PageSession] = []
        for index in 0..<pages {
            guard
                let session = try? await pool.makeSession(
                    named: "c\(index)", settings: PageTag.initialSettings(of: index))
            else { continue }
            sessions.append(session)
        }
        let items = (0..<media).map { MediaItem(id: "m\($0)") }
        let shared = Tally()
        let start = Nanoseconds.now()
        await withTaskGroup(of: Void.self) { group in
            for (index, session) in sessions.enumerated() {
                let neighbour = sessions[(index + 1) % sessions.count]
                let item = items[index % items.count]
                group.addTask {
                    while !shared.stop.load(ordering: .relaxed) {
                        do {
                            let lease = try await session.acquire(item)
                            let borrowed = try await neighbour.borrow(try await session.lend(lease))
                            try await neighbour.giveBack(borrowed)
                            try await session.giveBack(lease)
                            shared.operations.add(5, ordering: .relaxed)
                        } catch {
                            shared.failures.add(1, ordering: .relaxed)
                        }
                    }
                }
            }
            try? await Task.sleep(for: .seconds(seconds))
            shared.stop.store(true, ordering: .relaxed)
            await group.waitForAll()
        }
        let elapsed = Double(Nanoseconds.now() - start) / 1e9
        if shared.failures.load(ordering: .relaxed) > 0 {
            violations.record("contended benchmark: \(shared.failures.load(ordering: .relaxed)) cycles failed")
        }
        for session in sessions { await session.close() }
        await pool.shutdown()
        return Double(shared.operations.load(ordering: .relaxed)) / elapsed
    }
}

/// Counters the benchmark's tasks share.
final class Tally: Sendable {
    let operations = Atomic<Int>(0)
    let failures = Atomic<Int>(0)
    let stop = Atomic<Bool>(false)

    init() {}
}
