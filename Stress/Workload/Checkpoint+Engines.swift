import SeamlessPlayback

/// What the checkpoints check of the engines' settings: each held engine carries its active holder's settings, and
/// the pool counts them as live exactly when nothing the engine did by itself since says otherwise.
extension Checkpoint {
    /// At rest, each held engine carries the settings of its active holder's last apply, and:
    ///
    /// - when the system paused it after that apply while the settings play, the pool no longer counts them as live
    ///   (`appliedSettings == nil`): its next change of holder, or its holder's next update, must apply them in full;
    /// - otherwise it carries them exactly (paused or playing as they say), and the pool counts them as live — or,
    ///   only if the engine paused by itself since the last checkpoint, not: a report of that pause that reaches the
    ///   pool while a later apply runs leaves it unsure which came first (``probeIsolation(_:)`` then checks the
    ///   re-apply). A status report is assumed to reach the pool within one checkpoint interval.
    ///
    /// The engine of a player no page holds carries the idle settings (``PlaybackSettings/idle``, the pool's default)
    /// and is paused: no idle engine plays.
    func checkEngines() async {
        let start = Nanoseconds.now()
        while true {
            let engines = engineByPlayer()
            var problems: [String] = []
            var idle = 0
            for player in await world.pool.snapshot() {
                guard !player.holders.isEmpty else {
                    guard let engine = engines[player.player] else { continue }
                    idle += 1
                    if let problem = judgeIdle(engine, player) { problems.append(problem) }
                    continue
                }
                guard let engine = engines[player.player] else {
                    problems.append("\(player.player) is held by \(player.holders) but no page was given its engine")
                    continue
                }
                if let problem = judge(engine, player) { problems.append(problem) }
            }
            if problems.isEmpty {
                world.counters.idleEnginesChecked.add(idle, ordering: .relaxed)
                return
            }
            if Nanoseconds.now() - start > Self.settleLimit {
                for problem in problems { world.violations.record(problem) }
                return
            }
            try? await Task.sleep(for: .microseconds(200))
        }
    }

    /// What is wrong with the engine of `player` at rest, if anything.
    private func judge(_ engine: StressEngine, _ player: PlayerSnapshot) -> String? {
        let carried = engine.playback.carried
        let active = player.activeSettings
        let subject = "engine #\(engine.index) of \(player.player) (holders \(player.holders))"
        guard carried.settings == active else {
            return "\(subject) carries \(describe(carried.settings)), the pool thinks "
                + "\(describe(player.appliedSettings)), the active holder's are \(describe(active))"
        }
        if let reason = carried.pausedBySystem, active?.isPaused == false {
            guard player.appliedSettings == nil else {
                return "\(subject) was paused by the system (\(reason)) after its last apply, but the pool "
                    + "still counts \(describe(player.appliedSettings)) as live"
            }
            return nil
        }
        if carried.isPaused != active?.isPaused {
            return "\(subject) is \(carried.isPaused ? "paused" : "playing") but carries \(describe(active))"
        }
        if player.appliedSettings == active { return nil }
        if player.appliedSettings == nil, carried.pausedBySystemRecently { return nil }
        return "\(subject) carries \(describe(active)) and nothing changed it since, but the pool thinks "
            + "\(describe(player.appliedSettings))"
    }

    /// What is wrong with the engine of `player`, which no page holds, at rest, if anything.
    private func judgeIdle(_ engine: StressEngine, _ player: PlayerSnapshot) -> String? {
        let carried = engine.playback.carried
        let subject = "engine #\(engine.index) of \(player.player) (no holder)"
        if !carried.isPaused { return "\(subject) plays, carrying \(describe(carried.settings))" }
        guard carried.settings == .idle else {
            return "\(subject) carries \(describe(carried.settings)), not the idle settings"
        }
        return nil
    }

    /// Each held engine whose settings the pool no longer counts as live gets an unchanged update from its active
    /// holder, which must put them on the engine in full: when the update returns, the engine's last change is that
    /// apply, it carries them exactly, and the pool counts them as live again.
    func probeIsolation(_ views: [PageView]) async {
        let engines = engineByPlayer()
        var probed: [String: [PlayerID]] = [:]
        for player in await world.pool.snapshot() where !player.holders.isEmpty && player.appliedSettings == nil {
            guard engines[player.player] != nil else { continue }
            guard let lease = world.pool.activeHolders.activeLease(of: player.player) else {
                world.violations.record(
                    "\(player.player) is held by \(player.holders) at rest, but the pool's record names no active holder"
                )
                continue
            }
            probed[lease.session, default: []].append(player.player)
        }
        for (name, players) in probed {
            guard let view = views.first(where: { $0.name == name }) else { continue }
            let session = view.session
            let result = await outcome { () async throws(PlayerPoolError) in try await session.update { _ in } }
            if let error = result.failure {
                world.violations.record("page \(name): an unchanged update at a checkpoint answered \(error)")
                continue
            }
            let snapshot = await world.pool.snapshot()
            for id in players {
                guard let player = snapshot.first(where: { $0.player == id }), let engine = engines[id] else {
                    continue
                }
                world.counters.isolationProbes.add(1, ordering: .relaxed)
                let carried = engine.playback.carried
                let active = player.activeSettings
                if carried.pausedBySystem != nil || carried.settings != active || carried.isPaused != active?.isPaused
                    || player.appliedSettings != active
                {
                    world.violations.record(
                        "engine #\(engine.index) of \(id): after page \(name)'s unchanged update returned, the engine "
                            + "carries \(describe(carried.settings)) (\(carried.isPaused ? "paused" : "playing")"
                            + "\(carried.pausedBySystem.map { " by the system: \($0)" } ?? "")), the pool thinks "
                            + "\(describe(player.appliedSettings)), the active holder's are \(describe(active))")
                }
            }
        }
    }

    /// The engines not shut down, by the player they back.
    func engineByPlayer() -> [PlayerID: StressEngine] {
        var map: [PlayerID: StressEngine] = [:]
        for engine in world.engines.all where engine.shutdowns == 0 {
            if let player = engine.player { map[player] = engine }
        }
        return map
    }

    /// A page's settings in a message.
    func describe(_ settings: PlaybackSettings?) -> String {
        guard let settings else { return "nothing" }
        let page = PageTag.page(of: settings).map { "p\($0)" } ?? "?"
        return "\(page)'s (rate \(settings.rate), muted \(settings.isMuted), paused \(settings.isPaused))"
    }
}
