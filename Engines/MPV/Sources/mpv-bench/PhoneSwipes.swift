import SeamlessPlaybackTesting

/// A phone user's swipes through a short feed, drawn from a seeded generator: the same seed gives the same swipes on
/// every run and platform.
///
/// The first visit is the feed's first clip. Each later one follows a ``Gesture``: 40 % to the next clip, 10 % back
/// one, 50 % a fling of 2 to 6 clips forward, clamped to the feed. A gesture that would not move (back at the first
/// clip, forward at the last) is drawn again: the user cannot swipe past either end. On each clip the user dwells
/// 1.5 to 3.5 s (uniform, whole milliseconds) before the next gesture.
enum PhoneSwipes {
    /// One swipe's gesture.
    enum Gesture: Equatable, Sendable {
        /// To the next clip.
        case next
        /// Back one clip.
        case back
        /// Forward this many clips (2 to 6).
        case fling(Int)

        /// How far it moves through the feed, before clamping.
        var offset: Int {
            switch self {
            case .next: 1
            case .back: -1
            case .fling(let clips): clips
            }
        }
    }

    /// The shortest and longest dwell, in milliseconds.
    static let dwellMilliseconds = 1_500...3_500
    /// How many clips a fling moves forward.
    static let flingClips = 2...6

    /// The next gesture: of 100 equally likely draws, 40 are `next`, 10 `back` and 50 flings (each length equally
    /// likely).
    static func gesture(using random: inout SplitMix64) -> Gesture {
        switch Int.random(in: 0..<100, using: &random) {
        case 0..<40: .next
        case 40..<50: .back
        default: .fling(Int.random(in: flingClips, using: &random))
        }
    }

    /// The clips a user sees, in order, with each one's dwell.
    /// - Parameters:
    ///   - seed: The generator's seed.
    ///   - count: How many visits, the first clip's included.
    ///   - clips: How many clips the feed has (at least 2 for any gesture to move).
    /// - Returns: `count` visits (none when `clips` is 0); with 1 clip, every visit is of it.
    static func visits(seed: UInt64, count: Int, clips: Int) -> [SlowFeedPlan.Visit] {
        guard clips > 0 else { return [] }
        var random = SplitMix64(seed: seed)
        var visits: [SlowFeedPlan.Visit] = []
        var index = 0
        while visits.count < count {
            visits.append(
                SlowFeedPlan.Visit(
                    index: index, dwell: .milliseconds(Int.random(in: dwellMilliseconds, using: &random))))
            guard clips > 1 else { continue }
            var target = index
            while target == index {
                target = min(max(index + gesture(using: &random).offset, 0), clips - 1)
            }
            index = target
        }
        return visits
    }
}
