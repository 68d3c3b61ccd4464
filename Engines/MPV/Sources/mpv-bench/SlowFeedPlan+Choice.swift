extension SlowFeedPlan {
    /// Which plan the slow feed swipes (`--plan`): the built-in one, or one of two phone-like plans.
    enum Choice: String, CaseIterable, Equatable, Sendable {
        /// ``SlowFeedPlan/swipes(clips:)`` through ``SlowFeedMedia/Shape/builtIn``, ``FeedBench/dwell`` on each clip.
        case builtIn = "built-in"
        /// ``PhoneSwipes`` with ``phoneASeed`` through ``SlowFeedMedia/Shape/phone``.
        case phoneA = "phone-a"
        /// ``PhoneSwipes`` with ``phoneBSeed`` through ``SlowFeedMedia/Shape/phone``.
        case phoneB = "phone-b"

        /// Plan A's seed.
        static let phoneASeed: UInt64 = 0x9404_E00A
        /// Plan B's seed.
        static let phoneBSeed: UInt64 = 0x9404_E00B
        /// How many clips a phone plan shows, the first included.
        static let phoneVisits = 40

        /// The media the plan swipes through.
        var shape: SlowFeedMedia.Shape {
            switch self {
            case .builtIn: .builtIn
            case .phoneA, .phoneB: .phone
            }
        }

        /// The clips shown, in order, with each one's dwell, in a feed of `clips` items.
        func visits(clips: Int) -> [Visit] {
            switch self {
            case .builtIn: SlowFeedPlan.swipes(clips: clips).map { Visit(index: $0, dwell: FeedBench.dwell) }
            case .phoneA: PhoneSwipes.visits(seed: Self.phoneASeed, count: Self.phoneVisits, clips: clips)
            case .phoneB: PhoneSwipes.visits(seed: Self.phoneBSeed, count: Self.phoneVisits, clips: clips)
            }
        }

        /// The dwell, in words, for the report.
        var dwellDescription: String {
            switch self {
            case .builtIn: "\(FeedBench.dwell) each"
            case .phoneA, .phoneB:
                "\(PhoneSwipes.dwellMilliseconds.lowerBound)–\(PhoneSwipes.dwellMilliseconds.upperBound) ms each (seeded)"
            }
        }
    }
}
