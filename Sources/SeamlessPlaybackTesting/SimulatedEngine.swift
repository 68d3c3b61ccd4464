import SeamlessPlayback

/// A player with no video: it keeps a position that advances with the rate while playing, takes
/// as long as you say to load and apply, and records everything the pool asks of it.
///
/// Use it in your own tests and previews in place of a real engine:
///
/// ```swift
/// let clock = ManualClock()
/// let pool = PlayerPool(clock: clock) { SimulatedEngine(clock: clock) }
/// ```
public final class SimulatedEngine: PlaybackEngine {
    /// Why a simulated load failed.
    public struct LoadError: Error, Hashable, Sendable, CustomStringConvertible {
        /// The reason given by ``SimulatedEngine/init(clock:loadLatency:applyLatency:loadGate:applyGate:appliesImmediately:failLoad:)``.
        public let description: String

        /// Creates an error with a reason.
        /// - Parameter description: The reason, as `failLoad` gave it.
        public init(description: String) { self.description = description }
    }

    /// Everything the engine was asked to do, in order.
    public struct Record: Hashable, Sendable {
        /// Media loaded, in order.
        public var loads: [MediaItem] = []
        /// Settings applied, in the order the applies finished.
        public var applies: [PlaybackSettings] = []
        /// How many times ``SimulatedEngine/shutdown()`` was called.
        public var shutdowns = 0
        /// Whether two loads or applies ever ran at once, or a shutdown came while one ran (the pool
        /// promises neither happens).
        public var sawOverlap = false
        /// Whether anything was asked of the engine after it was shut down.
        public var sawUseAfterShutdown = false
    }

    private struct State {
        var record = Record()
        var media: MediaItem?
        var settings: PlaybackSettings?
        var anchorTime: Duration = .zero
        var anchorPosition: Duration = .zero
        var inFlight = 0
        var reportFailure: (@Sendable (String) -> Void)?
        /// A failure reported before the pool listened, delivered when it does.
        var unheardFailure: String?
        var hangNextLoad: Gate?
        var hangNextApply: Gate?

        func position(at now: Duration) -> Duration {
            guard media != nil, let settings, !settings.isPaused else { return anchorPosition }
            return anchorPosition + (now - anchorTime) * settings.rate
        }

        /// A call begins: notes one that overlaps another or comes after the shutdown.
        mutating func begin() {
            inFlight += 1
            if inFlight > 1 { record.sawOverlap = true }
            if record.shutdowns > 0 { record.sawUseAfterShutdown = true }
        }
    }

    private let clock: PoolClock
    private let loadLatency: Duration
    private let applyLatency: Duration
    private let loadGate: Gate?
    private let applyGate: Gate?
    private let failLoad: @Sendable (MediaItem) -> String?
    private let appliesImmediately: Bool
    private let state = Protected(State())

    /// Creates a simulated engine.
    /// - Parameters:
    ///   - clock: The clock its position and latencies run on.
    ///   - loadLatency: How long a load takes (a cold start). Default zero.
    ///   - applyLatency: How long an apply takes. Default zero.
    ///   - loadGate: A gate every load waits at before it takes effect.
    ///   - applyGate: A gate every apply waits at before it takes effect.
    ///   - appliesImmediately: Whether it takes settings without waiting, in ``applyImmediately(_:)``, as an
    ///     engine whose settings are plain properties does, while no apply latency, gate or hang is set. Default
    ///     `false`: every apply goes through ``apply(_:)``.
    ///   - failLoad: Returns a reason to make the load of an item fail; `nil` lets it succeed.
    public init(
        clock: any Clock<Duration> = ContinuousClock(),
        loadLatency: Duration = .zero,
        applyLatency: Duration = .zero,
        loadGate: Gate? = nil,
        applyGate: Gate? = nil,
        appliesImmediately: Bool = false,
        failLoad: @escaping @Sendable (MediaItem) -> String? = { _ in nil }
    ) {
        self.clock = PoolClock(clock)
        self.loadLatency = loadLatency
        self.applyLatency = applyLatency
        self.loadGate = loadGate
        self.applyGate = applyGate
        self.failLoad = failLoad
        self.appliesImmediately = appliesImmediately
    }

    /// Everything the engine was asked to do so far.
    public var record: Record { state.withLock { $0.record } }

    /// The settings of the last finished apply.
    public var lastApplied: PlaybackSettings? { state.withLock { $0.record.applies.last } }

    /// The media loaded, if any.
    public var media: MediaItem? { state.withLock { $0.media } }

