import Foundation
import SeamlessPlayback
import SeamlessPlaybackMPV
import SeamlessPlaybackTesting
import SeamlessProof
import Testing

@Suite("PlayerPool with real mpv engines")
struct PlayerPoolMPVTests {
    static let feedSettings = PlaybackSettings(
        isMuted: true, volume: 0.5, rate: 1, isPaused: false, contentMode: .aspectFill)
    static let detailSettings = PlaybackSettings(
        isMuted: false, volume: 0.8, rate: 1.25, isPaused: false, contentMode: .aspectFit)
    static let fullscreenSettings = PlaybackSettings(
        isMuted: false, volume: 1, rate: 1, isPaused: false, contentMode: .aspectFill)

    /// Follows one engine's position across moves: each check reads mpv's settings and position,
    /// then waits (on mpv replies, not sleeps) until the position has moved on under the new holder.
    struct Follower {
        let engine: MPVEngine
        var last: PositionSample
        var rate: Double

        init(_ engine: MPVEngine, rate: Double) async {
            self.engine = engine
            self.last = await PositionSample.take(from: engine)
            self.rate = rate
        }

        /// Expects `settings` on mpv, continuity since the previous check, and playback going on.
        mutating func expectMove(to settings: PlaybackSettings, _ move: String) async throws {
            let live = try await engine.liveSettings()
            #expect(live.isClose(to: settings), "after \(move), mpv carries \(live), expected \(settings)")
            let windowRate = max(rate, settings.rate)
            let atMove = await PositionSample.take(from: engine)
            if let problem = atMove.discontinuity(since: last, maxRate: windowRate) {
                Issue.record("across \(move): \(problem)")
            }
            var sample = atMove
            while sample.position <= atMove.position {
                guard atMove.received.duration(to: .now) < .seconds(5) else {
                    Issue.record("after \(move), the position stalled at \(sample.position)")
                    break
                }
                sample = await PositionSample.take(from: engine)
            }
            if let problem = sample.discontinuity(since: atMove, maxRate: settings.rate) {
                Issue.record("after \(move): \(problem)")
            }
            last = sample
            rate = settings.rate
        }
    }

    @Test("feed → detail → fullscreen → back, twice: one load, continuous position, each holder's settings on mpv")
    func feedDetailBack() async throws {
        let pool = PlayerPool(configuration: .init(capacity: 2)) { try await MPVEngine() }
        let feed = try await pool.makeSession(named: "feed", settings: Self.feedSettings)
        let detail = try await pool.makeSession(named: "detail", settings: Self.detailSettings)
        let fullscreen = try await pool.makeSession(named: "fullscreen", settings: Self.fullscreenSettings)

        let lease = try await feed.acquire(TestMedia.clip)
        let engine = try #require(lease.engine as? MPVEngine)
        var follower = await Follower(engine, rate: Self.feedSettings.rate)
        let start = follower.last.position
        try await follower.expectMove(to: Self.feedSettings, "acquire")

        for round in 1...2 {
            let detailLease = try await detail.borrow(feed.lend(lease))
            #expect(detailLease.engine === engine)
            try await follower.expectMove(to: Self.detailSettings, "feed → detail (\(round))")

            let fullscreenLease = try await fullscreen.borrow(detail.lend(detailLease))
            try await follower.expectMove(to: Self.fullscreenSettings, "detail → fullscreen (\(round))")

            try await fullscreen.giveBack(fullscreenLease)
            try await follower.expectMove(to: Self.detailSettings, "fullscreen → detail (\(round))")

            try await detail.giveBack(detailLease)
            try await follower.expectMove(to: Self.feedSettings, "detail → feed (\(round))")
        }

        #expect(engine.fileLoadedCount == 1)
        let metrics = await pool.metrics
        #expect(metrics.loads == 1)
        #expect(metrics.created == 1)
        #expect(metrics.handoffs == 4)
        #expect(follower.last.position > start)
        await pool.shutdown()
        #expect(engine.isShutDown)
    }

    @Test("a reclaim while the borrower's apply is in flight ends with the owner's settings on mpv")
    func reclaimDuringInFlightHandoff() async throws {
        let pool = PlayerPool(configuration: .init(capacity: 1)) { try await GatedEngine() }
        let feed = try await pool.makeSession(named: "feed", settings: Self.feedSettings)
        let detail = try await pool.makeSession(named: "detail", settings: Self.detailSettings)
        let lease = try await feed.acquire(TestMedia.clip)
        let engine = try #require(lease.engine as? GatedEngine)

        let gate = Gate()
        engine.holdNextApply(at: gate)
        let token = try await feed.lend(lease)
        let borrow = Task { try await detail.borrow(token) }
        await gate.waitForArrivals(1)

        let reclaim = Task { try await feed.reclaim(lease) }
        while await pool.snapshot().first?.holders != ["feed"] {
            await Task.yield()
        }
        gate.open()
        try await reclaim.value
        let live = try await engine.mpv.liveSettings()
        #expect(live.isClose(to: Self.feedSettings), "mpv carries \(live)")

        // The borrow either lost the race outright or won and was then revoked.
        switch await borrow.result {
        case .success(let borrowed):
            await #expect(throws: PlayerPoolError.leaseRevoked) { try await detail.giveBack(borrowed) }
        case .failure(let error):
            #expect(error as? PlayerPoolError == .leaseRevoked)
        }
        #expect(try await engine.mpv.liveSettings().isClose(to: Self.feedSettings))
        #expect(engine.mpv.fileLoadedCount == 1)
        await pool.shutdown()
    }

