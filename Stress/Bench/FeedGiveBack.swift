import SeamlessPlayback

/// The feed's own cycle on one warm player: acquire the clip, give it back as its owner. The give-back leaves the
/// player with no holder, so the pool puts its idle settings on the engine (a second apply per cycle); with
/// `idleAsFeed` the pool's idle settings are the feed's own and nothing is applied, the cost of the cycle without
/// them. On a ``NoopEngine`` that takes settings at once.
enum FeedGiveBackBenchmark {
    /// Makes `count` cycles and prints the time per cycle; for a profiler (`--profile-feed-give-backs N`).
    static func profile(_ count: Int, idleAsFeed: Bool) async -> Int32 {
        let feedSettings = RoundTripBenchmark.feedSettings
        let idle = idleAsFeed ? feedSettings : PlaybackSettings.idle
        let pool = PlayerPool(configuration: .init(capacity: 4, idleSettings: idle)) {
            NoopEngine(takesSettingsAtOnce: true)
        }
        let clip = MediaItem(id: "clip")
        var failures = 0
        let start = Nanoseconds.now()
        do {
            let feed = try await pool.makeSession(named: "feed", settings: feedSettings)
            for _ in 0..<count {
                do {
                    try await feed.giveBack(try await feed.acquire(clip))
                } catch {
                    failures += 1
                }
            }
        } catch {
            failures += 1
        }
        let elapsed = Double(Nanoseconds.now() - start)
        print(
            "\(count) feed acquire + give-back cycles (idle settings \(idleAsFeed ? "the feed's own" : "paused, muted")), "
                + "\(Format.duration(nanoseconds: elapsed / Double(count))) each, \(failures) failed")
        await pool.shutdown()
        return failures == 0 ? 0 : 1
    }
}
