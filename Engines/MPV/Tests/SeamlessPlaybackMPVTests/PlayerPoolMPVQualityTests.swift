@_spi(EngineSupport) import SeamlessPlayback
import SeamlessPlaybackMPV
import Testing

/// The quality API on real playback: its startup time, and a stall the origin makes, counted with its length, each
/// checked against what the engine reported and what the page heard, timed on the same clock.
///
/// One case at a time: each compares real-time figures, which a neighbouring case's mpv would skew on two cores.
@Suite("PlayerPool with real mpv engines: playback quality", .serialized)
struct PlayerPoolMPVQualityTests {
    static let feedSettings = PlaybackSettings(isMuted: true, contentMode: .aspectFill, endAction: .loop)

    /// Whether the acquire finds its clip loaded.
    enum Start: String, CaseIterable, CustomTestStringConvertible {
        case cold, warm
        var testDescription: String { rawValue }
    }

    @Test(
        "the startup time counts from the acquire call, engine creation included, to the first playing report",
        arguments: Start.allCases)
    func startupCountsWhatTheUserWaitedFor(start: Start) async throws {
        let server = try await MediaServer.start()
        defer { server.stop() }
        let clock = ContinuousClock()
        let pool = PlayerPool(configuration: .init(capacity: 2), clock: clock) { try await ObservedEngine() }
        let items = [server.file("clip.mp4"), server.file("short.mp4")]
        if start == .warm { try await preload(items, in: pool) }
        let page = try await pool.makeSession(named: "feed", settings: Self.feedSettings)

        let started = clock.now
        let lease = try await page.acquire(items[1])
        #expect(await pool.metrics.warmHits == (start == .warm ? 1 : 0))

        // The ledger hears each report before the page's stream does: once the page hears `.playing`, the start is in.
        let heard = Task { [statuses = page.status(of: lease)] () -> ContinuousClock.Instant? in
            for await status in statuses where status.phase == .playing { return clock.now }
            return nil
        }
        let heardPlaying = try #require(await firstResult(within: .seconds(30)) { await heard.value })
        let startup = try #require(await page.quality(of: lease).startupTime)
        let engine = try #require(lease.engine as? ObservedEngine)

        // Both bounds follow from the order of events, not from how fast the machine is, so a busy machine cannot
        // break them: the ledger's start is the pool taking the call, after `started` and before the pool's first
        // call on the engine for it (for a cold start, asking for the engine: its creation counts); its end is mpv's
        // first report of playing reaching the pool, after the engine made it and before the page heard it.
        let firstCall = try #require(engine.calls.withLock { $0.first { $0 >= started } }, "no call on the engine")
        let reported = try #require(
            engine.reports.timed.first { $0.status.phase == .playing && $0.at >= firstCall }?.at,
            "the engine never reported playing")
        if start == .cold { #expect(firstCall == engine.calls.withLock { $0[0] }, "the engine was not made for it") }
        #expect(startup >= firstCall.duration(to: reported), "quality \(startup)")
        #expect(startup <= started.duration(to: heardPlaying), "quality \(startup)")
        print(
            "startup (\(start)): quality \(startup), engine side \(firstCall.duration(to: reported)), "
                + "as heard \(started.duration(to: heardPlaying))")
        try await page.giveBack(lease)
        await pool.shutdown()
    }

