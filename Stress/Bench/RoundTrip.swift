import SeamlessPlayback

/// The handoff round trip: lend, borrow, give back, with the settings re-applied both ways on a
/// no-op engine, for one pair of pages in a pool with `pages` sessions open.
enum RoundTripBenchmark {
    static let feedSettings = PlaybackSettings(isMuted: true, volume: 1, rate: 1)
    static let detailSettings = PlaybackSettings(isMuted: false, volume: 0.5, rate: 1)

    /// A pool with `sessions` open pages, two of which make the round trip.
    struct Pair {
        let pool: PlayerPool
        let feed: PageSession
        let detail: PageSession
        let lease: PlayerLease
        let idle: [PageSession]

        init?(sessions: Int, capacity: Int = 16) async {
            pool = PlayerPool(configuration: .init(capacity: capacity)) { NoopEngine() }
            do {
                feed = try await pool.makeSession(named: "feed", settings: RoundTripBenchmark.feedSettings)
                detail = try await pool.makeSession(named: "detail", settings: RoundTripBenchmark.detailSettings)
                var idle: [PageSession] = []
                idle.reserveCapacity(max(0, sessions - 2))
                for index in 0..<max(0, sessions - 2) { idle.append(try await pool.makeSession(named: "idle\(index)")) }
                self.idle = idle
                lease = try await feed.acquire(MediaItem(id: "clip"))
            } catch {
                return nil
            }
        }

        /// One round trip; returns whether every call succeeded.
        @discardableResult
        func roundTrip() async -> Bool {
            do {
                let borrowed = try await detail.borrow(try await feed.lend(lease))
                try await detail.giveBack(borrowed)
                return true
            } catch {
                return false
            }
        }

        func close() async { await pool.shutdown() }
    }

    /// Latencies of the round trip with `sessions` pages open.
    static func run(sessions: Int, samples: Int, budget: UInt64, violations: Violations) async -> Latencies {
        guard let pair = await Pair(sessions: sessions) else {
            violations.record("round-trip benchmark: could not set up its pool")
            return Latencies([])
        }
        let failures = Box(0)
        let latencies = await measure(samples: samples, budget: budget) {
            if !(await pair.roundTrip()) { failures.value += 1 }
        }
        if failures.value > 0 { violations.record("round-trip benchmark: \(failures.value) round trips failed") }
        await pair.close()
        return latencies
    }

    /// Makes `count` round trips and nothing else, for a profiler; returns the exit status.
    static func profile(_ count: Int, violations: Violations) async -> Int32 {
        guard let pair = await Pair(sessions: 2) else { return 1 }
        let start = Nanoseconds.now()
        var failures = 0
        for _ in 0..<count where !(await pair.roundTrip()) { failures += 1 }
        let elapsed = Double(Nanoseconds.now() - start)
        print("\(count) round trips, \(Format.duration(nanoseconds: elapsed / Double(count))) each, \(failures) failed")
        await pair.close()
        return failures == 0 ? 0 : 1
    }
}
