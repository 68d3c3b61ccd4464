/// Samples of one latency, in nanoseconds, with the statistics the report needs.
struct Latencies: Sendable {
    private(set) var sorted: [UInt64]

    init(_ samples: [UInt64]) { sorted = samples.sorted() }

    var count: Int { sorted.count }

    /// The `p`-th percentile (0...100), nearest rank.
    func percentile(_ p: Double) -> Double {
        guard !sorted.isEmpty else { return 0 }
        let rank = Int((p / 100 * Double(sorted.count)).rounded(.up)) - 1
        return Double(sorted[min(max(rank, 0), sorted.count - 1)])
    }

    var p50: Double { percentile(50) }
    var p99: Double { percentile(99) }
}

/// Times `body` repeatedly: a warm-up, then one sample per iteration until `samples` or `budget` ns.
/// `between`, when given, runs untimed after every 4,096th sample.
func measure(
    samples: Int, budget: UInt64, warmUp: Int = 1_000, between: (() async -> Void)? = nil, _ body: () async -> Void
) async -> Latencies {
    for _ in 0..<warmUp { await body() }
    var times: [UInt64] = []
    times.reserveCapacity(samples)
    let start = Nanoseconds.now()
    while times.count < samples {
        let before = Nanoseconds.now()
        await body()
        let after = Nanoseconds.now()
        times.append(after - before)
        if let between, times.count % 4_096 == 0 { await between() }
        if after - start > budget { break }
    }
    return Latencies(times)
}
