import Foundation
@_spi(EngineSupport) import SeamlessPlayback
import SeamlessPlaybackMPV
import SoakCheck

/// Every `MPVEngine` the soak's pool made, held weakly, with a serial for its name.
final class SoakEngines: Sendable {
    private final class Entry: @unchecked Sendable {
        // `@unchecked`: written once at creation; `engine` is a weak reference read under the registry's lock.
        let serial: Int
        weak var engine: MPVEngine?
        init(serial: Int, engine: MPVEngine) {
            self.serial = serial
            self.engine = engine
        }
    }

    private let entries = Protected<(next: Int, list: [Entry])>((0, []))

    /// Notes a new engine.
    func add(_ engine: MPVEngine) {
        entries.withLock { entries in
            entries.next += 1
            entries.list.append(Entry(serial: entries.next, engine: engine))
        }
    }

    /// The engines alive and not shut down, with their serials; forgets the freed ones.
    var alive: [(serial: Int, engine: MPVEngine)] {
        entries.withLock { entries in
            entries.list.removeAll { $0.engine == nil }
            return entries.list.compactMap { entry in
                entry.engine.flatMap { $0.isShutDown ? nil : (entry.serial, $0) }
            }
        }
    }

    /// The engines not yet freed, shut down ones included: a shut-down engine something still holds is a leak.
    var unfreed: Int {
        entries.withLock { entries in
            entries.list.removeAll { $0.engine == nil }
            return entries.list.count
        }
    }
}

/// Builds the soak's observations: the pool's snapshot before and after mpv is read, the engines' live mute, pause
/// and position, and what the pages believe.
struct SoakObserver {
    let pool: PlayerPool
    let feed: FeedAutoplay
    let ledger: SoakLedger
    let engines: SoakEngines
    let bytes: SoakByteCheck
    let idleSettings: PlaybackSettings
    private var lastMetrics = PoolMetrics()
    /// Engine failures no fault explains, at the last observation.
    private var lastUnexplainedEngineFailures = 0

    init(
        pool: PlayerPool, feed: FeedAutoplay, ledger: SoakLedger, engines: SoakEngines, bytes: SoakByteCheck,
        idleSettings: PlaybackSettings
    ) {
        self.pool = pool
        self.feed = feed
        self.ledger = ledger
        self.engines = engines
        self.bytes = bytes
        self.idleSettings = idleSettings
    }

    private struct Live {
        var muted: Bool?
        var paused: Bool?
        var position: Double?
    }

    mutating func observe() async -> SoakObservation {
        let before = await pool.snapshot()
        let playing = await feed.playing
        var heldEngines: [PlayerID: MPVEngine] = [:]
        for entry in before where !entry.holders.isEmpty {
            if let engine = pool.activeHolders.activeLease(of: entry.player)?.engine as? MPVEngine {
                heldEngines[entry.player] = engine
            }
        }
        let alive = engines.alive
        let held = Set(heldEngines.values.map(ObjectIdentifier.init))
        let unheld = alive.filter { !held.contains(ObjectIdentifier($0.engine)) }
        var live: [ObjectIdentifier: Live] = [:]
        for engine in heldEngines.values { live[ObjectIdentifier(engine)] = await Self.read(engine) }
        for entry in unheld { live[ObjectIdentifier(entry.engine)] = await Self.read(entry.engine) }
        let after = await pool.snapshot()
        let seconds = ledger.seconds
        let afterByPlayer = Dictionary(after.map { ($0.player, $0) }) { first, _ in first }
        let state = ledger.state.withLock { state in
            if let lent = state.lentFeedLease, pool.activeHolders.activeLease(of: lent.player) == lent {
                state.lentFeedLease = nil
            }
            state.letGo = state.letGo.filter { seconds - $0.value < 120 }
            defer { state.untyped = [] }
            return state
        }
        func faulted(_ media: MediaItem?) -> Bool {
            state.allFaultedUntil >= seconds || (media.map { (state.faultedUntil[$0.id] ?? -1) >= seconds } ?? false)
        }
        var observed: [SoakObservation.Engine] = []
        for entry in before where !entry.holders.isEmpty {
            let engine = heldEngines[entry.player]
            let reading = engine.flatMap { live[ObjectIdentifier($0)] } ?? Live()
            observed.append(
                SoakObservation.Engine(
                    player: "\(entry.player)", media: entry.media?.id, holders: entry.holders,
                    applied: entry.appliedSettings, active: entry.activeSettings,
                    isSettled: engine != nil && afterByPlayer[entry.player] == entry, liveMuted: reading.muted,
                    livePaused: reading.paused, position: reading.position, isFaulted: faulted(entry.media)))
        }
        let unheldBefore = before.filter(\.holders.isEmpty)
        let unheldAfter = after.filter(\.holders.isEmpty)
        let allIdle = unheldBefore.allSatisfy { $0.appliedSettings == idleSettings }
        let settled = unheldBefore == unheldAfter && unheldBefore.count == unheld.count
        for entry in unheld {
            let reading = live[ObjectIdentifier(entry.engine)] ?? Live()
            observed.append(
                SoakObservation.Engine(
                    player: "unheld mpv #\(entry.serial)", applied: allIdle ? idleSettings : nil, isSettled: settled,
                    liveMuted: reading.muted, livePaused: reading.paused, position: reading.position))
        }
        var beliefs: [String: [String]] = [:]
        if let playing, state.lentFeedLease != playing.lease { beliefs["feed"] = ["\(playing.lease.player)"] }
        for (page, player) in state.detailBeliefs { beliefs[page, default: []].append("\(player)") }
        var untyped = state.untyped
        let metrics = await pool.metrics
        for kind in [MediaFailure.Kind.unsupported, .other] {
            let new = (metrics.mediaFailures[kind] ?? 0) - (lastMetrics.mediaFailures[kind] ?? 0)
            if new > 0 { untyped.append("the pool met \(new) media failures of kind \(kind)") }
        }
        // Judged on the pool's events, which say why: an engine retired because the origin cut the stream of its
        // loaded player is the fault's doing, typed; any other engine failure is not.
        let (reported, cuts) = ledger.state.withLock { ($0.engineFailures.count, $0.originCuts) }
        if reported - cuts > lastUnexplainedEngineFailures {
            untyped.append("\(reported - cuts - lastUnexplainedEngineFailures) engines failed and were replaced")
        }
        lastUnexplainedEngineFailures = reported - cuts
        lastMetrics = metrics
        return SoakObservation(
            seconds: seconds, engines: observed, activeBeliefs: beliefs, letGo: state.letGo,
            differingReads: bytes.totals.differing, untypedFailures: untyped)
    }

    private static func read(_ engine: MPVEngine) async -> Live {
        Live(
            muted: try? await engine.flagProperty("mute"), paused: try? await engine.flagProperty("pause"),
            position: try? await engine.doubleProperty("time-pos"))
    }
}