    /// Reports that the engine can no longer play, as a real engine does when its stream breaks: the
    /// pool's handler hears it (now, or when the pool starts listening).
    /// - Parameter reason: Why it can no longer play.
    public func fail(_ reason: String) {
        let report = state.withLock { state -> (@Sendable (String) -> Void)? in
            if state.reportFailure == nil { state.unheardFailure = reason }
            return state.reportFailure
        }
        report?(reason)
    }

    /// Keeps the pool's failure handler; a failure reported before is delivered at once.
    /// - Parameter report: Tells the pool why the engine can no longer play.
    public func onFailure(_ report: @escaping @Sendable (String) -> Void) {
        let unheard = state.withLock { state -> String? in
            state.reportFailure = report
            defer { state.unheardFailure = nil }
            return state.unheardFailure
        }
        if let unheard { report(unheard) }
    }

    /// Makes the next load hang until the returned gate is opened, as a stalled network would.
    /// - Returns: The gate the next load waits at (closed).
    public func hangNextLoad() -> Gate {
        let gate = Gate()
        state.withLock { $0.hangNextLoad = gate }
        return gate
    }

    /// Makes the next apply hang until the returned gate is opened, as a stuck player would.
    /// - Returns: The gate the next apply waits at (closed).
    public func hangNextApply() -> Gate {
        let gate = Gate()
        state.withLock { $0.hangNextApply = gate }
        return gate
    }

    /// Waits the load latency, then starts the media at position zero.
    ///
    /// The load first waits at the gate from ``hangNextLoad()``, if any, then at the `loadGate`.
    /// - Parameter item: The media to load.
    /// - Throws: ``LoadError`` when `failLoad` gives a reason for this item.
    public func load(_ item: MediaItem) async throws {
        begin()
        defer { end() }
        let hang = state.withLock { state in
            defer { state.hangNextLoad = nil }
            return state.hangNextLoad
        }
        await hang?.pass()
        await loadGate?.pass()
        await wait(loadLatency)
        if let reason = failLoad(item) { throw LoadError(description: reason) }
        let now = clock.now()
        state.withLock { state in
            state.record.loads.append(item)
            state.media = item
            state.anchorTime = now
            state.anchorPosition = .zero
        }
    }

    /// Waits the apply latency, then takes the settings; the position carries on from where it was.
    ///
    /// The apply first waits at the gate from ``hangNextApply()``, if any, then at the `applyGate`. It
    /// completes even when its task is cancelled, as `PlaybackEngine.apply(_:)` requires.
    /// - Parameter settings: The settings to take.
    public func apply(_ settings: PlaybackSettings) async {
        begin()
        defer { end() }
        let hang = state.withLock { state in
            defer { state.hangNextApply = nil }
            return state.hangNextApply
        }
        await hang?.pass()
        await applyGate?.pass()
        await wait(applyLatency)
        let now = clock.now()
        state.withLock { take(settings, now: now, into: &$0) }
    }

    private func take(_ settings: PlaybackSettings, now: Duration, into state: inout State) {
        state.anchorPosition = state.position(at: now)
        state.anchorTime = now
        state.settings = settings
        state.record.applies.append(settings)
    }

    /// Takes the settings at once when made with `appliesImmediately` and nothing is to slow the apply down (no
    /// apply latency or gate, no ``hangNextApply()``); otherwise leaves them for ``apply(_:)``.
    /// - Parameter settings: The settings to take.
    /// - Returns: Whether it took them.
    public func applyImmediately(_ settings: PlaybackSettings) -> Bool {
        guard appliesImmediately, applyLatency == .zero, applyGate == nil else { return false }
        let now = clock.now()
        return state.withLock { state in
            guard state.hangNextApply == nil else { return false }
            state.begin()
            defer { state.inFlight -= 1 }
            take(settings, now: now, into: &state)
            return true
        }
    }

    /// The position in the loaded media, advanced by the rate while playing.
    public func currentPosition() async -> Duration {
        let now = clock.now()
        return state.withLock { $0.position(at: now) }
    }

    /// Counts the shutdown; the pool calls it exactly once, after every load and apply has finished.
    public func shutdown() async {
        state.withLock { state in
            state.record.shutdowns += 1
            if state.inFlight > 0 { state.record.sawOverlap = true }
        }
    }

    private func begin() {
        state.withLock { $0.begin() }
    }

    private func end() {
        state.withLock { $0.inFlight -= 1 }
    }

    /// Waits out a latency in full, even on a cancelled task: an engine call must complete.
    private func wait(_ latency: Duration) async {
        guard latency > .zero else { return }
        let clock = self.clock
        await Task { try? await clock.sleep(clock.now() + latency) }.value
    }
}
