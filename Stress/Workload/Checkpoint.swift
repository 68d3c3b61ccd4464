import SeamlessPlayback

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A quiescent checkpoint: pauses every page between operations, lets the engines settle, checks the
/// oracle, then lets the pages go on.
struct Checkpoint {
    let world: World
    let capacity: Int
    let slots: [CancelSlot]
    let activePages: Int

    /// How long the pool gets to deliver notices and land applies once every page has stopped.
    static let settleLimit: UInt64 = 5_000_000_000

    /// Pauses the workload and checks it; returns the stopped pages' views. The pages stay stopped.
    func pauseAndCheck() async -> [PageView] {
        await pauseEveryPage()
        let views = world.pause.views
        await waitForNotices()
        await checkEngines()
        await probeIsolation(views)
        await checkSeeks()
        await checkPool()
        await checkStacks(views)
        await checkRevocations(views)
        for engine in world.engines.all { engine.playback.startCheckpointInterval() }
        return views
    }

    private func pauseEveryPage() async {
        world.pause.request()
        let start = Nanoseconds.now()
        while world.pause.arrivedCount < activePages {
            try? await Task.sleep(for: .microseconds(500))
            let waited = Nanoseconds.now() - start
            // A page waiting indefinitely for a player that a stopped page holds would wait forever.
            if waited > 5_000_000 {
                for slot in slots { slot.fire() }
            }
            if waited > 30_000_000_000 {
                let stopped = Set(world.pause.views.map(\.index))
                let missing = (0..<activePages).filter { !stopped.contains($0) }.prefix(20)
                let doing = missing.map { "p\($0) (\($0 < slots.count ? "\(slots[$0].doing)" : "?"))" }
                let problems = await world.pool.checkInvariants().prefix(5)
                world.violations.record(
                    "the workload did not pause within 30 s: pages \(doing) are stuck in a call; pool invariants "
                        + "\(problems.isEmpty ? "hold" : "broken: \(problems.joined(separator: "; "))"); metrics "
                        + "\(await world.pool.metrics)")
                StandardError.write("stress: giving up, a call never returned\n")
                exit(1)
            }
        }
    }

    /// Every revocation the pool made reaches its page's notice stream.
    /// Every engine failure reaches each of its holders once.
    private func waitForNotices() async {
        let start = Nanoseconds.now()
        while true {
            let made = await world.pool.metrics.revocations
            let seen = world.counters.revocationNotices.load(ordering: .relaxed)
            let failuresMade = await world.pool.failureNoticesSent
            let failuresSeen = world.counters.failureNotices.load(ordering: .relaxed)
            if made == seen, failuresMade == failuresSeen { return }
            if Nanoseconds.now() - start > Self.settleLimit {
                world.violations.record(
                    "\(made) revocations but \(seen) revocation notices; \(failuresMade) failure "
                        + "notices sent but \(failuresSeen) received")
                return
            }
            try? await Task.sleep(for: .microseconds(200))
        }
    }

