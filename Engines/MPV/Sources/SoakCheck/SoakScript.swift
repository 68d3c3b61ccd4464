import SeamlessPlaybackTesting

/// The soak's user: a seeded, endless sequence of gestures and pages over a feed of `cells` cells.
///
/// The same seed gives the same steps. Each step is drawn with these weights (out of 100): fling 30, nudge 8, dwell
/// 14, detail 16, related clip 8, seek 12, pause and play 6, memory pressure 6. A fling moves 1 cell (two times in
/// three) or 2 to 4 (a fling past clips), forward unless that would leave the feed, and backward one time in five.
package struct SoakScript: Sendable {
    /// The feed's cells.
    package let cells: Int
    /// The cell the feed rests on after the steps drawn so far.
    package private(set) var cell = 0
    private var random: SplitMix64

    /// A script for a feed of `cells` cells (at least 2), starting on cell 0.
    package init(seed: UInt64, cells: Int) {
        self.cells = max(2, cells)
        random = SplitMix64(seed: seed)
    }

    /// The next step.
    package mutating func next() -> SoakStep {
        let roll = random.below(100)
        switch roll {
        case ..<30: return .fling(to: nextCell())
        case ..<38: return .nudge(fraction: Double(10 + random.below(35)) / 100 * (random.chance(0.5) ? 1 : -1))
        case ..<52: return .dwell(milliseconds: 500 + 250 * random.below(11))
        case ..<68:
            return .detail(milliseconds: 800 + 200 * random.below(11), seeks: random.chance(0.5), ending: ending())
        case ..<76:
            return .relatedClip(
                distance: 5 + random.below(cells / 2), milliseconds: 800 + 200 * random.below(8), ending: ending())
        case ..<88: return .seek(fraction: Double(random.below(90)) / 100)
        case ..<94: return .pauseAndPlay
        default: return .memoryPressure
        }
    }

    private mutating func ending() -> SoakStep.Ending {
        SoakStep.Ending.allCases[random.below(SoakStep.Ending.allCases.count)]
    }

    private mutating func nextCell() -> Int {
        let length = random.chance(2.0 / 3) ? 1 : 2 + random.below(3)
        var backward = random.chance(0.2)
        if cell + length >= cells { backward = true }
        if cell - length < 0 { backward = false }
        cell = min(cells - 1, max(0, backward ? cell - length : cell + length))
        return cell
    }
}
