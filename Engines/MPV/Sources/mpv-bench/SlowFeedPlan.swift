import SeamlessPlayback
import SeamlessPlaybackTesting

/// The slow feed's swipes, and where each swipe's clip stood when the user swiped to it.
enum SlowFeedPlan {
    /// Where a swipe's clip stood at the swipe, before the bench's focus call for it.
    enum Tier: String, CaseIterable, Sendable {
        /// A player had the clip loaded (or loading).
        case player
        /// No player had it, and it was in the byte tier of the plan then in force (in a configuration without a
        /// prefetcher: it would have been, by the default window's geometry around the previous focus).
        case byte
        /// Neither.
        case cold
    }

    /// One clip shown: its feed index and how long the user looks at it before the next swipe.
    struct Visit: Equatable, Sendable {
        var index: Int
        var dwell: Duration
    }

    /// The seed of the jumps: the same plan on every run.
    static let seed: UInt64 = 0x5EED_F00D

    /// The feed indices the user sees, in order: forward through the feed as ``FeedBench/plan(clips:)`` (looking back
    /// at the previous clip and forward again after every sixth swipe), except that every fourth step forward is a
    /// jump of 3 to 6 clips (seeded), as a user flinging past clips does.
    static func swipes(clips: Int) -> [Int] {
        var random = SplitMix64(seed: seed)
        var order: [Int] = []
        var index = 0
        var steps = 0
        while index < clips {
            order.append(index)
            steps += 1
            if steps % 6 == 0, index >= 1 { order += [index - 1, index] }
            index += steps % 4 == 0 ? Int.random(in: 3...6, using: &random) : 1
        }
        return order
    }

    /// The feed indices of a window's byte tier around `focus`, as the pool computes them: after the player tier,
    /// ``PreloadWindow/bytesAhead`` items; before it, ``PreloadWindow/bytesBehind``.
    static func byteTier(of window: PreloadWindow, around focus: Int, count: Int) -> Set<Int> {
        var indices = Set<Int>()
        for distance in stride(from: window.ahead + 1, through: window.ahead + window.bytesAhead, by: 1) {
            indices.insert(focus + distance)
        }
        for distance in stride(from: window.behind + 1, through: window.behind + window.bytesBehind, by: 1) {
            indices.insert(focus - distance)
        }
        return indices.filter { (0..<count).contains($0) }
    }

    /// Where `item` stood: a player's first, then the byte tier's.
    static func tier(of item: MediaItem, players: [PlayerSnapshot], byteTier: Set<MediaItem>) -> Tier {
        if players.contains(where: { $0.media == item }) { return .player }
        return byteTier.contains(item) ? .byte : .cold
    }
}