    @Test(
        "an origin that stops mid-file makes a stall, its length between what the engine reported and the page heard")
    func anOriginThatStopsMakesAStall() async throws {
        let server = try await MediaServer.start()
        defer { server.stop() }
        // The server stops before the middle of the two-second clip for 2.5 s: the first second plays, then mpv runs
        // dry and pauses for its cache until the rest comes, at once. The stall is about a second and a half.
        let size = try await LocalMedia.shared.size(of: "short.mp4")
        let item = server.file("short.mp4", pause: (at: size / 2, time: .milliseconds(2500)))
        let clock = ContinuousClock()
        let pool = PlayerPool(configuration: .init(capacity: 1), clock: clock) { try await ObservedEngine() }
        let page = try await pool.makeSession(named: "detail", settings: PlaybackSettings(endAction: .pause))
        let lease = try await page.acquire(item, timeout: .seconds(60))

        // Timed on the pool's clock as the page hears each status, until the clip ends (nothing accrues after).
        let heard = Task { [statuses = page.status(of: lease)] in
            var timed: [(phase: PlaybackPhase, at: ContinuousClock.Instant)] = []
            for await status in statuses {
                timed.append((status.phase, clock.now))
                if status.phase == .ended { break }
            }
            return timed
        }
        let timed = await firstResult(within: .seconds(30)) { await heard.value }
        let phases = try #require(timed, "the clip never ended")
        #expect(phases.last?.phase == .ended, "\(phases.map(\.phase))")
        let quality = await page.quality(of: lease)
        let observed = HeardPhases(phases)
        let engine = try #require(lease.engine as? ObservedEngine)
        let reported = HeardPhases(engine.reports.timed.map { ($0.status.phase, $0.at) })

        #expect(quality.stallCount >= 1, "no stall counted: \(quality)")
        #expect(quality.stallCount == observed.stalls.count, "\(quality), heard \(phases.map(\.phase))")
        #expect(reported.stalls.count == observed.stalls.count, "\(reported), \(observed)")
        // Each end of an interval in the ledger is a report reaching the pool: after the engine made it and before
        // the page heard it. So each length lies between the engine's end and the page's start, and the page's end and
        // the engine's start, whatever the machine's load makes of the hops between them. A stall not timed, or
        // timed twice, could not pass.
        let stalls = Bounds(reported: reported.stallIntervals, heard: observed.stallIntervals)
        #expect(stalls.contains(quality.stallTime), "\(quality), \(stalls)")
        let playing = Bounds(reported: reported.playingIntervals, heard: observed.playingIntervals)
        #expect(playing.contains(quality.playingTime), "\(quality), \(playing)")
        #expect(quality.stallTime >= .milliseconds(500), "the origin stopped 2.5 s: \(quality)")
        try await page.giveBack(lease)
        await pool.shutdown()
    }

    /// Preloads the items with the feed's focus and returns once all are loaded.
    private func preload(_ items: [MediaItem], in pool: PlayerPool) async throws {
        let events = await pool.events()
        await pool.focus(on: 0, in: items)
        let loaded = await firstResult(within: .seconds(20)) { () async -> Int? in
            var loaded = 0
            for await event in events {
                if case .loaded = event { loaded += 1 }
                if loaded == items.count { return loaded }
            }
            return nil
        }
        try #require(loaded == items.count, "the focus's preloads did not all load")
    }
}

/// The stalls and playing time in timed phases (a page's status stream, or an engine's reports): a stall runs from a
/// `.buffering` after the first `.playing` to the next other phase, playing from each `.playing` to the next other
/// phase.
struct HeardPhases: CustomStringConvertible {
    typealias Interval = (start: ContinuousClock.Instant, end: ContinuousClock.Instant)
    var stallIntervals: [Interval] = []
    var playingIntervals: [Interval] = []
    var stalls: [Duration] { stallIntervals.map { $0.start.duration(to: $0.end) } }
    var playing: Duration { playingIntervals.reduce(.zero) { $0 + $1.start.duration(to: $1.end) } }

    init(_ timed: [(phase: PlaybackPhase, at: ContinuousClock.Instant)]) {
        // A report that repeats the phase (a new duration) changes nothing: each phase runs from its first report.
        let changes = timed.enumerated().filter { $0.offset == 0 || timed[$0.offset - 1].phase != $0.element.phase }
            .map(\.element)
        var hasPlayed = false
        for (current, next) in zip(changes, changes.dropFirst()) {
            if current.phase == .playing {
                hasPlayed = true
                playingIntervals.append((current.at, next.at))
            } else if current.phase == .buffering, hasPlayed {
                stallIntervals.append((current.at, next.at))
            }
        }
    }

    var description: String { "stalls \(stalls), playing \(playing)" }
}

/// What a sum of intervals in the pool's ledger can be, from the same intervals as the engine reported them and as a
/// page heard them: each report reaches the pool after the engine makes it and before the page hears it.
struct Bounds: CustomStringConvertible {
    var lower: Duration = .zero
    var upper: Duration = .zero
    var matched = true

    init(reported: [HeardPhases.Interval], heard: [HeardPhases.Interval]) {
        matched = reported.count == heard.count
        for (engine, page) in zip(reported, heard) {
            lower += engine.end > page.start ? page.start.duration(to: engine.end) : .zero
            upper += engine.start.duration(to: page.end)
        }
    }

    func contains(_ value: Duration) -> Bool { matched && lower <= value && value <= upper }

    var description: String { "between \(lower) and \(upper)\(matched ? "" : ", intervals not matched")" }
}
