import SeamlessPlaybackTesting

/// One user's session in a feed, drawn from a seed: where each swipe lands, how long the user watches,
/// and whether they tap into the detail page.
struct SwipePlan: Sendable {
    /// One swipe.
    struct Swipe: Sendable {
        /// The feed index swiped to.
        let index: Int
        /// How long the user watches the item after its first frame.
        let dwell: Duration
        /// When the user taps into the detail page: how long they stay there.
        let detail: Duration?
    }

    let swipes: [Swipe]
    /// Feed length: room for every swipe forward.
    let feedLength: Int

    /// The default dwell distribution: 80 % watch 1–5 s, 10 % skip after 80–300 ms, 10 % watch 8–30 s;
    /// 6 % of swipes go back one item; 8 % of items get a tap into a detail page for 2–10 s.
    init(swipes count: Int, seed: UInt64) {
        var random = SplitMix64(seed: seed, stream: 14)
        var index = 0
        var swipes: [Swipe] = []
        swipes.reserveCapacity(count)
        for number in 0..<count {
            if number > 0 {
                index += (index > 0 && Double.random(in: 0..<1, using: &random) < 0.06) ? -1 : 1
            }
            let kind = Double.random(in: 0..<1, using: &random)
            let milliseconds: Int =
                switch kind {
                case ..<0.10: Int.random(in: 80...300, using: &random)
                case ..<0.90: Int.random(in: 1_000...5_000, using: &random)
                default: Int.random(in: 8_000...30_000, using: &random)
                }
            let detail: Duration? =
                Double.random(in: 0..<1, using: &random) < 0.08
                ? .milliseconds(Int.random(in: 2_000...10_000, using: &random)) : nil
            swipes.append(Swipe(index: index, dwell: .milliseconds(milliseconds), detail: detail))
        }
        self.swipes = swipes
        feedLength = count + 1
    }
}
