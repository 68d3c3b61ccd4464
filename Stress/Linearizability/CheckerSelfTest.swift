import SeamlessPlayback

/// Proves at the start of every run that the checker is not vacuous: it accepts a few histories
/// the rules allow (some of them only with the two-step borrow, acquire or seek) and rejects a few they forbid.
enum CheckerSelfTest {
    /// One call of a case's history, with the ticks of its invocation and response.
    typealias Op = (
        page: Int, call: LinOperation.Call, response: LinOperation.Response, invoked: Int, returned: Int
    )
    /// A small history and whether the rules allow it.
    typealias Case = (name: String, allowed: Bool, ops: [Op])

    /// The cases the checker got wrong; empty when it got them all right.
    static func run() async -> [String] {
        guard let handoffs = await handoffCases(), let acquireFailures = await acquireFailureCases(),
            let seeks = await seekCases()
        else {
            return ["could not set up"]
        }
        var problems: [String] = []
        for (name, allowed, ops) in handoffs + acquireFailures + seeks {
            let history = ops.enumerated().map { id, op in
                LinOperation(
                    id: id, page: op.page, call: op.call, response: op.response,
                    invoked: op.invoked, returned: op.returned)
            }
            let verdict = LinearizabilityChecker(capacity: 2).check(history)
            let accepted = if case .linearizable = verdict { true } else { false }
            if accepted != allowed { problems.append("\"\(name)\" was \(accepted ? "accepted" : "rejected")") }
        }
        return problems
    }

    /// Lends, borrows, reclaims and give-backs on one lease; `nil` when the lease could not be made.
    private static func handoffCases() async -> [Case]? {
        let pool = PlayerPool(configuration: .init(capacity: 2)) { NoopEngine() }
        defer { Task { await pool.shutdown() } }
        guard let owner = try? await pool.makeSession(named: "s0"),
            let lease = try? await owner.acquire(MediaItem(id: "m0")),
            let first = HandoffToken("AAAAAAAAAAAAAAAAAAAAAA"), let second = HandoffToken("BBBBBBBBBBBBBBBBBBBBBB")
        else { return nil }
        let acquired: Op = (0, .acquire(media: 0), .lease(lease), 1, 2)
        let lent: Op = (0, .lend(lease), .token(first), 3, 4)
        return [
            (
                "lend after give-back is refused", true,
                [acquired, (0, .giveBack(lease), .done, 3, 4), (0, .lend(lease), .failed(.notHolder), 5, 6)]
            ),
            (
                "lend after give-back succeeds", false,
                [acquired, (0, .giveBack(lease), .done, 3, 4), (0, .lend(lease), .token(first), 5, 6)]
            ),
            (
                "a pending borrow is reclaimed", true,
                [
                    acquired, lent, (1, .borrow(first, cancelled: false), .failed(.leaseRevoked), 5, 12),
                    (0, .lend(lease), .failed(.notHolder), 6, 7), (0, .reclaim(lease), .done, 8, 9),
                    (0, .lend(lease), .token(second), 10, 11),
                ]
            ),
            (
                "a borrow is revoked with nobody reclaiming", false,
                [acquired, lent, (1, .borrow(first, cancelled: false), .failed(.leaseRevoked), 5, 6)]
            ),
            (
                "an acquire times out while capacity is free", false,
                [acquired, (1, .acquire(media: 0), .failed(.timedOut), 3, 4)]
            ),
            (
                "a cancelled borrow keeps its token used", false,
                [
                    acquired, lent, (1, .borrow(first, cancelled: true), .failed(.cancelled), 5, 6),
                    (1, .borrow(first, cancelled: false), .failed(.tokenAlreadyUsed), 7, 8),
                ]
            ),
            (
                "a cancelled borrow gives the token back to its lender", true,
                [
                    acquired, lent, (1, .borrow(first, cancelled: true), .failed(.cancelled), 5, 8),
                    (0, .lend(lease), .failed(.notHolder), 6, 7),
                    (
                        0, .borrow(first, cancelled: false),
                        .failed(.alreadyHolding), 9, 10
                    ),
                ]
            ),
        ]
    }
}
