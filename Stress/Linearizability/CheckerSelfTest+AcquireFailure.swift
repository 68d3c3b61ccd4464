import SeamlessPlayback

extension CheckerSelfTest {
    /// Acquires granted a player and then ended by the failure of its engine while the grant was
    /// pending, which only the two-step acquire accepts; `nil` when the leases they name could not be made.
    ///
    /// The first is the regression of the 10^8-operation run's window 18,851: page 1's `acquire(m1)`
    /// recycled idle player-2 while page 2, holding a lease on it that a reclaim had revoked, reported
    /// its engine failed, and the acquire threw `.engineFailed`.
    static func acquireFailureCases() async -> [Case]? {
        let pool = PlayerPool(configuration: .init(capacity: 2)) { NoopEngine() }
        let warmPool = PlayerPool(configuration: .init(capacity: 2)) { NoopEngine() }
        defer {
            Task {
                await pool.shutdown()
                await warmPool.shutdown()
            }
        }
        // Page 0 keeps player-1 and lends player-2 to page 2, then reclaims it (page 2's lease is revoked)
        // and gives it back: player-2 is the only idle player, and the pool is full.
        guard let owner = try? await pool.makeSession(named: "s0"),
            let borrower = try? await pool.makeSession(named: "s2"),
            let kept = try? await owner.acquire(MediaItem(id: "m0")),
            let used = try? await owner.acquire(MediaItem(id: "m2")),
            let token = try? await owner.lend(used),
            let stale = try? await borrower.borrow(token),
            (try? await owner.reclaim(used)) != nil, (try? await owner.giveBack(used)) != nil,
            let warmOwner = try? await warmPool.makeSession(named: "s0"),
            let firstWarm = try? await warmOwner.acquire(MediaItem(id: "m0")),
            let secondWarm = try? await warmOwner.acquire(MediaItem(id: "m0"))
        else { return nil }
        let failed = LinOperation.Response.failed(.engineFailed(SequentialModel.failure))
        let recycling: [Op] = [
            (0, .acquire(media: 0), .lease(kept), 1, 2), (0, .acquire(media: 2), .lease(used), 3, 4),
            (0, .lend(used), .token(token), 5, 6), (2, .borrow(token, cancelled: false), .lease(stale), 7, 8),
            (0, .reclaim(used), .done, 9, 10), (0, .giveBack(used), .done, 11, 12),
        ]
        let warm: [Op] = [
            (0, .acquire(media: 0), .lease(firstWarm), 1, 2), (0, .acquire(media: 0), .lease(secondWarm), 3, 4),
            (0, .giveBack(firstWarm), .done, 5, 6), (0, .giveBack(secondWarm), .done, 7, 8),
        ]
        return [
            (
                "window 18,851: an acquire recycles a player whose engine a page with a revoked lease reports failed",
                true, recycling + [(1, .acquire(media: 1), failed, 13, 16), (2, .fail(stale.player), .done, 14, 15)]
            ),
            (
                "an acquire fails with its engine before any failure is reported", false,
                recycling + [(1, .acquire(media: 1), failed, 13, 14), (2, .fail(stale.player), .done, 15, 16)]
            ),
            (
                "an acquire fails with the engine of another player", false,
                recycling + [(1, .acquire(media: 1), failed, 13, 16), (0, .fail(kept.player), .done, 14, 15)]
            ),
            (
                "a warm acquire fails with the engine of the second of two warm players", true,
                warm + [(1, .acquire(media: 0), failed, 9, 12), (0, .fail(secondWarm.player), .done, 10, 11)]
            ),
        ]
    }
}
