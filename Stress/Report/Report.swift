import Foundation

/// The run's figures, as `--json` writes them.
struct Report: Codable, Sendable {
    var seed: UInt64
    var pages: Int
    var players: Int
    var media: Int
    var cancelRate: Double
    var applyLatencyMicroseconds: Int
    var violations: Int
    var operations: Int
    var seconds: Double
    var operationsPerSecond: Double
    var checkpoints: Int
    var leakedWaiters: Int
    var linearizabilityWindows: Int
    var linearizabilityFailures: Int
    var linearizabilityInconclusive: Int
    var linearizabilityOperations: Int
    var failRate: Double
    var crashRate: Double
    var hangRate: Double
    /// `--seek-rate` and `--system-pause-rate`.
    var seekRate: Double
    var systemPauseRate: Double
    /// The workload's seeks: asked, answered done, answered `.notActiveHolder`.
    var seeksAsked: Int
    var seeksDone: Int
    var seeksNotActiveHolder: Int
    /// Seeks that reached the workload's engines, by the engines' count and by the pool's.
    var seeks: Int
    var seeksCountedByPool: Int
    /// Seeks from a lease that was not the active holder at their turn that reached an engine, in the workload and
    /// the side pool: must be 0.
    var staleSeeksReachedEngine: Int
    /// Seeks that reached an engine after their holder left (a cancelled seek, a failed engine).
    var seeksWithoutActiveHolder: Int
    /// Seeks the engines were made to refuse.
    var seekFaultsInjected: Int
    /// System pauses injected, the reports the pool found unexplained, and the re-applies checkpoints checked.
    var systemPauses: Int
    var outsideChanges: Int
    var isolationProbes: Int
    /// Engines of players no page held, found paused with the idle settings at checkpoints.
    var idleEnginesChecked: Int
    /// Seeks the side pool's pages made, each in a history checked for linearizability.
    var linearizabilitySeeks: Int
    var faultsInjected: Int
    var loadFaultsInjected: Int
    /// Loads the pool cancelled because nobody wanted their media, and those the engines stopped before finishing.
    var cancelledLoads: Int
    var loadsStopped: Int
    var faultsNoticed: Int
    var grantsOfFailedEngines: Int
    var abandonedMax: Int
    var floorNs: Double?
    var floorP99Ns: Double?
    var handoffRoundTripP50Ns: Double?
    var handoffRoundTripP99Ns: Double?
    var handoffRoundTripSessions: Int?
    var handoffRoundTripAloneP50Ns: Double?
    var handoffRoundTripAloneP99Ns: Double?
    var handoffRoundTripAwaitingEngineP50Ns: Double?
    var handoffRoundTripAwaitingEngineP99Ns: Double?
    var ratioToFloor: Double?
    /// The seek round trip on a no-op engine, and its p50 over the floor's.
    var seekRoundTripP50Ns: Double?
    var seekRoundTripP99Ns: Double?
    var seekRatioToFloor: Double?
    var contendedOpsPerSecond: Double?
    var scaleNsPerRoundTrip: [String: Double]?
    var scaleRatio100kTo100: Double?
    var bytesPerIdleSession: Double?
    var tokensLiveMax: Int?
    var naiveColdStartGapNs: Double?
    var handoffGapNs: Double?
    var handoffKeptPosition: Bool?
    var violationMessages: [String]

    enum CodingKeys: String, CodingKey {
        case seed, pages, players, media
        case cancelRate = "cancel_rate"
        case applyLatencyMicroseconds = "apply_latency_us"
        case violations, operations, seconds
        case operationsPerSecond = "operations_per_second"
        case checkpoints
        case leakedWaiters = "leaked_waiters"
        case linearizabilityWindows = "linearizability_windows"
        case linearizabilityFailures = "linearizability_failures"
        case linearizabilityInconclusive = "linearizability_inconclusive"
        case linearizabilityOperations = "linearizability_operations"
        case failRate = "fail_rate"
        case crashRate = "crash_rate"
        case hangRate = "hang_rate"
        case seekRate = "seek_rate"
        case systemPauseRate = "system_pause_rate"
        case seeksAsked = "seeks_asked"
        case seeksDone = "seeks_done"
        case seeksNotActiveHolder = "seeks_not_active_holder"
        case seeks
        case seeksCountedByPool = "seeks_counted_by_pool"
        case staleSeeksReachedEngine = "stale_seeks_reached_engine"
        case seeksWithoutActiveHolder = "seeks_without_active_holder"
        case seekFaultsInjected = "seek_faults_injected"
        case systemPauses = "system_pauses"
        case outsideChanges = "outside_changes"
        case isolationProbes = "isolation_probes"
        case idleEnginesChecked = "idle_engines_checked"
        case linearizabilitySeeks = "linearizability_seeks"
        case faultsInjected = "faults_injected"
        case loadFaultsInjected = "load_faults_injected"
        case cancelledLoads = "cancelled_loads"
        case loadsStopped = "loads_stopped"
        case faultsNoticed = "faults_noticed"
        case grantsOfFailedEngines = "grants_of_failed_engines"
        case abandonedMax = "abandoned_max"
        case floorNs = "floor_ns"
        case floorP99Ns = "floor_p99_ns"
        case handoffRoundTripP50Ns = "handoff_round_trip_p50_ns"
        case handoffRoundTripP99Ns = "handoff_round_trip_p99_ns"
        case handoffRoundTripSessions = "handoff_round_trip_sessions"
        case handoffRoundTripAloneP50Ns = "handoff_round_trip_alone_p50_ns"
        case handoffRoundTripAloneP99Ns = "handoff_round_trip_alone_p99_ns"
        case handoffRoundTripAwaitingEngineP50Ns = "handoff_round_trip_awaiting_engine_p50_ns"
        case handoffRoundTripAwaitingEngineP99Ns = "handoff_round_trip_awaiting_engine_p99_ns"
        case ratioToFloor = "ratio_to_floor"
        case seekRoundTripP50Ns = "seek_round_trip_p50_ns"
        case seekRoundTripP99Ns = "seek_round_trip_p99_ns"
        case seekRatioToFloor = "seek_ratio_to_floor"
        case contendedOpsPerSecond = "contended_ops_per_second"
        case scaleNsPerRoundTrip = "scale_ns_per_round_trip"
        case scaleRatio100kTo100 = "scale_ratio_100k_to_100"
        case bytesPerIdleSession = "bytes_per_idle_session"
        case tokensLiveMax = "tokens_live_max"
        case naiveColdStartGapNs = "naive_cold_start_gap_ns"
        case handoffGapNs = "handoff_gap_ns"
        case handoffKeptPosition = "handoff_kept_position"
        case violationMessages = "violation_messages"
    }

