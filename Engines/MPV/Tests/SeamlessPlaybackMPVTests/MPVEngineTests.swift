import SeamlessPlayback
import SeamlessPlaybackMPV
import Testing

@Suite("MPVEngine on real playback")
struct MPVEngineTests {
    static let settingsTable: [PlaybackSettings] = [
        PlaybackSettings(),
        PlaybackSettings(isMuted: true, volume: 0.5, rate: 1.25, isPaused: false, contentMode: .aspectFill),
        PlaybackSettings(isMuted: false, volume: 0.8, rate: 0.5, isPaused: true, contentMode: .aspectFit),
        PlaybackSettings(isMuted: true, volume: 0, rate: 4, isPaused: true, contentMode: .aspectFill),
        PlaybackSettings(isMuted: false, volume: 0.37, rate: 0.25, isPaused: false, contentMode: .aspectFit),
        PlaybackSettings(
            isMuted: false, volume: 1, rate: 1, isPaused: false, contentMode: .aspectFill, endAction: .loop),
        PlaybackSettings(
            isMuted: true, volume: 0.6, rate: 2, isPaused: true, contentMode: .aspectFit, endAction: .loop),
    ]

    @Test("load returns once playback has started, with video and audio")
    func loadStartsPlayback() async throws {
        let engine = try await MPVEngine()
        try await engine.load(TestMedia.clip)
        #expect(try await engine.doubleProperty("time-pos") != nil)
        #expect(try await engine.doubleProperty("track-list/count") == 2)
        #expect(try await engine.stringProperty("audio-codec-name") != nil)
        #expect(try await engine.doubleProperty("width") == 640)
        #expect(engine.fileLoadedCount == 1)
        await engine.shutdown()
    }

    @Test("when apply returns, mpv's properties carry the settings", arguments: settingsTable)
    func applyIsLive(settings: PlaybackSettings) async throws {
        let engine = try await MPVEngine()
        try await engine.load(TestMedia.clip)
        await engine.apply(settings)
        let live = try await engine.liveSettings()
        #expect(live.isClose(to: settings), "mpv carries \(live)")
        #expect(engine.lastApplyError == nil)
        await engine.shutdown()
    }

    @Test("consecutive applies on one engine each land, the last one stays")
    func consecutiveApplies() async throws {
        let engine = try await MPVEngine()
        try await engine.load(TestMedia.clip)
        for settings in Self.settingsTable + Self.settingsTable.reversed() {
            await engine.apply(settings)
            let live = try await engine.liveSettings()
            #expect(live.isClose(to: settings), "mpv carries \(live), expected \(settings)")
        }
        await engine.shutdown()
    }

    @Test("settings applied before a load survive it, and a paused load still returns")
    func settingsSurviveLoad() async throws {
        let engine = try await MPVEngine()
        let settings = PlaybackSettings(isMuted: true, volume: 0.25, rate: 2, isPaused: true, contentMode: .aspectFill)
        await engine.apply(settings)
        try await engine.load(TestMedia.clip)
        #expect(try await engine.liveSettings().isClose(to: settings))
        await engine.shutdown()
    }

    @Test("idle settings before the first load: it returns on the first frame and stands there, as the next load does")
    func idleLoadStandsOnTheFirstFrame() async throws {
        let engine = try await MPVEngine()
        await engine.apply(.idle)
        for name in ["clip.mp4", "short.mp4"] {
            try await engine.load(LocalMedia.shared.item(name))
            #expect(try await engine.liveSettings().isClose(to: .idle), "\(name): the load kept the settings")
            #expect(engine.status?.phase == .paused(.requested), "\(name): \(String(describing: engine.status))")
            let samples = await PositionSample.series(from: engine, over: .seconds(1))
            #expect(samples.allSatisfy { $0.position < TestMedia.frame }, "\(name) moved: \(samples)")
            let timePos = try #require(try await engine.doubleProperty("time-pos"))
            #expect(.seconds(timePos) < TestMedia.frame, "\(name): mpv stands at \(timePos) s")
        }
        #expect(engine.fileLoadedCount == 2)
        await engine.shutdown()
    }

