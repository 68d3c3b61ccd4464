import SeamlessPlayback

/// Judges the soak's observations one after the other: pure, no clock read (each observation carries its time), and
/// with the little memory some invariants need across observations (how long an engine has stood still or unheld).
///
/// Throughout a run: no two pages on one engine; a muted page's engine muted; every unheld engine quiet (and given
/// the idle settings soon); no lease kept by a page the app let go of; a held, playing engine moves unless a fault
/// strikes its media; every byte served through the cache equal to the origin's; every failure typed.
package struct SoakInvariants: Sendable {
    /// The settings the pool gives an engine nobody holds.
    package let idleSettings: PlaybackSettings
    /// How long a page the app let go of may still hold an engine (the pool frees a dropped page's leases when it
    /// notices the page is gone).
    package let leaseGrace: Double
    /// How long a held, playing engine may stand still, with no fault on its media, before it counts as stuck.
    package let stuckAfter: Double
    /// How long an engine may stay unheld without the idle settings, in seconds: counted in time, not in observations,
    /// since observations that were held up come back to back.
    package let idleAfter: Double

    /// How many times each invariant was judged (not skipped for an apply in flight or a value mpv could not give),
    /// by the kind of ``SoakViolation`` it would report: a run that judged nothing proves nothing.
    package private(set) var judged: [String: Int] = [:]

    private var stillSince: [String: (position: Double, seconds: Double, reported: Bool)] = [:]
    /// Since when each engine has been unheld without the idle settings, and whether that was reported.
    private var unheldSince: [String: (seconds: Double, reported: Bool)] = [:]
    private var reportedLeaks: Set<String> = []
    private var differingReads = 0

    /// Invariants with their tolerances.
    package init(
        idleSettings: PlaybackSettings = .idle, leaseGrace: Double = 10, stuckAfter: Double = 12, idleAfter: Double = 9
    ) {
        self.idleSettings = idleSettings
        self.leaseGrace = leaseGrace
        self.stuckAfter = stuckAfter
        self.idleAfter = idleAfter
    }

    /// The invariants `observation` breaks; one that stays broken is reported once (a stuck engine, a leak) or at
    /// each observation (the others).
    package mutating func observe(_ observation: SoakObservation) -> [SoakViolation] {
        var violations: [SoakViolation] = []
        var pagesOnPlayer: [String: [String]] = [:]
        for (page, players) in observation.activeBeliefs {
            for player in players { pagesOnPlayer[player, default: []].append(page) }
        }
        judged["two pages on one engine", default: 0] += pagesOnPlayer.count
        for (player, pages) in pagesOnPlayer.sorted(by: { $0.key < $1.key }) where pages.count > 1 {
            violations.append(.twoPagesOnOneEngine(player: player, pages: pages.sorted()))
        }
        let alive = Set(observation.engines.map(\.player))
        for engine in observation.engines {
            violations += check(engine, at: observation)
        }
        stillSince = stillSince.filter { alive.contains($0.key) }
        unheldSince = unheldSince.filter { alive.contains($0.key) }
        if observation.differingReads > differingReads {
            violations.append(.bytesDiffer(reads: observation.differingReads - differingReads))
            differingReads = observation.differingReads
        }
        violations += observation.untypedFailures.map { .untypedFailure($0) }
        return violations
    }

    private mutating func check(_ engine: SoakObservation.Engine, at observation: SoakObservation) -> [SoakViolation] {
        var violations: [SoakViolation] = []
        var seen = Set<String>()
        for page in engine.holders where !seen.insert(page).inserted {
            violations.append(.pageHoldsTwice(player: engine.player, page: page))
        }
        for page in engine.holders {
            guard let released = observation.letGo[page], observation.seconds - released > leaseGrace else { continue }
            if reportedLeaks.insert("\(engine.player) \(page)").inserted {
                violations.append(
                    .leaseLeaked(player: engine.player, page: page, seconds: observation.seconds - released))
            }
        }
        let isApplied = engine.isSettled && engine.applied != nil
        if let page = engine.holders.last, let active = engine.active {
            unheldSince[engine.player] = nil
            if active.isMuted, isApplied, engine.applied == active, let muted = engine.liveMuted {
                judged["muted page audible", default: 0] += 1
                if !muted { violations.append(.mutedPageAudible(player: engine.player, page: page)) }
            }
            if let stuck = stuck(engine, playing: !active.isPaused, at: observation.seconds) {
                violations.append(stuck)
            }
        } else {
            stillSince[engine.player] = nil
            if isApplied, engine.applied == idleSettings {
                unheldSince[engine.player] = nil
                if let muted = engine.liveMuted, let paused = engine.livePaused {
                    judged["unheld engine not quiet", default: 0] += 1
                    if !muted || !paused { violations.append(.unheldEngineNotQuiet(player: engine.player)) }
                }
            } else {
                let since = unheldSince[engine.player] ?? (observation.seconds, false)
                unheldSince[engine.player] = since
                if !since.reported, observation.seconds - since.seconds >= idleAfter {
                    unheldSince[engine.player] = (since.seconds, true)
                    violations.append(
                        .unheldEngineNeverIdled(player: engine.player, seconds: observation.seconds - since.seconds))
                }
            }
        }
        return violations
    }

    /// Whether a held engine that should play has stood still too long; reported once per standstill. A fault on its
    /// media holds the report back, not the count: an engine that stays still long after the fault ended is stuck.
    private mutating func stuck(_ engine: SoakObservation.Engine, playing: Bool, at seconds: Double) -> SoakViolation? {
        guard playing, engine.isSettled, engine.livePaused == false, let position = engine.position else {
            stillSince[engine.player] = nil
            return nil
        }
        guard let still = stillSince[engine.player], abs(still.position - position) < 0.001 else {
            stillSince[engine.player] = (position, seconds, false)
            if !engine.isFaulted { judged["held player stuck", default: 0] += 1 }
            return nil
        }
        guard !engine.isFaulted else { return nil }
        judged["held player stuck", default: 0] += 1
        guard !still.reported, seconds - still.seconds >= stuckAfter else { return nil }
        stillSince[engine.player] = (position, still.seconds, true)
        return .heldPlayerStuck(player: engine.player, media: engine.media ?? "-", seconds: seconds - still.seconds)
    }
}
