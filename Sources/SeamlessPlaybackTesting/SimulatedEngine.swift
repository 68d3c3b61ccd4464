@_spi(EngineSupport) import SeamlessPlayback

/// A player with no video: it keeps a position that advances with the rate while playing, takes
/// as long as you say to load, apply and seek, reports its status as a real engine does, and records everything
/// the pool asks of it.
///
/// Use it in your own tests and previews in place of a real engine:
///
/// ```swift
/// let clock = ManualClock()
/// let pool = PlayerPool(clock: clock) { SimulatedEngine(clock: clock, duration: .seconds(6)) }
/// ```
///
/// Play the system with ``pauseBySystem(_:)``, ``resumeBySystem()``, ``stall()`` and ``endStall()``.
public final class SimulatedEngine: PlaybackEngine {
    /// Why a simulated load failed.
    public struct LoadError: Error, Hashable, Sendable, CustomStringConvertible {
        /// The reason `failLoad` gave.
        public let description: String

        /// Creates an error with a reason.
        /// - Parameter description: The reason, as `failLoad` gave it.
        public init(description: String) { self.description = description }
    }

    /// Why a simulated seek failed (``refuseNextSeek(_:)``).
    public struct SeekError: Error, Hashable, Sendable, CustomStringConvertible {
        /// The reason given to ``SimulatedEngine/refuseNextSeek(_:)``.
        public let description: String

        /// Creates an error with a reason.
        /// - Parameter description: The reason.
        public init(description: String) { self.description = description }
    }

    /// Everything the engine was asked to do, in order.
    public struct Record: Hashable, Sendable {
        /// Media loaded, in order.
        public var loads: [MediaItem] = []
        /// The settings the engine carried as each load began, one entry per load begun (those that then failed or
        /// were cancelled too), in order; `nil` where no apply had finished yet: that load began on the engine's
        /// defaults. The pool puts settings on an engine before its first load, so a pool never leaves a `nil` here.
        public var settingsAtLoads: [PlaybackSettings?] = []
        /// Settings applied, in the order the applies finished.
        public var applies: [PlaybackSettings] = []
        /// Positions of the seeks that took effect, in order.
        public var seeks: [Duration] = []
        /// Every status the engine reported, in order.
        public var statuses: [PlaybackStatus] = []
        /// The depths the pool told the engine (``SimulatedEngine/setPreloadDepth(_:)``), in order.
        public var preloadDepths: [PreloadDepth] = []
        /// How many loads had begun when each depth in ``preloadDepths`` was told.
        public var loadsAtPreloadDepths: [Int] = []
        /// How many times ``SimulatedEngine/unload()`` was called.
        public var unloads = 0
        /// How many times ``SimulatedEngine/shutdown()`` was called.
        public var shutdowns = 0
        /// Whether two loads, applies, seeks or unloads ever ran at once, or a shutdown came while one ran (the pool
        /// promises neither happens).
        public var sawOverlap = false
        /// Whether anything was asked of the engine after it was shut down.
        public var sawUseAfterShutdown = false
    }

    let clock: PoolClock
    /// The media's length; `nil`: endless.
    let duration: Duration?
    private let loadLatency: Duration
    private let applyLatency: Duration
    private let seekLatency: Duration
    private let loadGate: Gate?
    private let applyGate: Gate?
    private let seekGate: Gate?
    private let failLoad: @Sendable (MediaItem) -> String?
    private let failMedia: @Sendable (MediaItem) -> MediaFailure?
    private let appliesImmediately: Bool
    let state = Protected(State())

