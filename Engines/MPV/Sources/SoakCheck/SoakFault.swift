/// One misbehaviour of the soak's origin, drawn by ``SoakFaultScript``.
package struct SoakFault: Hashable, Sendable {
    /// What the origin does.
    package enum Kind: String, Hashable, Sendable, CaseIterable {
        /// The next request of the item is reset after part of its body.
        case resetMidBody = "reset mid-body"
        /// The item answers 404 for the window.
        case notFound = "404"
        /// The item answers 503 for the window.
        case unavailable = "503"
        /// The item's requests stall for the window, then are answered.
        case stall
        /// Every connection is capped to a slow rate for the window: bodies arrive in slow pieces.
        case slowPieces = "slow pieces"
        /// The whole origin refuses every connection for the window.
        case deadServer = "dead server"
    }

    /// What the origin does.
    package var kind: Kind
    /// The item it strikes, as a distance ahead of the feed's cell (1 to 3: an item about to be preloaded or played);
    /// unused by ``Kind/slowPieces`` and ``Kind/deadServer``, which strike every item.
    package var distance: Int
    /// How long the fault lasts, in milliseconds (for ``Kind/resetMidBody``: how long it waits for a request).
    package var milliseconds: Int
    /// For ``Kind/resetMidBody``: how many body bytes are sent before the reset.
    package var bytesBeforeReset: Int
}

/// The soak's faulty origin: a seeded sequence of faults, one every ``period`` milliseconds, each kind once in every
/// round of six in a shuffled order, so that the rate of each kind is steady (one per six periods).
package struct SoakFaultScript: Sendable {
    /// The time between the starts of two faults, in milliseconds.
    package let period: Int
    private var random: SplitMix64Box
    private var round: [SoakFault.Kind] = []

    /// A script with a fault every `period` milliseconds (at least 1 000).
    package init(seed: UInt64, period: Int) {
        self.period = max(1_000, period)
        random = SplitMix64Box(seed: seed)
    }

    /// The next fault. Its window ends at least 500 ms before the next one starts: the dead server lasts 2 to 3 s
    /// (or half the period, when that is shorter), the others 1 to 2.5 s (at most half the period).
    package mutating func next() -> SoakFault {
        if round.isEmpty { round = random.shuffled(SoakFault.Kind.allCases) }
        let kind = round.removeFirst()
        let half = period / 2
        let milliseconds =
            kind == .deadServer
            ? min(half, 2_000 + 250 * random.below(5)) : min(half, 1_000 + 250 * random.below(7))
        return SoakFault(
            kind: kind, distance: 1 + random.below(3), milliseconds: milliseconds,
            bytesBeforeReset: 16_384 * (1 + random.below(8)))
    }
}
