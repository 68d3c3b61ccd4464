import SeamlessPlayback

/// The main workload: many pages racing over a small pool, with quiescent checkpoints.
struct Torture {
    let options: Options
    let violations: Violations
    let counters: RunCounters

    /// What the workload did.
    struct Outcome: Sendable {
        var operations = 0
        var seconds = 0.0
        var checkpoints = 0
        var leakedWaiters = 0
        var faultsInjected = 0
        var loadFaultsInjected = 0
        /// Loads the pool cancelled (nobody wanted their media any more), and those the engines stopped.
        var cancelledLoads = 0
        var loadsStopped = 0
        var faultsNoticed = 0
        var grantsOfFailedEngines = 0
        var abandonedMax = 0
        /// Seeks the pages asked for.
        var seeksAsked = 0
        /// Seeks that answered done.
        var seeksDone = 0
        /// Seeks that answered `.notActiveHolder`.
        var seeksNotActiveHolder = 0
        /// Seeks that reached the engines, by the engines' own count.
        var seeks = 0
        /// Seeks that reached the engines, by the pool's count (``SeamlessPlayback/PoolMetrics/seeks``).
        var seeksCountedByPool = 0
        /// Seeks that reached an engine while the pool's record named another lease (must stay 0).
        var staleSeeks = 0
        /// Seeks that reached an engine while the record named nobody (each accounted for at a checkpoint).
        var seeksWithoutActiveHolder = 0
        /// Seeks the engines were made to refuse (`--fail-rate`).
        var seekFaultsInjected = 0
        /// System pauses the engines made (`--system-pause-rate`).
        var systemPauses = 0
        /// Reports the pool found its settings did not explain (``SeamlessPlayback/PoolMetrics/outsideChanges``).
        var outsideChanges = 0
        /// Unchanged updates at checkpoints that had to put settings back in full (``Checkpoint``).
        var isolationProbes = 0
        /// Engines of players nobody held that checkpoints found quiet (``Checkpoint``).
        var idleEnginesChecked = 0
    }

    /// Runs the workload until the time or operation budget is spent, then checks and closes it.
    func run() async -> Outcome {
        let faultsOn = options.failRate > 0 || options.crashRate > 0 || options.hangRate > 0
        let timeouts = Faults.timeouts(faultsOn: faultsOn)
        let faults = Faults(
            failRate: options.failRate, crashRate: options.crashRate, hangRate: options.hangRate,
            systemPauseRate: options.systemPauseRate, applyTimeout: timeouts.apply ?? .zero, seed: options.seed)
        let registry = EngineRegistry(
            latency: .microseconds(options.applyLatencyMicroseconds), violations: violations,
            faults: faults)
        let lifetime = Duration.seconds(10)
        let configuration = PlayerPool.Configuration(
            capacity: options.players, handoffTokenLifetime: lifetime,
            loadTimeout: timeouts.load, applyTimeout: timeouts.apply)
        let pool = PlayerPool(configuration: configuration) { try registry.make() }
        registry.ledger.watch(pool.activeHolders)
        let world = World(
            pool: pool, engines: registry, board: TokenBoard(capacity: 64), pause: Pause(),
            violations: violations, counters: counters,
            media: (0..<options.media).map { MediaItem(id: "m\($0)") },
            cancelRate: options.cancelRate, seekRate: options.seekRate, tokenLifetime: lifetime, faults: faults
        )
        var workers: [PageWorker] = []
        var slots: [CancelSlot] = []
        for index in 0..<options.pages {
            let inbox = PageInbox(page: index, violations: violations, totals: counters)
            let session: PageSession
            do {
                session = try await pool.makeSession(named: "p\(index)", settings: PageTag.initialSettings(of: index))
            } catch {
                violations.record("page p\(index): could not open: \(error)")
                continue
            }
            Task { await inbox.consume(session) }
            let slot = CancelSlot()
            slots.append(slot)
            workers.append(
                PageWorker(
                    index: index, world: world, inbox: inbox, slot: slot,
                    seed: options.seed, session: session))
        }
        let checkpoint = Checkpoint(world: world, capacity: options.players, slots: slots, activePages: workers.count)
        var outcome = Outcome()
        let start = Nanoseconds.now()
        let finalViews = await withTaskGroup(of: Void.self, returning: [PageView].self) { group in
            for worker in workers {
                group.addTask {
                    var worker = worker
                    await worker.run()
                }
            }
            let views = await coordinate(checkpoint, start: start, outcome: &outcome)
            await group.waitForAll()
            return views
        }
        outcome.seconds = Double(Nanoseconds.now() - start) / 1e9
        outcome.operations = counters.operations.load(ordering: .relaxed)
        outcome.leakedWaiters = await pool.metrics.waiting
        await closeEverything(finalViews, world: world)
        outcome.faultsInjected = faults.injected.load(ordering: .relaxed)
        outcome.loadFaultsInjected = faults.loadFaults.load(ordering: .relaxed)
        outcome.cancelledLoads = await pool.metrics.cancelledLoads
        outcome.loadsStopped = faults.loadsStopped.load(ordering: .relaxed)
        outcome.faultsNoticed = await pool.metrics.failures
        outcome.grantsOfFailedEngines = counters.grantsOfFailedEngines.load(ordering: .relaxed)
        outcome.abandonedMax = counters.abandonedMax.load(ordering: .relaxed)
        outcome.seeksAsked = counters.seeksAsked.load(ordering: .relaxed)
        outcome.seeksDone = counters.seeksDone.load(ordering: .relaxed)
        outcome.seeksNotActiveHolder = counters.seeksNotActiveHolder.load(ordering: .relaxed)
        outcome.seeks = registry.ledger.reached.load(ordering: .relaxed)
        outcome.seeksCountedByPool = await pool.metrics.seeks
        outcome.staleSeeks = registry.ledger.stale.load(ordering: .relaxed)
        outcome.seeksWithoutActiveHolder = registry.ledger.withoutActiveHolder.load(ordering: .relaxed)
        outcome.seekFaultsInjected = faults.seekFaults.load(ordering: .relaxed)
        outcome.systemPauses = faults.systemPauses.load(ordering: .relaxed)
        outcome.outsideChanges = await pool.metrics.outsideChanges
        outcome.isolationProbes = counters.isolationProbes.load(ordering: .relaxed)
        outcome.idleEnginesChecked = counters.idleEnginesChecked.load(ordering: .relaxed)
        return outcome
    }

