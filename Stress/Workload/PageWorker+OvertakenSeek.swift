import SeamlessPlayback
import SeamlessPlaybackTesting

/// A seek overtaken by its own page: queued behind an apply, then the page gives the player back before the seek's
/// turn comes.
///
/// Without it a seek almost never waits for its turn (with no apply latency the engine's lane is mostly free), and a
/// rule checked at the turn would go untested. The page holds the engine's next apply at a gate, changes its settings
/// (that apply waits), seeks (the seek queues behind it), gives the player back (the pool decides it at once), then
/// opens the gate. The seek's turn comes after the give-back — and after the apply of the settings of the holder
/// below, if there is one, which makes that holder the active one in the pool's record: the seek must answer
/// `.notActiveHolder`, and if it reached the engine, the engine's check (``SeekLedger``) would see another holder.
extension PageWorker {
    /// How long each step waits for the pool to have done what the next one needs; past it, the step gives up and
    /// the checks that need that order are skipped.
    private static let overtakeWait: UInt64 = 2_000_000

    /// Seeks with `lease` (held, at `position` in ``held``) behind a held apply, and gives the player back before
    /// the seek's turn.
    mutating func overtakenSeek(_ position: Int) async {
        let (lease, engine) = (held[position].lease, held[position].engine)
        guard let tag = world.engines.ledger.tag(for: lease) else { return }
        slot.note(.makingAnOvertakenSeek)
        world.counters.seeksAsked.add(1, ordering: .relaxed)
        let gate = Gate()
        engine.holdNextApply(at: gate)
        let session = self.session
        let muted = !(await session.settings.isMuted)
        let update = Task {
            await outcome { () async throws(PlayerPoolError) in try await session.update { $0.isMuted = muted } }
        }
        // Once an apply waits at the gate, the lane stays busy until the gate opens: a seek accepted meanwhile waits
        // for its turn until then.
        let isHeld = await Self.within { gate.arrivals > 0 }
        let seek = Task {
            await outcome { () async throws(PlayerPoolError) in try await session.seek(lease, to: tag.position) }
        }
        let pool = world.pool
        _ = await Self.within { await pool.queuedSeeks(on: lease.player) > 0 }
        let giveBack = Task {
            await outcome { () async throws(PlayerPoolError) in try await session.giveBack(lease) }
        }
        let name = self.name
        let isDecided = await Self.within {
            await !pool.snapshot().contains { $0.player == lease.player && $0.holders.contains(name) }
        }
        let overtaken = isHeld && isDecided
        engine.cancelHold()
        gate.open()
        let (updated, sought, gaveBack) = (await update.value, await seek.value, await giveBack.value)
        if let error = updated.failure { unexpected("update behind a held apply", error) }
        switch sought {
        case .success where overtaken:
            world.violations.record(
                "page p\(index): \(tag) with \(lease) answered done, though the page gave the player back before "
                    + "the seek's turn (the seek waited behind an apply held until then)")
        case .success:
            world.counters.seeksDone.add(1, ordering: .relaxed)
        case .failure(.notActiveHolder):
            world.counters.seeksNotActiveHolder.add(1, ordering: .relaxed)
        case .failure(.leaseRevoked), .failure(.notHolder):
            // Refused when asked: revoked by a page below meanwhile, or asked after the give-back was.
            break
        case .failure(.engineFailed) where world.faults.isOn:
            break
        case .failure(.seekFailed(let reason)) where !overtaken && reason.hasPrefix(StressEngine.seekFailure):
            break
        case .failure(let error):
            unexpected("\(tag), overtaken by a give-back", error, lease)
        }
        settleGiveBack(gaveBack, of: lease, at: position, what: "giveBack after an overtaken seek")
    }

    /// Yields until `condition` holds, for at most ``overtakeWait``; returns whether it held.
    private static func within(_ condition: () async -> Bool) async -> Bool {
        let start = Nanoseconds.now()
        while Nanoseconds.now() - start < overtakeWait {
            if await condition() { return true }
            await Task.yield()
        }
        return await condition()
    }
}