    /// Creates a simulated engine.
    /// - Parameters:
    ///   - clock: The clock its position and latencies run on.
    ///   - duration: The length of every media it plays; `nil` (the default) plays on forever. With a duration the
    ///     engine honours `PlaybackSettings.endAction`: it stops at the end and reports `PlaybackPhase.ended`
    ///     (when its clock gets there), or wraps to the start and plays on.
    ///   - loadLatency: How long a load takes (a cold start). Default zero.
    ///   - applyLatency: How long an apply takes. Default zero.
    ///   - seekLatency: How long a seek takes. Default zero.
    ///   - loadGate: A gate every load waits at before it takes effect.
    ///   - applyGate: A gate every apply waits at before it takes effect.
    ///   - seekGate: A gate every seek waits at before it takes effect.
    ///   - appliesImmediately: Whether it takes settings without waiting, in ``applyImmediately(_:)``, as an
    ///     engine whose settings are plain properties does, while no apply latency, gate or hang is set. Default
    ///     `false`: every apply goes through ``apply(_:)``.
    ///   - failLoad: Returns a reason to make the load of an item fail (the engine's failure); `nil` lets it succeed.
    ///   - failMedia: Returns a `MediaFailure` to make the load of an item fail because of the
    ///     media (the pool keeps the engine); `nil` lets it succeed. Asked at every load, so it can fail the first
    ///     tries and let a later one through.
    public init(
        clock: any Clock<Duration> = ContinuousClock(),
        duration: Duration? = nil,
        loadLatency: Duration = .zero,
        applyLatency: Duration = .zero,
        seekLatency: Duration = .zero,
        loadGate: Gate? = nil,
        applyGate: Gate? = nil,
        seekGate: Gate? = nil,
        appliesImmediately: Bool = false,
        failLoad: @escaping @Sendable (MediaItem) -> String? = { _ in nil },
        failMedia: @escaping @Sendable (MediaItem) -> MediaFailure? = { _ in nil }
    ) {
        self.failMedia = failMedia
        self.clock = PoolClock(clock)
        self.duration = duration
        self.loadLatency = loadLatency
        self.applyLatency = applyLatency
        self.seekLatency = seekLatency
        self.loadGate = loadGate
        self.applyGate = applyGate
        self.seekGate = seekGate
        self.failLoad = failLoad
        self.appliesImmediately = appliesImmediately
    }

    /// Everything the engine was asked to do so far.
    public var record: Record { state.withLock { $0.record } }

    /// The settings of the last finished apply.
    public var lastApplied: PlaybackSettings? { state.withLock { $0.record.applies.last } }

    /// The media loaded, if any.
    public var media: MediaItem? { state.withLock { $0.media } }

    /// What the engine is doing now; `nil` before its first load and apply.
    public var phase: PlaybackPhase? {
        let now = clock.now()
        return state.withLock { $0.phase(at: now, duration: duration) }
    }

    /// Waits the load latency, then starts the media at position zero, with the settings it carries (paused
    /// settings leave it standing at zero).
    ///
    /// It reports `PlaybackPhase.loading` when it begins, and the phase its settings give once loaded. The load
    /// first waits at the gate from ``hangNextLoad()``, if any (a hung load: it ignores cancellation), then at the
    /// `loadGate` and its latency, which stop as soon as the load's task is cancelled, as a real engine's load
    /// should: then the engine has no media loaded.
    /// - Parameter item: The media to load.
    /// - Throws: ``LoadError`` when `failLoad` gives a reason for this item, the `MediaFailure`
    ///   `failMedia` gives for it; `CancellationError` when the load's
    ///   task was cancelled before it finished.
    public func load(_ item: MediaItem) async throws {
        let start = clock.now()
        let hang = state.withLock { state in
            state.begin()
            state.record.settingsAtLoads.append(state.settings)
            state.isLoading = true
            state.reportIfChanged(at: start, duration: duration)
            defer { state.hangNextLoad = nil }
            return state.hangNextLoad
        }
        defer { end() }
        await hang?.pass()
        let (gate, clock, latency) = (loadGate, self.clock, loadLatency)
        do {
            try await untilCancelled {
                await gate?.pass()
                if latency > .zero { try? await clock.sleep(clock.now() + latency) }
            }
        } catch {
            dropMedia()
            throw error
        }
        let now = clock.now()
        if let reason = failLoad(item) {
            dropMedia()
            throw LoadError(description: reason)
        }
        if let failure = failMedia(item) {
            dropMedia()
            throw failure
        }
        change(at: now) { state in
            state.record.loads.append(item)
            state.media = item
            state.isLoading = false
            state.hasEnded = false
            state.isStalled = false
            state.bufferedAhead = nil
            state.anchorPosition = .zero
        }
    }

    /// Records the depth (``Record/preloadDepths``). The engine reads the same ahead either way.
    /// - Parameter depth: The depth the pool told the engine.
    public func setPreloadDepth(_ depth: PreloadDepth) {
        state.withLock { state in
            state.record.preloadDepths.append(depth)
            state.record.loadsAtPreloadDepths.append(state.record.settingsAtLoads.count)
        }
    }