    /// Watches the budget, prints progress and runs the checkpoints; returns the final views.
    private func coordinate(_ checkpoint: Checkpoint, start: UInt64, outcome: inout Outcome) async -> [PageView] {
        let interval = UInt64(min(2.0, max(0.25, options.seconds / 5)) * 1e9)
        var nextCheckpoint = start + interval
        let progress = ProgressLine(
            start: start, counters: counters, violations: violations,
            isEnabled: options.operations != nil || options.seconds > 1)
        while true {
            try? await Task.sleep(for: .milliseconds(20))
            let now = Nanoseconds.now()
            let operations = counters.operations.load(ordering: .relaxed)
            progress.tick(now: now)
            let abandoned = await checkpoint.world.pool.metrics.abandoned
            checkpoint.world.counters.abandonedMax.max(abandoned, ordering: .relaxed)
            let done = options.operations.map { operations >= $0 } ?? (now - start >= UInt64(options.seconds * 1e9))
            if done || now >= nextCheckpoint {
                let views = await checkpoint.pauseAndCheck()
                outcome.checkpoints += 1
                violations.advanceEpoch()
                if done {
                    progress.finish(now: Nanoseconds.now())
                    checkpoint.world.pause.resume(goOn: false)
                    return views
                }
                checkpoint.world.pause.resume(goOn: true)
                nextCheckpoint = Nanoseconds.now() + interval
            }
        }
    }

    /// Closes every page, checks that every player is idle, shuts the pool down and checks each engine
    /// was shut down once.
    private func closeEverything(_ views: [PageView], world: World) async {
        for view in views { await view.session.close() }
        let metrics = await world.pool.metrics
        // Failed engines not shut down yet are out of the pool: neither held nor idle.
        let healthy = metrics.live - (await world.pool.failedEngineCount)
        if metrics.idle != healthy {
            violations.record("after every page closed, \(healthy - metrics.idle) players are still held")
        }
        for player in await world.pool.snapshot() where !player.holders.isEmpty {
            violations.record("after every page closed, \(player.player) is held by \(player.holders)")
        }
        await world.pool.shutdown()
        // A failed engine whose hung call has not returned yet is shut down when it does.
        let start = Nanoseconds.now()
        while world.engines.all.contains(where: { $0.shutdowns == 0 }), Nanoseconds.now() - start < 5_000_000_000 {
            try? await Task.sleep(for: .milliseconds(5))
        }
        for engine in world.engines.all where engine.shutdowns != 1 {
            violations.record("engine #\(engine.index) was shut down \(engine.shutdowns) times")
        }
        let continuations = await world.pool.pendingContinuations
        if continuations != 0 { violations.record("\(continuations) continuations pending after shutdown") }
    }
}
