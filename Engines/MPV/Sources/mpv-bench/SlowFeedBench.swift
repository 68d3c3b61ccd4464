import Foundation
import SeamlessPlayback
import SeamlessPlaybackMPV

/// A user swiping through a feed served by a slow origin, on real playback, in three configurations, each on a fresh
/// pool of `MPVEngine`s (and, with bytes, a fresh cache directory): no policy; players only (the focus with a window
/// that has no byte tier); players and bytes (the default window, a ``MediaPrefetcher`` over a ``MediaCache``, and
/// engines that read through that cache).
struct SlowFeedBench {
    enum Configuration: String, CaseIterable, Sendable {
        case noPolicy = "no policy"
        case playersOnly = "players only"
        case playersAndBytes = "players + bytes"

        /// The window the focus calls use; `nil` for no focus.
        func window(_ settings: Settings) -> PreloadWindow? {
            switch self {
            case .noPolicy: nil
            case .playersOnly:
                PreloadWindow(bytesAhead: 0, bytesBehind: 0, focusedBufferAhead: settings.focusedBuffer)
            case .playersAndBytes:
                PreloadWindow(bytesPerItem: settings.bytesPerItem, focusedBufferAhead: settings.focusedBuffer)
            }
        }
    }

    /// What the command line sets: the byte tier's bytes per item and the prefetcher's concurrent fetches (players +
    /// bytes), what the clip on screen holds before the others use the link (both policies), and how far ahead every
    /// engine reads while it plays (all three configurations).
    struct Settings: Sendable {
        /// `MediaPrefetcher`'s default `maxConcurrentFetches`.
        static let defaultFetches = 2
        /// The byte tier's bytes per item (`--bytes-per-item`).
        var bytesPerItem: Int64
        /// The prefetcher's concurrent fetches (`--prefetch-fetches`).
        var maxConcurrentFetches: Int
        /// The prefetcher's dwell, what it sizes its fetches by (`--prefetch-dwell`); `nil` for none.
        var prefetchDwell: Duration? = MediaPrefetcher.defaultDwell
        /// How far ahead every engine reads while it plays, in all three configurations (`--read-ahead`,
        /// `MPVEngine.Options.readAheadWhilePlaying`).
        var readAhead = MPVEngine.Options().readAheadWhilePlaying
        /// How far ahead every engine reads while paused (`--paused-read-ahead`,
        /// `MPVEngine.Options.readAheadWhilePaused`).
        var pausedReadAhead = MPVEngine.Options().readAheadWhilePaused
        /// The least each origin fetch through the cache asks for while its engine is paused, in bytes
        /// (`--paused-fetch`, `MPVEngine.Options.leastFetchWhilePaused`).
        var pausedFetch = MPVEngine.Options().leastFetchWhilePaused
        /// Whether a lean preload reads less than a standard one (`--no-lean` for not:
        /// `MPVEngine.Options.leanReadAheadWhilePaused` and `leanFetchWhilePaused` set to the standard ones).
        var isLean = true
        /// What the clip on screen holds before preloads and prefetches use the link (`--focused-buffer`,
        /// `PreloadWindow.focusedBufferAhead`).
        var focusedBuffer = PreloadWindow().focusedBufferAhead
    }

    /// One swipe: where its clip stood, how long its first frame took, and how it played on screen.
    struct Swipe: Sendable {
        var index: Int
        var tier: SlowFeedPlan.Tier
        var firstFrame: Duration
        /// The bytes of the clip the cache held from its start when the user swiped to it (players + bytes only).
        var cachedAtSwipe: Int64
        /// The clip's quality while on screen, from the pool's quality ledger (``PageSession/quality(of:)`` read at
        /// the end of the dwell): its stalls after the first frame, and their time.
        var onScreen = PlaybackQuality()
    }