    /// Lets go of the media, after the gate from ``hangNextUnload()``, if any: the engine has nothing loaded and keeps
    /// its settings; it reports no status (nobody holds a player the pool unloads).
    public func unload() async {
        begin()
        defer { end() }
        let hang = state.withLock { state in
            state.record.unloads += 1
            defer { state.hangNextUnload = nil }
            return state.hangNextUnload
        }
        await hang?.pass()
        dropMedia()
    }

    /// Waits the apply latency, then takes the settings; the position carries on from where it was.
    ///
    /// Taking settings ends a pause the engine made by itself, as a real player's `play()` would. The apply first
    /// waits at the gate from ``hangNextApply()``, if any, then at the `applyGate`. It completes even when its task
    /// is cancelled, as `PlaybackEngine.apply(_:)` requires.
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
        change(at: clock.now()) { take(settings, into: &$0) }
    }

    private func take(_ settings: PlaybackSettings, into state: inout State) {
        // A looping media that had stopped at its end starts again.
        if settings.endAction == .loop, state.hasEnded {
            state.hasEnded = false
            state.anchorPosition = .zero
        }
        state.systemPause = nil
        state.settings = settings
        state.record.applies.append(settings)
    }

    /// Takes the settings at once when made with `appliesImmediately` and nothing is to slow the apply down (no
    /// apply latency or gate, no ``hangNextApply()``); otherwise leaves them for ``apply(_:)``.
    /// - Parameter settings: The settings to take.
    /// - Returns: Whether it took them.
    public func applyImmediately(_ settings: PlaybackSettings) -> Bool {
        guard appliesImmediately, applyLatency == .zero, applyGate == nil else { return false }
        guard state.withLock({ $0.hangNextApply == nil }) else { return false }
        change(at: clock.now()) { state in
            state.begin()
            state.inFlight -= 1
            take(settings, into: &state)
        }
        return true
    }

    /// Waits the seek latency, then moves the position (clamped to the media), leaving the end if it was there.
    ///
    /// The seek first waits at the gate from ``hangNextSeek()``, if any, then at the `seekGate`.
    /// - Parameter position: The new position.
    /// - Throws: ``SeekError`` when ``refuseNextSeek(_:)`` gave a reason.
    public func seek(to position: Duration) async throws {
        begin()
        defer { end() }
        let (hang, refusal) = state.withLock { state in
            defer {
                state.hangNextSeek = nil
                state.refuseNextSeek = nil
            }
            return (state.hangNextSeek, state.refuseNextSeek)
        }
        await hang?.pass()
        await seekGate?.pass()
        await wait(seekLatency)
        if let refusal { throw SeekError(description: refusal) }
        let target = duration.map { min(max(position, .zero), $0) } ?? max(position, .zero)
        change(at: clock.now()) { state in
            state.anchorPosition = target
            state.hasEnded = false
            state.record.seeks.append(target)
        }
    }

    /// The position in the loaded media, advanced by the rate while playing.
    public func currentPosition() async -> Duration {
        let now = clock.now()
        return state.withLock { $0.position(at: now, duration: duration) }
    }

    /// Counts the shutdown; the pool calls it exactly once, after every load, apply and seek has finished.
    public func shutdown() async {
        if let hang = state.withLock({ $0.hangShutdown }) { await hang.pass() }
        let waiters = state.withLock { state in
            state.record.shutdowns += 1
            state.endWatch &+= 1
            state.endTimer?.cancel()
            state.endTimer = nil
            if state.inFlight > 0 { state.record.sawOverlap = true }
            defer { state.shutdownWaiters = [] }
            return state.shutdownWaiters
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Returns once the engine has been shut down (at once if it has been): for a test that waits for a shutdown
    /// nothing else announces, such as that of an engine made after the pool stopped wanting it.
    public func waitForShutdown() async {
        await withCheckedContinuation { continuation in
            let done = state.withLock { state in
                if state.record.shutdowns > 0 { return true }
                state.shutdownWaiters.append(continuation)
                return false
            }
            if done { continuation.resume() }
        }
    }

    /// A load that did not finish leaves no media.
    private func dropMedia() {
        state.withLock { state in
            state.isLoading = false
            state.media = nil
            state.lastPhase = nil
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
