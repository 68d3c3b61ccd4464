import SeamlessPlayback

/// What one feed run measured.
struct FeedFigures: Sendable {
    /// Swipe to first frame (the acquire returning, media loaded and the feed's settings on the engine),
    /// on the virtual clock, in milliseconds, in swipe order.
    var firstFrameMilliseconds: [Double] = []
    /// Loads that finished.
    var loads = 0
    /// Loads whose media was never shown: no acquire got the player before its next load or its end.
    var wastedLoads = 0
    /// Distinct items the user saw.
    var itemsShown = 0
    /// Engines created.
    var playersCreated = 0
    /// Detail pages opened (lend, borrow, give back).
    var taps = 0
    /// Acquires the pool served warm (the player had or was loading the media): never fewer than the
    /// swipes measured warm, or the clock lied.
    var warmAcquires = 0
    /// Virtual time the session lasted.
    var virtualSeconds = 0.0
    /// Real time the simulation took.
    var realSeconds = 0.0

    var swipes: Int { firstFrameMilliseconds.count }

    /// Swipes whose first frame came with no wait at all: the player was loaded and waiting.
    var warmShare: Double {
        swipes == 0 ? 0 : Double(firstFrameMilliseconds.filter { $0 == 0 }.count) / Double(swipes)
    }

    var loadsPerItem: Double { itemsShown == 0 ? 0 : Double(loads) / Double(itemsShown) }

    /// The `p`-th percentile (0...100) of the first-frame time, nearest rank.
    func firstFrame(_ p: Double) -> Double {
        let sorted = firstFrameMilliseconds.sorted()
        guard !sorted.isEmpty else { return 0 }
        let rank = Int((p / 100 * Double(sorted.count)).rounded(.up)) - 1
        return sorted[min(max(rank, 0), sorted.count - 1)]
    }

    /// Counts loads and wasted loads from a pool's events, in order.
    mutating func count(_ events: [PoolEvent]) {
        var current: [PlayerID: Bool] = [:]  // each player's last load: shown yet?
        for event in events {
            switch event {
            case .loaded(let player, _):
                loads += 1
                if current[player] == false { wastedLoads += 1 }
                current[player] = false
            case .acquired(let player, _, let warm):
                current[player] = true
                if warm { warmAcquires += 1 }
            case .destroyed(let player):
                if current.removeValue(forKey: player) == false { wastedLoads += 1 }
            default:
                continue
            }
        }
        wastedLoads += current.values.filter { !$0 }.count
    }
}