    /// What one configuration measured.
    struct Result: Sendable {
        var configuration: Configuration
        var swipes: [Swipe] = []
        /// Body bytes the origin sent during the configuration's run, the prefetcher's and the engines' together.
        var fetchedBytes: Int64 = 0
        /// Requests the origin answered during the run.
        var requests = 0
        /// Body bytes the prefetcher fetched (players + bytes only).
        var prefetchedBytes: Int64 = 0
        /// Per clip shown, its length × the farthest playback position it reached ÷ its duration, summed.
        var playedBytes: Int64 = 0
        var loads = 0
        var wastedLoads = 0
        /// The run, from the pool's creation to its shutdown.
        var wallTime = Duration.zero

        /// The first frames of the swipes into `tier` (all when `nil`); with `cached`, only those whose clip the
        /// cache held some of from its start at the swipe (`true`) or none of (`false`).
        func firstFrames(_ tier: SlowFeedPlan.Tier? = nil, cached: Bool? = nil) -> Samples {
            var samples = Samples()
            for swipe in swipes where tier == nil || swipe.tier == tier {
                if let cached, cached != (swipe.cachedAtSwipe > 0) { continue }
                samples.append(swipe.firstFrame)
            }
            return samples
        }

        /// The on-screen stalls of the swipes into `tier` (all when `nil`), summed: their count and time.
        func stalls(_ tier: SlowFeedPlan.Tier? = nil) -> PlaybackQuality {
            swipes.filter { tier == nil || $0.tier == tier }.reduce(PlaybackQuality()) { $0.adding($1.onScreen) }
        }

        /// The bytes the cache held of each swipe's clip at the swipe, summed.
        var cachedAtSwipes: Int64 { swipes.reduce(0) { $0 + $1.cachedAtSwipe } }
    }

    /// The pool's capacity, as ``FeedBench``.
    static let capacity = FeedBench.capacity
    let media: SlowFeedMedia
    /// The delay before each of the origin's answers.
    let originDelay: Duration
    /// The origin's rate limit: per connection, or one shared link.
    let originLimit: OriginLimit
    /// The byte tier's bytes per item, the prefetcher's concurrent fetches and the engines' read-ahead.
    let settings: Settings
    /// The swipes, and each clip's dwell.
    let plan: SlowFeedPlan.Choice

    /// Runs the plan in each configuration, in order, `repetitions` times after one warm-up; each configuration of
    /// each run on a fresh pool, its origin figures counted from its own start.
    /// - Returns: Each run's results, in order.
    /// - Throws: ``BenchError/failed(_:)`` when mpv, the cache or the pool fails.
    func run(repetitions: Int = 1) async throws(BenchError) -> [[Result]] {
        let items = media.urls.map { MediaItem(id: $0, url: URL(string: $0)) }
        // Unpaced: the origin's pacing starts once the warm-up is done.
        try await warmUp(on: items[0])
        media.origin.setPacing(originLimit.pacing(firstByteDelay: originDelay))
        var runs: [[Result]] = []
        for _ in 0..<max(1, repetitions) {
            var results: [Result] = []
            for configuration in Configuration.allCases {
                do {
                    results.append(try await swipe(through: items, configuration))
                } catch {
                    throw .failed("the slow feed failed (\(configuration.rawValue)): \(error)")
                }
            }
            runs.append(results)
        }
        return runs
    }

