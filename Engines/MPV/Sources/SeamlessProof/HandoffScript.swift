/// The handoffs of a seamless run, decided before it starts: the seed's story and its variations, in rounds.
///
/// Three pages share one player: the feed (its cell, small, aspect-fill, muted), the detail page (large,
/// aspect-fit, sound on) and a page above it (``Page/overlay``: wide, aspect-fill, sound on). Every step moves the
/// picture from one page's host to another's, so the number of steps is the number of handoffs. A round is:
///
/// 1. feed → detail, and back (a give-back);
/// 2. feed → detail → overlay (nested), then back down one page at a time (two give-backs);
/// 3. feed → detail, and the feed reclaims the player;
/// 4. feed → detail → overlay, and the feed reclaims it from the top (revoking both borrowers).
///
/// That is 11 handoffs a round, 3 of them with the sound on on both sides (detail ↔ overlay).
package struct HandoffScript: Sendable {
    /// A page of the run.
    package enum Page: Int, CaseIterable, Sendable {
        /// The feed, the player's owner: its cell is small, aspect-fill, muted.
        case feed
        /// The detail page: large, aspect-fit, sound on.
        case detail
        /// A page above the detail page: wide, aspect-fill, sound on.
        case overlay
    }

    /// One handoff.
    package enum Step: Hashable, Sendable {
        /// `from`, the active holder, lends the player to `to`, which borrows it and shows it.
        case lend(from: Page, to: Page)
        /// The active holder gives the player back to the page below it.
        case giveBack(Page)
        /// The feed, the owner, reclaims the player from whoever holds it above.
        case reclaim

        /// The page whose host shows the picture once the step is done, given the stack of holders before it.
        /// - Parameter stack: The holders, the owner first.
        /// - Returns: The stack after the step.
        package func applied(to stack: [Page]) -> [Page] {
            switch self {
            case .lend(_, let to): stack + [to]
            case .giveBack: Array(stack.dropLast())
            case .reclaim: Array(stack.prefix(1))
            }
        }
    }

    /// The steps, in order.
    package let steps: [Step]

    /// The steps of one round.
    package static let round: [Step] = [
        .lend(from: .feed, to: .detail), .giveBack(.detail),
        .lend(from: .feed, to: .detail), .lend(from: .detail, to: .overlay), .giveBack(.overlay), .giveBack(.detail),
        .lend(from: .feed, to: .detail), .reclaim,
        .lend(from: .feed, to: .detail), .lend(from: .detail, to: .overlay), .reclaim,
    ]

    /// Whole rounds, at least `handoffs` steps in all: every round ends back in the feed.
    /// - Parameter handoffs: The least number of handoffs.
    package init(handoffs: Int) {
        var steps: [Step] = []
        while steps.count < handoffs { steps += Self.round }
        self.steps = steps
    }

    /// The page showing the picture before the first step and after each: `steps.count + 1` pages.
    package var shownPages: [Page] {
        var stack: [Page] = [.feed]
        return [.feed]
            + steps.map { step in
                stack = step.applied(to: stack)
                return stack.last ?? .feed
            }
    }

    /// How many times the feed shows the picture, its first stint (before any step) among them: the run's muted
    /// stretches.
    package var feedStints: Int { shownPages.filter { $0 == .feed }.count }

    /// Whether the sound is on on both sides of each step: only the feed is muted.
    package var soundStaysOn: [Bool] {
        zip(shownPages, shownPages.dropFirst()).map { before, after in before != .feed && after != .feed }
    }
}
