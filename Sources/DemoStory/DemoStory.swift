import Foundation
import SeamlessPlayback
import SeamlessPlaybackTesting

/// The demo's story, on the simulated engine and a virtual clock: a feed loops a clip and lends its player to a
/// detail page; a phone call pauses it mid-detail and the page resumes it; it plays to its end and the page replays
/// it with a seek; the detail page lends it on to a mini-player and takes it back, closes, and the feed plays on;
/// then a forged deep link is refused and its page cold-starts. Each page shows the player in its own host;
/// the surfaces decide which host holds the picture at every step, and recording hosts write down their calls.
public enum DemoStory {
    /// Why the story could not go on.
    public struct Failure: Error, CustomStringConvertible {
        /// What went wrong.
        public let description: String
    }

    /// The feed's square cell and the detail page's full-screen frame, in points.
    private static let cellFrame = Rect(x: 16, y: 180, width: 358, height: 358)
    private static let detailFrame = Rect(x: 0, y: 0, width: 390, height: 693.3)

    /// Plays the whole story, on the main actor, where the surfaces and their hosts live.
    /// - Parameter coldStart: How long the simulated engine takes to load media.
    /// - Returns: The timeline and figures of the story.
    /// - Throws: ``Failure`` or a ``SeamlessPlayback/PlayerPoolError`` if the story cannot go on.
    @MainActor
    public static func run(coldStart: Duration = .milliseconds(800)) async throws -> DemoReport {
        let clock = ManualClock()
        // No call timeouts: the story moves its virtual clock by hand, and waits for the engine's sleep alone.
        let pool = PlayerPool(configuration: .init(capacity: 2, loadTimeout: nil, applyTimeout: nil), clock: clock) {
            SimulatedEngine(clock: clock, duration: clipLength, loadLatency: coldStart)
        }
        var report = DemoReport()
        report.coldStart = coldStart
        // The surfaces learn of holder changes the pages did not make themselves (a reclaim, a close) from
        // `run()` in an app; here `refresh` reads the pool's record at once, so each line is written after the move.
        let surfaces = PlayerSurfaces(pool: pool)
        let journal = HostJournal()
        let feedCell = RecordingHost("feed cell", journal: journal)
        let detailHost = RecordingHost("detail page", journal: journal)
        let miniHost = RecordingHost("mini-player", journal: journal)
        let deepLinkHost = RecordingHost("deep-link page", journal: journal)
        var log = Timeline(clock: clock, surfaces: surfaces)

        // 1. The feed plays a clip in a loop, muted, aspect-fill, in a square cell.
        let feed = try await pool.makeSession(
            named: "feed", settings: PlaybackSettings(isMuted: true, contentMode: .aspectFill, endAction: .loop))
        var feedNotices = feed.notices.makeAsyncIterator()
        let clip = MediaItem(id: "clip-42", url: URL(string: "https://cdn.example.com/clip-42.m3u8"))
        let lease = try await coldStarting(clock, coldStart) { try await feed.acquire(clip) }
        var feedHears = feed.status(of: lease).makeAsyncIterator()
        surfaces.show(lease, in: feedCell)
        await log.add("feed", "acquired clip-42: cold start, playing muted in its cell", lease, heard: &feedHears)
        clock.advance(by: .seconds(3))
        await log.add("feed", "scrolling past", lease)
        clock.advance(by: .seconds(4))
        await log.add("feed", "the 6 s clip looped back to its start, on the same player: no reload", lease)

        // The user taps: the feed lends the player through one URL parameter.
        let link = try await feed.lend(lease).appended(to: try url("shop://detail?item=42"))
        await log.add("feed", "tap → lends the player: \(link.absoluteString)", lease)
        let detail = try await pool.makeSession(
            named: "detail",
            settings: PlaybackSettings(isMuted: false, rate: 1.25, contentMode: .aspectFit, endAction: .pause))
        guard let borrowed = try await detail.borrow(from: link) else {
            throw Failure(description: "the detail link carried no token")
        }
        report.plan = try TransitionPlan(
            from: cellFrame, mode: .aspectFill,
            to: detailFrame, mode: .aspectFit,
            videoSize: Size(width: 1080, height: 1920))
        surfaces.show(borrowed, in: detailHost)
        report.pictureAtTransition = surfaces.host(showing: borrowed.player).map(name)
        await log.add("detail", "borrowed it from the URL: same player, no reload, sound on, fit, 1.25×", borrowed)
        surfaces.hide(lease, from: feedCell)
        await log.add("feed", "late viewWillDisappear hides the cell → refused, the feed lent the player", lease)
        clock.advance(by: .seconds(2))
        var detailHears = detail.status(of: borrowed).makeAsyncIterator()
        await log.add("detail", "playing full screen", borrowed, heard: &detailHears)

        // A phone call pauses the engine behind the pages' backs: the detail page hears it, the pool leaves it.
        let engine = lease.engine as? SimulatedEngine
        engine?.pauseBySystem(.interrupted)
        await log.add("detail", "a phone call: the system pauses the player", borrowed, heard: &detailHears)
        clock.advance(by: .seconds(1))
        // The call ends; the page decides to play on: its unchanged settings go on again in full.
        try await detail.update { _ in }
        await log.add("detail", "the call ended → the page re-applies its own settings", borrowed, heard: &detailHears)
        clock.advance(by: .seconds(2))
        await log.add(
            "detail", "played to the end: the last frame stays, the end card shows", borrowed, heard: &detailHears)
        try await detail.seek(borrowed, to: .zero)
        await log.add("detail", "replay → seek to 0:00 on the same player", borrowed, heard: &detailHears)

        // 2. A mini-player borrows from the detail page; the detail page takes it back.
        let mini = try await pool.makeSession(
            named: "mini-player",
            settings: PlaybackSettings(isMuted: false, volume: 0.6, rate: 1.25, contentMode: .aspectFill))
        var miniNotices = mini.notices.makeAsyncIterator()
        let miniLease = try await mini.borrow(try await detail.lend(borrowed))
        surfaces.show(miniLease, in: miniHost)
        await log.add("mini-player", "borrowed from detail (nested handoff), volume 60%, fill", miniLease)
        clock.advance(by: .seconds(1))
        try await detail.reclaim(borrowed)
        surfaces.refresh(borrowed.player)
        await log.add("detail", "reclaimed the player from the mini-player", borrowed)
        if let notice = await miniNotices.next() { report.miniPlayerNotices.append(notice) }
        do {
            try await mini.giveBack(miniLease)
        } catch {
            await log.add("mini-player", "told it lost the player; its lease now answers: \(error)", borrowed)
        }
        surfaces.hide(miniLease, from: miniHost)
        await log.add("mini-player", "teardown hides its host → refused, it no longer holds the player", borrowed)
        report.pageQualities.append(PageQuality(page: "mini-player", quality: await mini.quality(of: miniLease)))
        clock.advance(by: .seconds(1))

        // 3. The detail page closes: the feed gets its player back with its own settings.
        await detail.close()
        report.pageQualities.append(PageQuality(page: "detail", quality: await detail.quality(of: borrowed)))
        surfaces.refresh(lease.player)
        if let notice = await feedNotices.next() { report.feedNotices.append(notice) }
        await log.add(
            "feed", "detail closed → the feed has it back, muted, aspect-fill and looping again", lease,
            heard: &feedHears)
        clock.advance(by: .seconds(1))
        await log.add("feed", "still playing, never reloaded", lease)
        report.pageQualities.append(PageQuality(page: "feed", quality: await feed.quality(of: lease)))

        // 4. A forged deep link is refused, and that page falls back to a cold start.
        let forged = try await pool.makeSession(
            named: "deep-link", settings: PlaybackSettings(contentMode: .aspectFit))
        let forgedURL = try url("shop://detail?item=7&reusedPlayer=Zm9yZ2VkLXBsYXllci0xMj")
        do {
            _ = try await forged.borrow(from: forgedURL)
        } catch {
            report.forgedLinkError = error
            await log.add("deep-link", "forged token refused (\(error)) → cold start instead", nil)
        }
        let coldLease = try await coldStarting(clock, coldStart) { try await forged.acquire(MediaItem(id: "clip-7")) }
        surfaces.show(coldLease, in: deepLinkHost)
        await log.add("deep-link", "cold start of clip-7 done", coldLease)
        report.pageQualities.append(PageQuality(page: "deep-link", quality: await forged.quality(of: coldLease)))

        report.handedOffEngineLoads = engine?.record.loads.count ?? -1
        report.handedOffEngineApplies = engine?.record.applies.count ?? -1
        report.metrics = await pool.metrics
        report.timeline = log.events
        await pool.shutdown()
        surfaces.refresh(lease.player)
        surfaces.refresh(coldLease.player)
        report.hostCalls = journal.calls
        return report
    }

