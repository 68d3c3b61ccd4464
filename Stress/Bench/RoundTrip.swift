import SeamlessPlayback

/// The handoff round trip: lend, borrow, give back, with the settings re-applied both ways on a
/// ``NoopEngine``, for one pair of pages in a pool with `pages` sessions open. The engine takes settings at once, or,
/// to show what a task per apply costs, only in its asynchronous apply.
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

        init?(sessions: Int, capacity: Int = 16, awaitingEngine: Bool = false) async {
            pool = PlayerPool(configuration: .init(capacity: capacity)) {
                NoopEngine(takesSettingsAtOnce: !awaitingEngine)
            }
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

    /// The round trip's latencies, and the most handoff tokens its pool kept at once.
    struct Figures: Sendable {
        var latencies = Latencies([])
        var tokensKeptMax = 0
    }

    /// Latencies of the round trip with `sessions` pages open; the pool's token table is read between samples.
    static func run(
        sessions: Int, awaitingEngine: Bool = false, samples: Int, budget: UInt64, violations: Violations
    ) async -> Figures {
        guard let pair = await Pair(sessions: sessions, awaitingEngine: awaitingEngine) else {
            violations.record("round-trip benchmark: could not set up its pool")
            return Figures()
        }
        let failures = Box(0)
        let tokens = Box(0)
        let latencies = await measure(
            samples: samples, budget: budget,
            between: { tokens.value = max(tokens.value, await pair.pool.metrics.tokens) },
            { if !(await pair.roundTrip()) { failures.value += 1 } })
        tokens.value = max(tokens.value, await pair.pool.metrics.tokens)
        if failures.value > 0 { violations.record("round-trip benchmark: \(failures.value) round trips failed") }
        await pair.close()
        return Figures(latencies: latencies, tokensKeptMax: tokens.value)
    }

    /// Makes `count` round trips and nothing else, for a profiler; returns the exit status. Reports the
    /// resident memory after 10,000 round trips and at the end, and the most tokens the pool kept (read every
    /// 10,000 round trips), for the token table's bound.
    static func profile(_ count: Int, awaitingEngine: Bool, violations: Violations) async -> Int32 {
        guard let pair = await Pair(sessions: 2, awaitingEngine: awaitingEngine) else { return 1 }
        let start = Nanoseconds.now()
        var failures = 0
        var tokensKeptMax = 0
        var residentEarly: Int?
        for index in 1...count {
            if !(await pair.roundTrip()) { failures += 1 }
            if index % 10_000 == 0 {
                tokensKeptMax = max(tokensKeptMax, await pair.pool.metrics.tokens)
                if index == 10_000 { residentEarly = Memory.residentBytes() }
            }
        }
        let elapsed = Double(Nanoseconds.now() - start)
        print("\(count) round trips, \(Format.duration(nanoseconds: elapsed / Double(count))) each, \(failures) failed")
        if let residentEarly {
            let resident = Memory.residentBytes()
            print(
                "resident: \(Format.grouped(residentEarly)) B after 10,000 round trips, \(Format.grouped(resident)) B "
                    + "after \(Format.grouped(count)) (\(Format.grouped(resident - residentEarly)) B more); "
                    + "tokens kept at most \(Format.grouped(tokensKeptMax))")
        }
        await pair.close()
        return failures == 0 ? 0 : 1
    }
}