    @Test("a missing file fails the acquire as a not-found media failure and keeps the engine")
    func missingFileKeepsTheEngine() async throws {
        let pool = PlayerPool(configuration: .init(capacity: 1)) { try await MPVEngine() }
        let page = try await pool.makeSession(named: "page")
        await #expect {
            try await page.acquire(TestMedia.missing)
        } throws: { error in
            guard case PlayerPoolError.mediaFailed(let failure) = error else { return false }
            return failure.kind == .notFound && failure.reason.contains(TestMedia.missing.id)
        }

        let lease = try await page.acquire(TestMedia.clip, timeout: .seconds(10))
        let engine = try #require(lease.engine as? MPVEngine)
        #expect(engine.fileLoadedCount == 1)
        let metrics = await pool.metrics
        #expect(metrics.live == 1)
        #expect(metrics.created == 1, "the engine that failed to load the file plays the next one")
        await pool.shutdown()
        #expect(await pool.metrics.live == 0)
    }

    @Test("an engine mpv cannot create fails the acquire as engineFailed and frees the slot")
    func creationFailureFreesTheSlot() async throws {
        let pool = PlayerPool(configuration: .init(capacity: 1)) {
            try await MPVEngine(options: .init(mpvOptions: ["no-such-option": "1"]))
        }
        let page = try await pool.makeSession(named: "page")
        await #expect {
            try await page.acquire(TestMedia.clip)
        } throws: { error in
            guard case PlayerPoolError.engineFailed(let reason) = error else { return false }
            return reason.contains("no-such-option")
        }
        #expect(await pool.metrics.live == 0)
        await pool.shutdown()
    }

    @Test("a muted page's first load on a brand-new engine is silent: 40 runs write no sound before the page unmutes")
    func aMutedPagesFirstLoadIsSilent() async throws {
        let clip = try await LocalMedia.shared.item("clip.mp4")
        // Two at a time: forty engines, each made for its page's acquire, its audio written by mpv to a file.
        let loud = try await withThrowingTaskGroup(of: String?.self) { group in
            var started = 0
            var loud: [String] = []
            func start() {
                let run = started
                started += 1
                group.addTask { try await Self.loudSamples(playing: clip, run: run) }
            }
            for _ in 0..<2 { start() }
            while let result = try await group.next() {
                if let result { loud.append(result) }
                if started < 40 { start() }
            }
            return loud
        }
        #expect(loud.isEmpty, "\(loud.count) of 40 runs sounded: \(loud)")
    }

    /// A capacity-1 pool whose one engine writes its audio to a WAV file; a muted page acquires `clip` on it and it
    /// plays a second. - Returns: `nil` when every sample was silent, else what was heard.
    private static func loudSamples(playing clip: MediaItem, run: Int) async throws -> String? {
        let file = FileManager.default.temporaryDirectory
            .appendingPathComponent("seamless-mpv-muted-\(UUID().uuidString).wav")
        defer { try? FileManager.default.removeItem(at: file) }
        let options = MPVEngine.Options(mpvOptions: [
            "ao": "pcm", "ao-pcm-file": file.path, "ao-pcm-waveheader": "yes", "audio-format": "s16",
        ])
        let pool = PlayerPool(configuration: .init(capacity: 1)) { try await MPVEngine(options: options) }
        let page = try await pool.makeSession(named: "feed", settings: feedSettings)
        let lease = try await page.acquire(clip)
        let engine = try #require(lease.engine as? MPVEngine)
        #expect(await eventually(within: .seconds(60)) { await engine.currentPosition() >= .seconds(1) })
        await pool.shutdown()
        let audio = try WAVFile(data: Data(contentsOf: file))
        // A second of playback, muted, is a second of written silence: a file without it proves nothing.
        guard audio.frameCount >= audio.sampleRate / 2 else { return "run \(run): only \(audio.frameCount) frames" }
        guard let first = audio.samples.firstIndex(where: { abs(Int($0)) > 8 }) else { return nil }
        let seconds = Double(first / max(1, audio.channels)) / Double(audio.sampleRate)
        return "run \(run): sound at \(seconds) s of \(Double(audio.frameCount) / Double(audio.sampleRate)) s"
    }
}