    /// The length of the simulated media: the feed's clip loops within the story, the detail page reaches its end.
    public static let clipLength = Duration.seconds(6)

    private static func url(_ text: String) throws -> URL {
        guard let url = URL(string: text) else { throw Failure(description: "not a URL: \(text)") }
        return url
    }

    /// Runs a call that cold-starts an engine, moving the virtual clock through the load.
    private static func coldStarting(
        _ clock: ManualClock, _ latency: Duration,
        _ call: @escaping @Sendable () async throws -> PlayerLease
    ) async throws -> PlayerLease {
        let task = Task { try await call() }
        await clock.waitForSleepers(count: 1)
        clock.advance(by: latency)
        return try await task.value
    }
}

/// The name of a recording host.
@MainActor
private func name(_ host: any SurfaceHost) -> String {
    (host as? RecordingHost)?.name ?? "\(type(of: host))"
}

/// Collects timeline lines with the engine's position and settings, and the host showing its picture, at each.
@MainActor
struct Timeline {
    let clock: ManualClock
    let surfaces: PlayerSurfaces
    var events: [DemoEvent] = []

    mutating func add(_ page: String, _ event: String, _ lease: PlayerLease?) async {
        events.append(await line(page, event, lease))
    }

    /// Adds a line with the status the page hears now: what its status stream gives once it matches the engine's
    /// phase (the engine's report reaches the pool, then the page, a moment after the change).
    mutating func add(
        _ page: String, _ event: String, _ lease: PlayerLease,
        heard statuses: inout AsyncStream<PlaybackStatus>.Iterator
    ) async {
        var line = await self.line(page, event, lease)
        let engine = lease.engine as? SimulatedEngine
        while let status = await statuses.next(isolation: #isolation) {
            line.heard = status.phase
            if status.phase == engine?.phase { break }
        }
        events.append(line)
    }

    private func line(_ page: String, _ event: String, _ lease: PlayerLease?) async -> DemoEvent {
        let engine = lease?.engine as? SimulatedEngine
        let picture = lease.flatMap { surfaces.host(showing: $0.player) }.map(name)
        return DemoEvent(
            time: clock.now.offset, page: page, event: event,
            position: await engine?.currentPosition(), settings: engine?.lastApplied, player: lease?.player,
            picture: picture)
    }
}
