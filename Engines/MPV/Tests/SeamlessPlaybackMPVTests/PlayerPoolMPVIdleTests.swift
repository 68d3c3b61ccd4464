import SeamlessPlayback
import SeamlessPlaybackMPV
import Testing

/// A player nobody holds is quiet on real playback: preloads stand on their first frame, a player its page left stops
/// where it was, and a warm acquire starts a preloaded clip at its beginning. "Does not advance" is watched over a
/// wall-clock window of two seconds (one for the warm acquire's wait), since that is the behaviour under test; a
/// player that played would be a second or more in by then.
@Suite("PlayerPool with real mpv engines: players nobody holds")
struct PlayerPoolMPVIdleTests {
    static let soundOn = PlaybackSettings(isMuted: false, volume: 0.8, rate: 1, isPaused: false)
    static let feedSettings = PlaybackSettings(isMuted: true, contentMode: .aspectFill, endAction: .loop)

    /// How a page leaves the player it held.
    enum Leaving: String, CaseIterable, CustomTestStringConvertible {
        case close, giveBack
        var testDescription: String { rawValue }
    }

    @Test("the focus's preloads stand on their first frame for two seconds, paused and muted")
    func preloadsStandOnTheirFirstFrame() async throws {
        let engines = MadeEngines()
        let pool = PlayerPool(configuration: .init(capacity: 4)) { try await engines.make() }
        let items = [
            try await LocalMedia.shared.item("clip.mp4"), try await LocalMedia.shared.item("short.mp4"),
            try await LocalMedia.shared.item("tail-index.mp4"),
        ]
        let events = await pool.events()
        await pool.focus(on: 0, in: items)
        let loads = await firstResult(within: .seconds(20)) { () async -> Int? in
            var loaded = 0
            for await event in events {
                if case .loaded = event { loaded += 1 }
                if loaded == items.count { return loaded }
            }
            return nil
        }
        try #require(loads == items.count, "the focus's three preloads did not all load")
        try #require(engines.all.count == items.count)

        var watched: [[PositionSample]] = Array(repeating: [], count: items.count)
        let started = ContinuousClock.now
        while started.duration(to: .now) < .seconds(2) {
            for (index, engine) in engines.all.enumerated() {
                watched[index].append(await PositionSample.take(from: engine))
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        for (engine, samples) in zip(engines.all, watched) {
            #expect(samples.allSatisfy { $0.position < TestMedia.frame }, "a preload moved: \(samples)")
            let timePos = try #require(try await engine.doubleProperty("time-pos"))
            #expect(.seconds(timePos) < TestMedia.frame, "mpv stands at \(timePos) s")
            let live = try await engine.liveSettings()
            #expect(live.isPaused && live.isMuted, "a preload carries \(live)")
        }
        #expect(await pool.snapshot().allSatisfy { $0.holders.isEmpty && $0.appliedSettings == .idle })
        await pool.shutdown()
    }

    @Test(
        "a page that leaves its player leaves it paused and muted, and it does not advance", arguments: Leaving.allCases
    )
    func aPlayerItsPageLeftStandsStill(leaving: Leaving) async throws {
        let pool = PlayerPool(configuration: .init(capacity: 1)) { try await MPVEngine() }
        let page = try await pool.makeSession(named: "detail", settings: Self.soundOn)
        let lease = try await page.acquire(LocalMedia.shared.item("clip.mp4"))
        let engine = try #require(lease.engine as? MPVEngine)
        #expect(
            await eventually { await engine.currentPosition() >= .milliseconds(300) }, "the page's clip never played")
        switch leaving {
        case .close: await page.close()
        case .giveBack: try await page.giveBack(lease)
        }

        // Once the call returns, mpv carries the idle settings: nothing is left to land.
        let live = try await engine.liveSettings()
        #expect(live.isClose(to: .idle), "after \(leaving), mpv carries \(live)")
        #expect(await pool.snapshot().map(\.holders) == [[]])
        let samples = await PositionSample.series(from: engine, over: .seconds(2))
        let left = samples[0].position
        // mpv reports `time-pos` after the change: the report of the frame shown when the pause landed may come later.
        #expect(samples.allSatisfy { $0.position >= left && $0.position <= left + TestMedia.frame }, "\(samples)")
        let timePos = try #require(try await engine.doubleProperty("time-pos"))
        #expect(.seconds(timePos) >= left && .seconds(timePos) <= left + TestMedia.frame, "mpv stands at \(timePos) s")
        #expect(engine.status?.phase == .paused(.requested))
        await pool.shutdown()
    }

    @Test("a warm acquire of a prewarmed clip starts within one frame of zero, then plays with the page's settings")
    func aWarmAcquireStartsAtTheBeginning() async throws {
        let engines = MadeEngines()
        let pool = PlayerPool(configuration: .init(capacity: 2)) { try await engines.make() }
        let clip = try await LocalMedia.shared.item("clip.mp4")
        try await pool.prewarm(clip)
        let engine = try #require(engines.all.first)
        // A second in which a preload that played would have moved a second on.
        let waited = await PositionSample.series(from: engine, over: .seconds(1))
        #expect(waited.allSatisfy { $0.position < TestMedia.frame }, "the preload moved: \(waited)")

        let feed = try await pool.makeSession(named: "feed", settings: Self.feedSettings)
        let stood = await PositionSample.take(from: engine)
        let lease = try await feed.acquire(clip)
        let started = await PositionSample.take(from: engine)
        #expect(lease.engine === engine)
        #expect(await pool.metrics.warmHits == 1)
        #expect(engine.fileLoadedCount == 1, "the acquire reloaded the clip")
        // It played from where it stood, below one frame: no further on than the time since then allows, plus the
        // frame mpv hands a headless output ahead of its time (`time-pos` may read the second frame as it starts).
        #expect(stood.position < TestMedia.frame, "the clip stood at \(stood.position)")
        if let jump = started.discontinuity(since: stood, maxRate: 1) { Issue.record("the clip started late: \(jump)") }
        #expect(try await engine.liveSettings().isClose(to: Self.feedSettings))
        #expect(await eventually { await engine.currentPosition() >= .milliseconds(300) }, "the clip does not play")
        try await feed.giveBack(lease)
        await pool.shutdown()
    }
}
