import Foundation
@_spi(EngineSupport) import SeamlessPlayback
import SeamlessPlaybackTesting
import Testing

/// Where a pool runs its applies: on a task started at once (`Task.immediate`), or on the engine's lane, as on
/// Apple systems before 26. The tests of handoffs in flight run both ways.
enum ApplyPath: CaseIterable, Sendable {
    case startedAtOnce
    case onTheLane

    /// Sets the pool to this path.
    func use(in pool: PlayerPool) async {
        if self == .onTheLane { await pool.useLanesForApplies() }
    }
}

/// A pool on a manual clock whose simulated engines the test can inspect and hold up.
final class PoolFixture: Sendable {
    let clock = ManualClock()
    let pool: PlayerPool
    let applyGate: Gate
    let loadGate = Gate(isOpen: true)
    /// Every engine creation waits here first.
    let creationGate = Gate(isOpen: true)
    private let registry = Registry()

    /// What the engine factory shares with the fixture.
    private final class Registry: Sendable {
        let engines = Locked<[SimulatedEngine]>([])
        let creationFailures = Locked(0)
    }

    /// - Parameter engineLatency: When set, engines run on the real clock and every load and apply takes
    ///   this long, so that real work is in flight while pages race; timeouts stay on the manual clock.
    /// - Parameter timeouts: The pool's load and apply timeouts; off by default, so that a test can hold a
    ///   call at a gate and move the manual clock on without failing the engine.
    init(
        capacity: Int = 2, tokenLifetime: Duration = .seconds(10), gatesOpen: Bool = true,
        engineLatency: Duration? = nil, timeouts: (load: Duration?, apply: Duration?) = (nil, nil),
        borrowWarningThreshold: Duration? = nil,
        failLoad: @escaping @Sendable (MediaItem) -> String? = { _ in nil },
        failMedia: @escaping @Sendable (MediaItem) -> MediaFailure? = { _ in nil },
        loadRetries: Int = 2
    ) {
        let clock = self.clock
        let applyGate = Gate(isOpen: gatesOpen)
        let loadGate = self.loadGate
        let registry = self.registry
        let creationGate = self.creationGate
        self.applyGate = applyGate
        pool = PlayerPool(
            configuration: .init(
                capacity: capacity, handoffTokenLifetime: tokenLifetime,
                loadTimeout: timeouts.load, applyTimeout: timeouts.apply,
                borrowWarningThreshold: borrowWarningThreshold, loadRetries: loadRetries),
            clock: clock
        ) {
            await creationGate.pass()
            let fail = registry.creationFailures.withLock { count -> Bool in
                guard count > 0 else { return false }
                count -= 1
                return true
            }
            if fail { throw SimulatedEngine.LoadError(description: "no engine today") }
            let engine =
                if let engineLatency {
                    SimulatedEngine(
                        loadLatency: engineLatency, applyLatency: engineLatency, failLoad: failLoad,
                        failMedia: failMedia)
                } else {
                    SimulatedEngine(
                        clock: clock, loadGate: loadGate, applyGate: applyGate, failLoad: failLoad, failMedia: failMedia
                    )
                }
            registry.engines.withLock { $0.append(engine) }
            return engine
        }
    }

    /// Every engine the pool made, in order.
    var engines: [SimulatedEngine] { registry.engines.withLock { $0 } }

    /// Makes the next `count` engine creations fail.
    func failNextCreations(_ count: Int) { registry.creationFailures.withLock { $0 = count } }

    func engine(of lease: PlayerLease) -> SimulatedEngine? { lease.engine as? SimulatedEngine }

    /// A feed (muted, fill) playing the clip, and a detail page (sound, fit, 1.25×) ready to borrow it.
    struct FeedAndDetail {
        let feed: PageSession
        let detail: PageSession
        let lease: PlayerLease
        let engine: SimulatedEngine
    }

    func feedPlayingClip() async throws -> FeedAndDetail {
        let feed = try await pool.makeSession(named: "feed", settings: feedSettings)
        let detail = try await pool.makeSession(named: "detail", settings: detailSettings)
        let lease = try await feed.acquire(clip)
        let simulated = try #require(self.engine(of: lease))
        return FeedAndDetail(feed: feed, detail: detail, lease: lease, engine: simulated)
    }

    /// Starts the detail page's borrow and returns once its apply is held at the closed apply gate.
    func borrowHeldAtTheGate(_ pages: FeedAndDetail) async throws -> Task<PlayerLease, any Error> {
        let token = try await pages.feed.lend(pages.lease)
        applyGate.close()
        let arrivals = applyGate.arrivals
        let borrow = Task { try await pages.detail.borrow(token) }
        await applyGate.waitForArrivals(arrivals + 1)
        return borrow
    }
}

/// Awaits a task and gives its outcome as a `Result` of the pool's error type.
func outcome<T: Sendable>(_ task: Task<T, any Error>) async -> Result<T, PlayerPoolError> {
    do {
        return .success(try await task.value)
    } catch let error as PlayerPoolError {
        return .failure(error)
    } catch {
        return .failure(.engineFailed("unexpected \(error)"))
    }
}

extension Result {
    var error: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}

/// Waits for the first event the predicate accepts.
func waitFor(_ events: AsyncStream<PoolEvent>, _ accept: (PoolEvent) -> Bool) async -> PoolEvent? {
    for await event in events where accept(event) { return event }
    return nil
}

/// A value shared between test tasks behind a lock: the library's own ``Protected`` (an `NSLock`, which
/// ThreadSanitizer on Linux sees, unlike `Mutex`).
typealias Locked = Protected

extension Protected {
    /// A copy of the value.
    var value: State { withLock { $0 } }
}

/// Returns once `count` readers of the page's notices wait for one (a reader that waits is one whose task a
/// cancellation reaches in the middle of its read).
func waitForNoticeReaders(_ count: Int, of page: PageSession, in pool: PlayerPool) async {
    while await pool.waitingNoticeReaders(of: page) < count { await Task.yield() }
}