    private func swipe(through items: [MediaItem], _ configuration: Configuration) async throws -> Result {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("seamless-slow-feed-cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        var cache: MediaCache?
        var prefetcher: MediaPrefetcher?
        var recorder: PlanRecorder?
        if configuration == .playersAndBytes {
            let opened = try MediaCache(directory: directory, capacity: 1 << 30)
            let fetcher = MediaPrefetcher(
                cache: opened, source: HTTPByteSource(), maxConcurrentFetches: settings.maxConcurrentFetches,
                dwell: settings.prefetchDwell)
            (cache, prefetcher, recorder) = (opened, fetcher, PlanRecorder(handingOnTo: fetcher))
        }
        let before = media.origin.stats
        let clock = ContinuousClock()
        let start = clock.now
        let engineCache = cache
        let pool = PlayerPool(configuration: .init(capacity: Self.capacity, prefetcher: recorder)) {
            try await MPVEngine.make(
                options: MPVEngine.Options(
                    readAheadWhilePlaying: settings.readAhead, readAheadWhilePaused: settings.pausedReadAhead,
                    leastFetchWhilePaused: settings.pausedFetch,
                    leanReadAheadWhilePaused: settings.isLean
                        ? MPVEngine.Options().leanReadAheadWhilePaused : settings.pausedReadAhead,
                    leanFetchWhilePaused: settings.isLean
                        ? MPVEngine.Options().leanFetchWhilePaused : settings.pausedFetch),
                readingThrough: engineCache)
        }
        var result: Result
        do {
            result = try await measure(pool, items, configuration, cache: cache, recorder: recorder)
        } catch {
            await pool.shutdown()
            throw error
        }
        result.wallTime = start.duration(to: clock.now)
        let after = media.origin.stats
        result.fetchedBytes = after.bodyBytesSent - before.bodyBytesSent
        result.requests = after.requests - before.requests
        result.prefetchedBytes = prefetcher?.stats.fetchedBytes ?? 0
        return result
    }

    private func measure(
        _ pool: PlayerPool, _ items: [MediaItem], _ configuration: Configuration, cache: MediaCache?,
        recorder: PlanRecorder?
    ) async throws -> Result {
        let events = await pool.events()
        let ledger = Task { await LoadLedger.read(events) }
        let page = try await pool.makeSession(named: "feed", settings: FeedBench.pageSettings)
        var result = Result(configuration: configuration)
        let clock = ContinuousClock()
        var farthest: [Int: Duration] = [:]
        var previous: Int?
        for visit in plan.visits(clips: items.count) {
            let index = visit.index
            let item = items[index]
            let byteTierItems =
                recorder?.byteTier
                ?? Set(
                    previous.map { SlowFeedPlan.byteTier(of: PreloadWindow(), around: $0, count: items.count) }?
                        .map { items[$0] } ?? [])
            let tier = SlowFeedPlan.tier(of: item, players: await pool.snapshot(), byteTier: byteTierItems)
            let cached = cache.map { Self.cachedPrefix(of: item, in: $0) } ?? 0
            let start = clock.now
            if let window = configuration.window(settings) { await pool.focus(on: index, in: items, window: window) }
            let lease = try await page.acquire(item)
            let firstFrame = start.duration(to: clock.now)
            try await Task.sleep(for: visit.dwell)
            let onScreen = await page.quality(of: lease)
            result.swipes.append(
                Swipe(index: index, tier: tier, firstFrame: firstFrame, cachedAtSwipe: cached, onScreen: onScreen))
            let position = await FeedBench.playbackClock(of: lease)
            farthest[index] = max(farthest[index] ?? .zero, position)
            try await page.giveBack(lease)
            previous = index
        }
        if configuration.window(settings) != nil { await pool.endFocus() }
        result.loads = await pool.metrics.loads
        await page.close()
        await pool.shutdown()
        result.wastedLoads = await ledger.value.wasted
        let clipLength = Duration.seconds(media.shape.clipSeconds)
        for (index, position) in farthest {
            let share = min(1, max(0, position / clipLength))
            result.playedBytes += Int64((Double(media.lengths[index]) * share).rounded())
        }
        return result
    }

    /// How many bytes from the start of `item` the cache holds without a gap.
    private static func cachedPrefix(of item: MediaItem, in cache: MediaCache) -> Int64 {
        guard let key = item.url?.absoluteString else { return 0 }
        let first = cache.cachedRanges(for: key).ranges.first
        return first.map { $0.lowerBound == 0 ? $0.upperBound : 0 } ?? 0
    }
}
