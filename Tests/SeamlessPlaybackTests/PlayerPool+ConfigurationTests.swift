@_spi(EngineSupport) import SeamlessPlayback
import SeamlessPlaybackTesting
import Testing

/// The configuration's promises seen on simulated engines: a player nobody holds carries the idle settings, a
/// preloaded clip waits on its first frame, and no load begins on an engine's defaults.
@Suite("PlayerPool: idle settings")
struct PlayerPoolConfigurationTests {
    static let soundOn = PlaybackSettings(isMuted: false, contentMode: .aspectFit)

    @Test func aClosedPagesPlayerIsPausedAndSilentWhenCloseReturnsAndDoesNotAdvance() async throws {
        let f = PoolFixture()
        let detail = try await f.pool.makeSession(named: "detail", settings: Self.soundOn)
        let lease = try await detail.acquire(clip)
        let engine = try #require(f.engine(of: lease))
        f.clock.advance(by: .seconds(1))
        #expect(engine.phase == .playing)
        await detail.close()
        #expect(engine.phase == .paused(.requested))
        #expect(engine.record.applies.last == .idle)
        let stood = await engine.currentPosition()
        f.clock.advance(by: .seconds(3))
        #expect(await engine.currentPosition() == stood)
        #expect(await f.pool.snapshot().first?.appliedSettings == .idle)
    }

    @Test func anOwnersGiveBackLeavesThePlayerQuietAndTheNextPageResumesWhereItStood() async throws {
        let f = PoolFixture()
        let feed = try await f.pool.makeSession(named: "feed", settings: Self.soundOn)
        let lease = try await feed.acquire(clip)
        let engine = try #require(f.engine(of: lease))
        f.clock.advance(by: .seconds(2))
        try await feed.giveBack(lease)
        #expect(engine.phase == .paused(.requested))
        #expect(engine.record.applies.last == .idle)
        f.clock.advance(by: .seconds(5))
        #expect(await engine.currentPosition() == .seconds(2))
        // The next page takes the warm player where it stood, with its own settings in full.
        let detail = try await f.pool.makeSession(named: "detail", settings: detailSettings)
        let again = try await detail.acquire(clip)
        #expect(f.engine(of: again) === engine)
        #expect(engine.record.applies.last == detailSettings)
        #expect(await engine.currentPosition() == .seconds(2))
        try await detail.seek(again, to: .zero)
        #expect(await engine.currentPosition() == .zero)
    }

    @Test func aPrewarmedClipNeverPlaysAndAPageStartsItAtItsBeginning() async throws {
        let f = PoolFixture()
        try await f.pool.prewarm(clip)
        let engine = try #require(f.engines.first)
        #expect(engine.record.loads == [clip])
        #expect(engine.record.applies == [.idle])
        #expect(engine.record.settingsAtLoads == [.idle])
        f.clock.advance(by: .seconds(3))
        #expect(await engine.currentPosition() == .zero)
        #expect(!engine.record.statuses.contains { $0.phase == .playing })
        let feed = try await f.pool.makeSession(named: "feed", settings: feedSettings)
        let lease = try await feed.acquire(clip)
        #expect(f.engine(of: lease) === engine)
        #expect(await engine.currentPosition() == .zero)
        #expect(engine.phase == .playing)
    }

    @Test func aMutedPagesAcquireOnABrandNewEngineLoadsOnAMutedEngine() async throws {
        let f = PoolFixture()
        let feed = try await f.pool.makeSession(named: "feed", settings: feedSettings)
        let lease = try await feed.acquire(clip)
        let engine = try #require(f.engine(of: lease))
        // The feed's settings, muted, were on the new engine as its load began; no apply followed the load.
        #expect(engine.record.settingsAtLoads == [feedSettings])
        #expect(engine.record.settingsAtLoads.first??.isMuted == true)
        #expect(engine.record.applies == [feedSettings])
        #expect(engine.record.loads == [clip])
        #expect(engine.phase == .playing)
    }

    @Test func aPageTakingAnotherPagesPlayerLoadsItsClipOnAQuietEngineAndGetsItsSettingsAfter() async throws {
        let f = PoolFixture(capacity: 1)
        let detail = try await f.pool.makeSession(named: "detail", settings: Self.soundOn)
        let held = try await detail.acquire(film)
        try await detail.giveBack(held)
        let feed = try await f.pool.makeSession(named: "feed", settings: feedSettings)
        let lease = try await feed.acquire(clip)
        let engine = try #require(f.engine(of: lease))
        #expect(f.engines.count == 1)
        #expect(engine.record.settingsAtLoads == [Self.soundOn, .idle])
        #expect(engine.record.applies == [Self.soundOn, .idle, feedSettings])
        #expect(engine.phase == .playing)
    }

    @Test func theFeedsPreloadsStandStillOnTheirFirstFrame() async throws {
        let f = PoolFixture(capacity: 3)
        let items = (0..<5).map { MediaItem(id: "feed-\($0)") }
        let events = await f.pool.events()
        await f.pool.focus(on: 0, in: items, window: PreloadWindow(ahead: 2, behind: 0))
        var loaded = 0
        while loaded < 3, await waitFor(events, { if case .loaded = $0 { true } else { false } }) != nil {
            loaded += 1
        }
        #expect(loaded == 3)
        f.clock.advance(by: .seconds(4))
        for engine in f.engines {
            #expect(engine.record.applies == [.idle])
            #expect(engine.record.settingsAtLoads == [.idle])
            #expect(await engine.currentPosition() == .zero)
            #expect(engine.phase == .paused(.requested))
        }
    }

    @Test func anAppsOwnIdleSettingsAreTheOnesPutOnTheEngine() async throws {
        let quiet = PlaybackSettings(isMuted: true, volume: 0.25, isPaused: true, contentMode: .aspectFill)
        let clock = ManualClock()
        let made = Locked<[SimulatedEngine]>([])
        let pool = PlayerPool(configuration: .init(idleSettings: quiet), clock: clock) {
            let engine = SimulatedEngine(clock: clock)
            made.withLock { $0.append(engine) }
            return engine
        }
        let page = try await pool.makeSession(named: "page")
        let lease = try await page.acquire(clip)
        try await page.giveBack(lease)
        #expect(made.withLock { $0.first?.record.applies.last } == quiet)
        // Settings no engine can take are not used: the default stands in.
        let odd = PlayerPool(configuration: .init(idleSettings: PlaybackSettings(volume: 7))) { SimulatedEngine() }
        try await odd.prewarm(clip)
        #expect(await odd.snapshot().first?.appliedSettings == .idle)
    }
}
