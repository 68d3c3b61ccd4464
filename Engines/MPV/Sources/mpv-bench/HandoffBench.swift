import SeamlessPlayback
import SeamlessPlaybackMPV

/// Handoff through the pool: a feed page lends its playing player to a detail page, which borrows it.
///
/// Each repetition times `borrow`, which returns once the detail page's settings are live on mpv,
/// then checks them by reading mpv's properties back, measures how far the audio clock moved
/// against the wall clock across the handoff, and gives the player back (timed separately). Then, with the pool
/// idle, it times the engine's own apply of the same change (feed → detail settings, then back), called without
/// the pool on the same engine: interleaved with the handoffs, the two medians see the same machine.
struct HandoffBench {
    /// What the handoffs measured.
    struct Result {
        var handoffs = Samples()
        var giveBacks = Samples()
        /// The engine's own apply of the feed → detail change, without the pool, between the handoffs.
        var directApplies = Samples()
        /// Media loads the engine saw during the handoffs (`file-loaded` events).
        var reloads = 0
        /// The largest |Δaudio-pts − Δwall| across one handoff.
        var positionGap = Duration.zero
        /// Whether mpv carried the active holder's settings after every borrow and give-back.
        var settingsAlwaysLive = true
    }

    static let feedSettings = PlaybackSettings(
        isMuted: true, volume: 0.5, rate: 1, isPaused: false, contentMode: .aspectFill)
    static let detailSettings = PlaybackSettings(
        isMuted: false, volume: 0.9, rate: 1, isPaused: false, contentMode: .aspectFit)

    let media: MediaItem

    /// Runs `warmups` unmeasured then `repetitions` measured handoffs on one pool.
    /// - Throws: ``BenchError/failed(_:)`` when the pool or mpv fails.
    func run(repetitions: Int, warmups: Int = 3) async throws(BenchError) -> Result {
        let pool = PlayerPool(configuration: .init(capacity: 1)) { try await MPVEngine() }
        do {
            let result = try await measure(pool: pool, repetitions: repetitions, warmups: warmups)
            await pool.shutdown()
            return result
        } catch {
            await pool.shutdown()
            throw .failed("handoff failed: \(error)")
        }
    }

    private func measure(pool: PlayerPool, repetitions: Int, warmups: Int) async throws -> Result {
        let feed = try await pool.makeSession(named: "feed", settings: Self.feedSettings)
        let detail = try await pool.makeSession(named: "detail", settings: Self.detailSettings)
        let lease = try await feed.acquire(media)
        guard let engine = lease.engine as? MPVEngine else { throw BenchError.failed("the pool made no MPVEngine") }
        try await waitForAudioClock(engine)

        var result = Result()
        let loadsBefore = engine.fileLoadedCount
        let clock = ContinuousClock()
        for round in 0..<(warmups + repetitions) {
            let isMeasured = round >= warmups
            let token = try await feed.lend(lease)
            let before = try await AudioClockSample.take(from: engine)
            let start = clock.now
            let borrowed = try await detail.borrow(token)
            let handoff = start.duration(to: clock.now)
            let after = try await AudioClockSample.take(from: engine)
            let detailLive = try await engine.liveSettings().isClose(to: Self.detailSettings)

            let returnStart = clock.now
            try await detail.giveBack(borrowed)
            let giveBack = returnStart.duration(to: clock.now)
            let feedLive = try await engine.liveSettings().isClose(to: Self.feedSettings)

            // Nothing of the pool runs now (the give-back returned): the same change, straight on the engine, and
            // back, so that the engine carries the feed's settings again as the pool knows.
            let directStart = clock.now
            await engine.apply(Self.detailSettings)
            let direct = directStart.duration(to: clock.now)
            await engine.apply(Self.feedSettings)

            guard isMeasured else { continue }
            result.handoffs.append(handoff)
            result.giveBacks.append(giveBack)
            result.directApplies.append(direct)
            result.positionGap = max(result.positionGap, after.gap(since: before, rate: Self.detailSettings.rate))
            result.settingsAlwaysLive = result.settingsAlwaysLive && detailLive && feedLive
        }
        result.reloads = engine.fileLoadedCount - loadsBefore
        return result
    }

    /// `audio-pts` appears a moment after the first frame; wait for it on mpv's replies.
    private func waitForAudioClock(_ engine: MPVEngine) async throws {
        let start = ContinuousClock.now
        while try await engine.doubleProperty("audio-pts") == nil {
            guard start.duration(to: .now) < .seconds(5) else { throw BenchError.failed("audio never started") }
        }
    }
}

/// One reading of mpv's audio clock (`audio-pts`, smooth where `time-pos` moves a frame at a time),
/// stamped with the middle of the wall-clock window in which mpv took it.
struct AudioClockSample {
    let wall: ContinuousClock.Instant
    let position: Duration

    static func take(from engine: MPVEngine) async throws -> AudioClockSample {
        let requested = ContinuousClock.now
        guard let seconds = try await engine.doubleProperty("audio-pts") else {
            throw BenchError.failed("audio-pts is unavailable")
        }
        let received = ContinuousClock.now
        return AudioClockSample(wall: requested + requested.duration(to: received) / 2, position: .seconds(seconds))
    }

    /// How far the position moved beyond (or short of) what the wall time since `earlier` explains.
    func gap(since earlier: AudioClockSample, rate: Double) -> Duration {
        let expected = earlier.wall.duration(to: wall) * rate
        let moved = position - earlier.position
        return moved > expected ? moved - expected : expected - moved
    }
}