    init(
        options: Options, outcome: Torture.Outcome, side: SidePool.Summary, benchmarks: Benchmarks?,
        violations: Violations
    ) {
        seed = options.seed
        pages = options.pages
        players = options.players
        media = options.media
        cancelRate = options.cancelRate
        applyLatencyMicroseconds = options.applyLatencyMicroseconds
        self.violations = violations.total
        operations = outcome.operations
        seconds = outcome.seconds
        operationsPerSecond = outcome.seconds > 0 ? Double(outcome.operations) / outcome.seconds : 0
        checkpoints = outcome.checkpoints
        leakedWaiters = outcome.leakedWaiters
        linearizabilityWindows = side.windows
        linearizabilityFailures = side.failures
        linearizabilityInconclusive = side.inconclusive
        linearizabilityOperations = side.operations
        failRate = options.failRate
        crashRate = options.crashRate
        hangRate = options.hangRate
        seekRate = options.seekRate
        systemPauseRate = options.systemPauseRate
        seeksAsked = outcome.seeksAsked
        seeksDone = outcome.seeksDone
        seeksNotActiveHolder = outcome.seeksNotActiveHolder
        seeks = outcome.seeks
        seeksCountedByPool = outcome.seeksCountedByPool
        // The side pool's engines check their seeks the same way.
        staleSeeksReachedEngine = outcome.staleSeeks + side.staleSeeks
        seeksWithoutActiveHolder = outcome.seeksWithoutActiveHolder
        seekFaultsInjected = outcome.seekFaultsInjected
        systemPauses = outcome.systemPauses
        outsideChanges = outcome.outsideChanges
        isolationProbes = outcome.isolationProbes
        idleEnginesChecked = outcome.idleEnginesChecked
        linearizabilitySeeks = side.seeks
        faultsInjected = outcome.faultsInjected
        loadFaultsInjected = outcome.loadFaultsInjected
        cancelledLoads = outcome.cancelledLoads
        loadsStopped = outcome.loadsStopped
        faultsNoticed = outcome.faultsNoticed
        grantsOfFailedEngines = outcome.grantsOfFailedEngines
        abandonedMax = outcome.abandonedMax
        violationMessages = violations.recorded
        guard let benchmarks else { return }
        floorNs = benchmarks.floor.p50
        floorP99Ns = benchmarks.floor.p99
        handoffRoundTripP50Ns = benchmarks.roundTrip.p50
        handoffRoundTripP99Ns = benchmarks.roundTrip.p99
        handoffRoundTripSessions = benchmarks.roundTripSessions
        handoffRoundTripAloneP50Ns = benchmarks.roundTripAlone.p50
        handoffRoundTripAloneP99Ns = benchmarks.roundTripAlone.p99
        handoffRoundTripAwaitingEngineP50Ns = benchmarks.roundTripAwaiting.p50
        handoffRoundTripAwaitingEngineP99Ns = benchmarks.roundTripAwaiting.p99
        ratioToFloor = benchmarks.ratioToFloor
        seekRoundTripP50Ns = benchmarks.seekRoundTrip.p50
        seekRoundTripP99Ns = benchmarks.seekRoundTrip.p99
        seekRatioToFloor = benchmarks.seekRatioToFloor
        contendedOpsPerSecond = benchmarks.contendedOperationsPerSecond
        scaleNsPerRoundTrip = Dictionary(
            benchmarks.scale.map { ("\($0.sessions)", $0.nanosecondsPerRoundTrip) },
            uniquingKeysWith: { first, _ in first })
        scaleRatio100kTo100 = benchmarks.scaleRatio
        bytesPerIdleSession = benchmarks.bytesPerIdleSession
        tokensLiveMax = benchmarks.tokensKeptMax
        naiveColdStartGapNs = benchmarks.coldStart.naiveGapNanoseconds
        handoffGapNs = benchmarks.coldStart.handoffGapNanoseconds
        handoffKeptPosition = benchmarks.coldStart.handoffKeptPosition
    }
}