    /// Capacity, accounting, leaked waiters and continuations, and the state machine's own rules.
    private func checkPool() async {
        let pool = world.pool
        let metrics = await pool.metrics
        let failed = await pool.failedEngineCount
        if metrics.live - failed > capacity {
            world.violations.record("live healthy engines \(metrics.live - failed) above capacity \(capacity)")
        }
        // No failed engine is granted again: every grant on an engine since the pool failed it is a violation.
        let failureEpochs = await pool.failureEpochs
        for engine in world.engines.all {
            let grants = engine.takeGrants()
            guard let player = engine.player, let since = failureEpochs[player] else { continue }
            let late = grants.filter { $0 >= since }.count
            if late > 0 {
                world.counters.grantsOfFailedEngines.add(late, ordering: .relaxed)
                world.violations.record(
                    "engine #\(engine.index) of \(player) was granted \(late) times after it failed")
            }
        }
        if metrics.waiting != 0 { world.violations.record("\(metrics.waiting) waiters leaked at quiescence") }
        let continuations = await pool.pendingContinuations
        if continuations != 0 { world.violations.record("\(continuations) continuations pending at quiescence") }
        let timers = await pool.armedTimers
        if timers != 0 { world.violations.record("\(timers) timers armed at quiescence") }
        for problem in await pool.checkInvariants() { world.violations.record("pool invariant: \(problem)") }
        // `created − destroyed = live`, with both sides counted by the engines themselves. A failed engine's
        // hung call may return during the checkpoint, and its shutdown reach the pool a moment later.
        let start = Nanoseconds.now()
        while true {
            let metrics = await pool.metrics
            let engines = world.engines.all
            let shutDown = engines.filter { $0.shutdowns > 0 }.count
            var problems: [String] = []
            if engines.count != metrics.created {
                problems.append("the pool made \(engines.count) engines but counts \(metrics.created) created")
            }
            if shutDown != metrics.destroyed {
                problems.append("\(shutDown) engines were shut down but the pool counts \(metrics.destroyed) destroyed")
            }
            if engines.count - shutDown != metrics.live {
                problems.append(
                    "\(engines.count - shutDown) engines are alive but the pool counts \(metrics.live) live")
            }
            if problems.isEmpty { break }
            if Nanoseconds.now() - start > Self.settleLimit {
                for problem in problems { world.violations.record(problem) }
                break
            }
            try? await Task.sleep(for: .microseconds(200))
        }
    }

    /// No page twice in a stack, and each page's own account of its leases matches the pool's stacks.
    private func checkStacks(_ views: [PageView]) async {
        var stacks: [PlayerID: [String]] = [:]
        var slots = 0
        for player in await world.pool.snapshot() {
            if Set(player.holders).count != player.holders.count {
                world.violations.record("\(player.player): a page twice in its stack \(player.holders)")
            }
            stacks[player.player] = player.holders
            slots += player.holders.count
        }
        var accounted = 0
        for view in views {
            for held in view.held where !view.inbox.wasNotified(held.lease) {
                accounted += 1
                let holders = stacks[held.lease.player] ?? []
                if !holders.contains(view.name) {
                    world.violations.record("page \(view.name) holds \(held.lease) but the stack is \(holders)")
                } else if held.isOwner, holders.first != view.name {
                    // Nothing goes below an owner; a borrower sinks to the bottom only as pages below leave.
                    world.violations.record(
                        "page \(view.name) acquired \(held.lease) but the stack is \(holders), owner first")
                }
            }
        }
        if accounted != slots {
            world.violations.record("the pages account for \(accounted) leases but the stacks hold \(slots) pages")
        }
    }

    /// Each revoked lease was notified exactly once (duplicates are caught as they arrive) and is refused.
    private func checkRevocations(_ views: [PageView]) async {
        for view in views {
            for lease in view.revokedByError where !view.inbox.wasNotified(lease) {
                world.violations.record(
                    "page \(view.name): \(lease) answered leaseRevoked or engineFailed but was never notified")
            }
            for revocation in view.inbox.takeSinceCheckpoint() where revocation.session === view.session {
                let lease = revocation.lease
                let session = revocation.session
                let lent = await outcome { () async throws(PlayerPoolError) in try await session.lend(lease) }.failure
                let givenBack = await outcome { () async throws(PlayerPoolError) in try await session.giveBack(lease) }
                    .failure
                if revocation.failed {
                    // A failed engine's lease is fenced with the failure.
                    if case .engineFailed? = lent, case .engineFailed? = givenBack { continue }
                    world.violations.record(
                        "page \(view.name): \(lease) of a failed engine still acts: lend answered "
                            + "\(lent.map { "\($0)" } ?? "success"), giveBack \(givenBack.map { "\($0)" } ?? "success")"
                    )
                    continue
                }
                if lent != .leaseRevoked || givenBack != .leaseRevoked {
                    world.violations.record(
                        "page \(view.name): revoked \(lease) still acts: lend answered "
                            + "\(lent.map { "\($0)" } ?? "success"), giveBack \(givenBack.map { "\($0)" } ?? "success")"
                    )
                }
            }
        }
    }
}