    @Test("the position advances with the wall clock, one frame at a time, never back")
    func positionAdvances() async throws {
        let engine = try await MPVEngine()
        try await engine.load(TestMedia.clip)
        let first = await PositionSample.take(from: engine)
        var previous = first
        while previous.position < first.position + .milliseconds(200) {
            let sample = await PositionSample.take(from: engine)
            // Sample to sample, the earlier reading may trail by up to three updates under ThreadSanitizer on a busy
            // machine (seen: 0.1 s in a window of 0.076 s); from the first sample to the last, one.
            if let problem = sample.discontinuity(since: previous, maxRate: 1, trailingFrames: 3) {
                Issue.record("\(problem)")
            }
            previous = sample
            guard first.received.duration(to: sample.received) < .seconds(5) else {
                Issue.record("the position stalled at \(sample.position)")
                break
            }
        }
        if let problem = previous.discontinuity(since: first, maxRate: 1) { Issue.record("\(problem)") }
        await engine.shutdown()
    }

    @Test("a paused player holds its position")
    func pauseHoldsPosition() async throws {
        let engine = try await MPVEngine()
        try await engine.load(TestMedia.clip)
        await engine.apply(PlaybackSettings(isPaused: true))
        let held = await engine.currentPosition()
        let since = ContinuousClock.now
        while since.duration(to: .now) < .milliseconds(100) {
            #expect(await engine.currentPosition() == held)
        }
        await engine.shutdown()
    }

    @Test("loading a missing file throws a not-found media failure and loads nothing")
    func missingFileThrows() async throws {
        let engine = try await MPVEngine()
        await #expect {
            try await engine.load(TestMedia.missing)
        } throws: { error in
            (error as? MediaFailure)?.kind == .notFound && "\(error)".contains(TestMedia.missing.id)
        }
        #expect(engine.fileLoadedCount == 0)
        try await engine.load(TestMedia.clip)
        #expect(engine.fileLoadedCount == 1, "the engine still plays after a failed load")
        await engine.shutdown()
    }

    @Test("an item that names no source is refused before mpv sees it")
    func noSource() async throws {
        let engine = try await MPVEngine()
        await #expect(throws: MPVError.noSource(mediaID: "clip-42")) {
            try await engine.load(MediaItem(id: "clip-42"))
        }
        await engine.shutdown()
    }

    @Test("a load that does not start within its timeout throws")
    func loadTimesOut() async throws {
        let engine = try await MPVEngine(options: .init(loadTimeout: .microseconds(1)))
        let failure = MediaFailure(
            .timedOut, reason: "playback of \(TestMedia.clip.id) did not start within \(Duration.microseconds(1))")
        await #expect(throws: failure) { try await engine.load(TestMedia.clip) }
        await engine.shutdown()
    }

    @Test("a cancelled load throws cancelled")
    func cancelledLoad() async throws {
        let engine = try await MPVEngine()
        let load = Task { try await engine.load(TestMedia.clip) }
        load.cancel()
        await #expect(throws: MPVError.cancelled) { try await load.value }
        await engine.shutdown()
    }

    @Test("an option mpv does not know is refused at creation")
    func rejectedOption() async {
        await #expect {
            try await MPVEngine(options: .init(mpvOptions: ["no-such-option": "1"]))
        } throws: { error in
            guard case MPVError.optionRejected(let name, _, _) = error else { return false }
            return name == "no-such-option"
        }
    }

    @Test("shutdown is safe twice, concurrently, and every later call is refused")
    func shutdownTwice() async throws {
        let engine = try await MPVEngine()
        try await engine.load(TestMedia.clip)
        async let first: Void = engine.shutdown()
        async let second: Void = engine.shutdown()
        _ = await (first, second)
        #expect(engine.isShutDown)
        await engine.shutdown()
        await #expect(throws: MPVError.shutDown) { try await engine.load(TestMedia.clip) }
        await engine.apply(PlaybackSettings(isMuted: true))
        #expect(engine.lastApplyError == .shutDown)
        #expect(await engine.currentPosition() == .zero)
    }

    @Test("a load in flight when the engine shuts down ends, finished or refused")
    func shutdownDuringLoad() async throws {
        let engine = try await MPVEngine()
        let load = Task { try await engine.load(TestMedia.clip) }
        await engine.shutdown()
        do {
            try await load.value
        } catch let error as MPVError {
            #expect(error == .shutDown)
        }
    }

    @Test("each load of media counts one file-loaded")
    func reloadCounts() async throws {
        let engine = try await MPVEngine()
        try await engine.load(TestMedia.clip)
        try await engine.load(TestMedia.clip)
        #expect(engine.fileLoadedCount == 2)
        await engine.shutdown()
    }
}
