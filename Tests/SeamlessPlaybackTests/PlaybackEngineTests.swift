@_spi(EngineSupport) import SeamlessPlayback
import SeamlessPlaybackTesting
import Testing

/// An engine that records how each set of settings reached it: taken at once by `applyImmediately`, or awaited
/// in `apply`.
final class RecordingEngine: PlaybackEngine {
    enum Call: Equatable, Sendable {
        case immediate(PlaybackSettings)
        case awaited(PlaybackSettings)
    }

    private let takesAtOnce: Bool
    /// Settings whose immediate apply reports this failure (as an engine refusing a setting does) and returns.
    private let refusal: (settings: PlaybackSettings, reason: String)?
    private let state = Locked<(calls: [Call], report: (@Sendable (String) -> Void)?)>(([], nil))

    init(takesAtOnce: Bool, refusing refusal: (settings: PlaybackSettings, reason: String)? = nil) {
        self.takesAtOnce = takesAtOnce
        self.refusal = refusal
    }

    var calls: [Call] { state.value.calls }

    func onFailure(_ report: @escaping @Sendable (String) -> Void) { state.withLock { $0.report = report } }
    func load(_ item: MediaItem) async throws {}
    func applyImmediately(_ settings: PlaybackSettings) -> Bool {
        let report = state.withLock { state in
            state.calls.append(.immediate(settings))
            return state.report
        }
        if let refusal, refusal.settings == settings { report?(refusal.reason) }
        return takesAtOnce
    }
    func apply(_ settings: PlaybackSettings) async { state.withLock { $0.calls.append(.awaited(settings)) } }
    func currentPosition() async -> Duration { .zero }
    func shutdown() async {}
}

@Suite("PlaybackEngine: settings taken at once", .timeLimit(.minutes(1)))
struct PlaybackEngineTests {
    /// A pool of one `RecordingEngine` whose applies not taken at once go the given path, with a feed and a detail
    /// page.
    private func feedAndDetail(_ engine: RecordingEngine, _ path: ApplyPath) async throws
        -> (PlayerPool, PageSession, PageSession)
    {
        let pool = PlayerPool(configuration: .init(capacity: 1)) { engine }
        await path.use(in: pool)
        let feed = try await pool.makeSession(named: "feed", settings: feedSettings)
        let detail = try await pool.makeSession(named: "detail", settings: detailSettings)
        return (pool, feed, detail)
    }

    @Test(arguments: ApplyPath.allCases)
    func settingsTakenAtOnceNeverReachApplyAndKeepTheirOrder(path: ApplyPath) async throws {
        let engine = RecordingEngine(takesAtOnce: true)
        let (pool, feed, detail) = try await feedAndDetail(engine, path)
        let lease = try await feed.acquire(clip)
        let borrowed = try await detail.borrow(try await feed.lend(lease))
        #expect(engine.calls.last == .immediate(detailSettings))
        try await detail.giveBack(borrowed)
        var notices = feed.notices.makeAsyncIterator()
        #expect(await notices.next() == .returned(lease))
        #expect(engine.calls == [.immediate(feedSettings), .immediate(detailSettings), .immediate(feedSettings)])
        #expect(await pool.snapshot().first?.appliedSettings == feedSettings)
        await pool.shutdown()
    }

    @Test(arguments: ApplyPath.allCases)
    func anEngineThatDeclinesGetsEverySettingsAwaited(path: ApplyPath) async throws {
        let engine = RecordingEngine(takesAtOnce: false)
        let (pool, feed, detail) = try await feedAndDetail(engine, path)
        let lease = try await feed.acquire(clip)
        try await detail.giveBack(try await detail.borrow(try await feed.lend(lease)))
        var notices = feed.notices.makeAsyncIterator()
        #expect(await notices.next() == .returned(lease))
        #expect(
            engine.calls == [
                .immediate(feedSettings), .awaited(feedSettings), .immediate(detailSettings),
                .awaited(detailSettings), .immediate(feedSettings), .awaited(feedSettings),
            ])
        await pool.shutdown()
    }

    @Test(arguments: ApplyPath.allCases)
    func aFailureReportedWhileTakingSettingsFailsTheBorrowAndTheEngine(path: ApplyPath) async throws {
        let engine = RecordingEngine(takesAtOnce: true, refusing: (detailSettings, "rate refused"))
        let (pool, feed, detail) = try await feedAndDetail(engine, path)
        let lease = try await feed.acquire(clip)
        let token = try await feed.lend(lease)
        await #expect(throws: PlayerPoolError.engineFailed("rate refused")) { try await detail.borrow(token) }
        var notices = feed.notices.makeAsyncIterator()
        #expect(await notices.next() == .failed(lease, reason: "rate refused"))
        #expect(await pool.metrics.failures == 1)
        await pool.shutdown()
    }
}
