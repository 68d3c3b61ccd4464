import Foundation
import SeamlessPlayback
import SeamlessPlaybackTesting

/// The demo's story, on the simulated engine and a virtual clock: a feed lends its player to a detail
/// page, the detail page lends it on to a mini-player and takes it back, closes, and the feed plays on;
/// then a forged deep link is refused and its page cold-starts.
public enum DemoStory {
    /// Why the story could not go on.
    public struct Failure: Error, CustomStringConvertible {
        /// What went wrong.
        public let description: String
    }

    /// The feed's square cell and the detail page's full-screen frame, in points.
    private static let feedCell = Rect(x: 16, y: 180, width: 358, height: 358)
    private static let detailPage = Rect(x: 0, y: 0, width: 390, height: 693.3)

    /// Plays the whole story.
    /// - Parameter coldStart: How long the simulated engine takes to load media.
    /// - Returns: The timeline and figures of the story.
    public static func run(coldStart: Duration = .milliseconds(800)) async throws -> DemoReport {
        let clock = ManualClock()
        // No call timeouts: the story moves its virtual clock by hand, and waits for the engine's sleep alone.
        let pool = PlayerPool(configuration: .init(capacity: 2, loadTimeout: nil, applyTimeout: nil), clock: clock) {
            SimulatedEngine(clock: clock, loadLatency: coldStart)
        }
        var report = DemoReport()
        report.coldStart = coldStart
        var log = Timeline(clock: clock)

        // 1. The feed plays a clip, muted, aspect-fill, in a square cell.
        let feed = try await pool.makeSession(
            named: "feed", settings: PlaybackSettings(isMuted: true, contentMode: .aspectFill))
        var feedNotices = feed.notices.makeAsyncIterator()
        let clip = MediaItem(id: "clip-42", url: URL(string: "https://cdn.example.com/clip-42.m3u8"))
        let lease = try await coldStarting(clock, coldStart) { try await feed.acquire(clip) }
        await log.add("feed", "acquired clip-42: cold start, playing muted in its cell", lease)
        clock.advance(by: .seconds(3))
        await log.add("feed", "scrolling past", lease)

        // The user taps: the feed lends the player through one URL parameter.
        let link = try await feed.lend(lease).appended(to: try url("shop://detail?item=42"))
        await log.add("feed", "tap → lends the player: \(link.absoluteString)", lease)
        let detail = try await pool.makeSession(
            named: "detail", settings: PlaybackSettings(isMuted: false, rate: 1.25, contentMode: .aspectFit))
        guard let borrowed = try await detail.borrow(from: link) else {
            throw Failure(description: "the detail link carried no token")
        }
        report.plan = try TransitionPlan(from: feedCell, mode: .aspectFill,
                                         to: detailPage, mode: .aspectFit,
                                         videoSize: Size(width: 1080, height: 1920))
        await log.add("detail", "borrowed it from the URL: same player, no reload, sound on, fit, 1.25×", borrowed)
        clock.advance(by: .seconds(2))
        await log.add("detail", "playing full screen", borrowed)

        // 2. A mini-player borrows from the detail page; the detail page takes it back.
        let mini = try await pool.makeSession(
            named: "mini-player",
            settings: PlaybackSettings(isMuted: false, volume: 0.6, rate: 1.25, contentMode: .aspectFill))
        var miniNotices = mini.notices.makeAsyncIterator()
        let miniLease = try await mini.borrow(try await detail.lend(borrowed))
        await log.add("mini-player", "borrowed from detail (nested handoff), volume 60%, fill", miniLease)
        clock.advance(by: .seconds(1))
        try await detail.reclaim(borrowed)
        await log.add("detail", "reclaimed the player from the mini-player", borrowed)
        if let notice = await miniNotices.next() { report.miniPlayerNotices.append(notice) }
        do {
            try await mini.giveBack(miniLease)
        } catch {
            await log.add("mini-player", "told it lost the player; its lease now answers: \(error)", borrowed)
        }
        clock.advance(by: .seconds(1))

        // 3. The detail page closes: the feed gets its player back with its own settings.
        await detail.close()
        if let notice = await feedNotices.next() { report.feedNotices.append(notice) }
        await log.add("feed", "detail closed → the feed has it back, muted and aspect-fill again", lease)
        clock.advance(by: .seconds(1))
        await log.add("feed", "still playing, never reloaded", lease)

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
        await log.add("deep-link", "cold start of clip-7 done", coldLease)

        report.handedOffEngineLoads = (lease.engine as? SimulatedEngine)?.record.loads.count ?? -1
        report.metrics = await pool.metrics
        report.timeline = log.events
        await pool.shutdown()
        return report
    }

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

/// Collects timeline lines with the engine's position and settings at each.
struct Timeline {
    let clock: ManualClock
    var events: [DemoEvent] = []

    mutating func add(_ page: String, _ event: String, _ lease: PlayerLease?) async {
        let engine = lease?.engine as? SimulatedEngine
        events.append(DemoEvent(
            time: clock.now.offset, page: page, event: event,
            position: await engine?.currentPosition(), settings: engine?.lastApplied, player: lease?.player))
    }
}
