import SeamlessPlayback

/// The page's seeks (`--seek-rate`), each checking the answer against the rules.
extension PageWorker {
    /// Which of its leases the page seeks with, and so what the rules let the seek answer.
    private enum SeekTarget {
        /// A lease the page holds, the active holder's as far as the page can tell or not.
        case held(HeldLease)
        /// A lease the page gave back: `.notHolder`.
        case givenBack(PlayerLease)
        /// A lease revoked from the page, or ended by its engine's failure.
        case ended(PlayerLease)

        var lease: PlayerLease {
            switch self {
            case .held(let held): held.lease
            case .givenBack(let lease), .ended(let lease): lease
            }
        }
    }

    /// Seeks with one of the page's leases: mostly one the pool's record shows active, on purpose sometimes one the
    /// page lent (`.notActiveHolder`), gave back or lost, and sometimes to a negative position (`.seekFailed`). A page
    /// that holds nothing seeks only when it draws a given-back or revoked lease.
    ///
    /// The position carries a ``SeekTag`` naming the lease, so that the engine checks that only the active holder's
    /// seeks reach it (``SeekLedger``); when the seek answers done, its engine must have made it. One seek in five with
    /// an active lease is overtaken by the page's own give-back (``overtakenSeek(_:)``).
    mutating func seek() async {
        let records = world.pool.activeHolders
        if rng.below(5) == 0,
            let position = held.indices.first(where: {
                records.activeLease(of: held[$0].lease.player) == held[$0].lease
            })
        {
            await overtakenSeek(position)
            return
        }
        guard let target = chooseSeekTarget() else { return }
        let lease = target.lease
        guard let tag = world.engines.ledger.tag(for: lease) else {
            world.violations.record("page p\(index): cannot tag a seek with \(lease)")
            return
        }
        let negative = rng.chance(0.05)
        let position = negative ? .seconds(-1) : tag.position
        let cancel = rng.chance(world.cancelRate)
        if cancel { world.engines.ledger.markCancelled(tag) }
        world.counters.seeksAsked.add(1, ordering: .relaxed)
        let before: Int? = if case .held(let held) = target { held.engine.playback.seekCount } else { nil }
        let result = await call(cancel: cancel) { [session] () async throws(PlayerPoolError) in
            try await session.seek(lease, to: position)
        }
        if case .failure(.cancelled) = result, cancel { return }
        if case .failure(.notActiveHolder) = result {
            world.counters.seeksNotActiveHolder.add(1, ordering: .relaxed)
        }
        let what = "seek(\(negative ? "-1 s" : "\(tag)"))"
        switch target {
        case .held(let held):
            checkHeldSeek(result, lease: lease, negative: negative, what: what)
            if case .success = result, let before, held.engine.playback.made(seek: tag.number, after: before) == false {
                world.violations.record(
                    "page p\(index): \(what) with \(lease) answered done but never reached its engine")
            }
        case .givenBack:
            if result.failure != .notHolder {
                world.violations.record(
                    "page p\(index): \(what) with a given-back \(lease) answered \(result), not notHolder")
            }
        case .ended:
            switch result {
            case .failure(.leaseRevoked): break
            case .failure(.engineFailed) where world.faults.isOn: break
            default: world.violations.record("page p\(index): \(what) with a revoked \(lease) answered \(result)")
            }
        }
    }

    /// Checks the answer to a seek with a lease the page holds; drops the lease when the answer says it ended.
    private mutating func checkHeldSeek(
        _ result: Result<Void, PlayerPoolError>, lease: PlayerLease, negative: Bool, what: String
    ) {
        switch result {
        case .success where !negative:
            world.counters.seeksDone.add(1, ordering: .relaxed)
        case .success:
            world.violations.record("page p\(index): \(what) with \(lease) to a negative position answered done")
        case .failure(.notActiveHolder):
            break
        case .failure(.seekFailed(let reason)) where negative && reason.contains("negative"):
            break
        case .failure(.seekFailed(let reason))
        where !negative && world.faults.failRate > 0 && reason.hasPrefix(StressEngine.seekFailure):
            break
        case .failure(.leaseRevoked):
            if let position = held.firstIndex(where: { $0.lease == lease }) { dropRevoked(at: position) }
        case .failure(.engineFailed) where world.faults.isOn:
            if let position = held.firstIndex(where: { $0.lease == lease }) { dropRevoked(at: position) }
        case .failure(let error):
            unexpected(what, error, lease)
        }
    }

    /// Draws the seek's lease: one the pool's record shows active (8 in 10 — failing that, any held one), any held
    /// one (perhaps lent), a given-back one, or a revoked one; `nil` when the page has none of the kind drawn.
    private mutating func chooseSeekTarget() -> SeekTarget? {
        let roll = rng.below(100)
        let records = world.pool.activeHolders
        let active = held.filter { records.activeLease(of: $0.lease.player) == $0.lease }
        switch roll {
        case ..<80 where !active.isEmpty: return .held(active[rng.below(active.count)])
        case ..<90 where !held.isEmpty: return .held(held[rng.below(held.count)])
        case 90..<95 where !givenBack.isEmpty: return .givenBack(givenBack[rng.below(givenBack.count)])
        case 95... where !ended.isEmpty: return .ended(ended[rng.below(ended.count)])
        default: return nil
        }
    }
}
