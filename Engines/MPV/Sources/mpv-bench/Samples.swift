/// Measured durations, in milliseconds, with the statistics the report needs.
struct Samples {
    private(set) var milliseconds: [Double] = []

    mutating func append(_ duration: Duration) {
        milliseconds.append(duration.milliseconds)
    }

    /// The value below which `fraction` of the samples lie (nearest rank); zero when empty.
    func percentile(_ fraction: Double) -> Double {
        let sorted = milliseconds.sorted()
        guard !sorted.isEmpty else { return 0 }
        let rank = Int((fraction * Double(sorted.count)).rounded(.up))
        return sorted[min(max(rank, 1), sorted.count) - 1]
    }

    var median: Double { percentile(0.5) }
    var minimum: Double { milliseconds.min() ?? 0 }
    var maximum: Double { milliseconds.max() ?? 0 }
}

extension Duration {
    /// The duration in milliseconds, as a floating-point number.
    var milliseconds: Double {
        Double(components.seconds) * 1_000 + Double(components.attoseconds) * 1e-15
    }
}
