import SeamlessPlayback

extension CheckerSelfTest {
    /// Seeks by the active holder, by a lender, and by a borrower revoked before its seek's turn (which only the
    /// two-step seek accepts); `nil` when the leases they name could not be made.
    static func seekCases() async -> [Case]? {
        let pool = PlayerPool(configuration: .init(capacity: 2)) { NoopEngine() }
        defer { Task { await pool.shutdown() } }
        guard let owner = try? await pool.makeSession(named: "s0"),
            let borrower = try? await pool.makeSession(named: "s1"),
            let lease = try? await owner.acquire(MediaItem(id: "m0")),
            let token = try? await owner.lend(lease),
            let borrowed = try? await borrower.borrow(token)
        else { return nil }
        let acquired: Op = (0, .acquire(media: 0), .lease(lease), 1, 2)
        let handedOff: [Op] = [
            acquired, (0, .lend(lease), .token(token), 3, 4),
            (1, .borrow(token, cancelled: false), .lease(borrowed), 5, 6),
        ]
        let negative = LinOperation.Response.failed(.seekFailed("the position -1.0 seconds is negative"))
        return [
            ("the active holder seeks", true, [acquired, (0, .seek(lease, negative: false), .done, 3, 4)]),
            (
                "the active holder's seek is refused as not active", false,
                [acquired, (0, .seek(lease, negative: false), .failed(.notActiveHolder), 3, 4)]
            ),
            (
                "the active holder's seek to a negative position fails", true,
                [acquired, (0, .seek(lease, negative: true), negative, 3, 4)]
            ),
            (
                "a lender's seek is refused while its borrower is delivered", true,
                handedOff + [(0, .seek(lease, negative: false), .failed(.notActiveHolder), 7, 8)]
            ),
            (
                "a lender's seek answers done while its borrower is delivered", false,
                handedOff + [(0, .seek(lease, negative: false), .done, 7, 8)]
            ),
            (
                "a borrower's seek, asked on top, is refused at its turn after the owner's reclaim revoked it", true,
                handedOff + [
                    (1, .seek(borrowed, negative: false), .failed(.notActiveHolder), 7, 10),
                    (0, .reclaim(lease), .done, 8, 9),
                ]
            ),
            (
                "a borrower's seek is refused as not active after its lease was revoked, and asked after", false,
                handedOff + [
                    (0, .reclaim(lease), .done, 7, 8),
                    (1, .seek(borrowed, negative: false), .failed(.notActiveHolder), 9, 10),
                ]
            ),
        ]
    }
}
