import SeamlessPlaybackTesting

/// A ``SplitMix64`` with the draws the soak's scripts need.
struct SplitMix64Box: Sendable {
    private var random: SplitMix64

    init(seed: UInt64) { random = SplitMix64(seed: seed) }

    mutating func below(_ bound: Int) -> Int { random.below(bound) }

    /// `elements` in a seeded order (Fisher–Yates).
    mutating func shuffled<Element>(_ elements: [Element]) -> [Element] {
        var result = elements
        for index in result.indices.reversed() where index > 0 {
            result.swapAt(index, random.below(index + 1))
        }
        return result
    }
}
