import SeamlessPlayback
import SeamlessPlaybackMPV

/// A user swiping through a feed on real playback: the same swipe plan with the preload policy
/// (``PlayerPool/focus(on:in:window:)`` before every swipe) and without it, each on a fresh pool of `MPVEngine`s.
struct FeedBench {
    /// What one run of the plan measured.
    struct Result {
        var swipes = 0
        /// Acquires the pool served from a player that had, or was loading, the clip.
        var warmHits = 0
        /// From the swipe (the focus call, then the acquire) to the acquire's return: the first frame is out.
        var firstFrames = Samples()
        /// Per warm swipe to a clip its player had not shown since loading it: where the clip started, that is its
        /// playback position (``FeedBench/playbackClock(of:)``) when the acquire returned, the page's settings on and
        /// playing from there.
        var startPositions = Samples()
        /// The same swipes' `time-pos` (``SeamlessPlaybackMPV/MPVEngine/currentPosition()``) when the acquire
        /// returned: the last frame mpv handed to the output, which may be the one after the frame due.
        var startTimePositions = Samples()
        /// Per warm swipe back to a clip its player showed before, with no load since (it resumes where it stood): how
        /// far it had moved from where the page gave it back.
        var resumedMoves = Samples()
        var loads = 0
        /// Loads whose clip was never shown from them.
        var wastedLoads = 0
        /// Per swipe, the startup the pool's quality API measured (``PageSession/quality(of:)``, read at the end of
        /// the dwell): from the acquire call to the first `.playing` the pool heard while the page held the player.
        var qualityStartups = Samples()
        /// Per swipe, that startup over the bench's first-frame timer (which starts before the focus call).
        var startupRatios: [Double] = []
        /// Per swipe, the quality startup minus the bench's timer.
        var startupDifferences = Samples()
        /// Swipes whose lease had no startup by the end of its dwell: the pool never heard it play.
        var unstarted = 0
        /// The pool's sum over every lease at the end (``PlayerPool/quality``): stalls, their time, time playing.
        var quality = PlaybackQuality()
    }

    /// The pool's capacity, as a feed on a phone would have.
    static let capacity = 4
    /// The feed page's settings: muted, filling its host, looping.
    static let pageSettings = PlaybackSettings(isMuted: true, contentMode: .aspectFill, endAction: .loop)
    /// How long the user looks at each clip.
    static let dwell = Duration.milliseconds(800)

    /// The feed indices the user sees, in order: forward through the feed, looking back at the previous clip
    /// (and forward again) after every sixth — 26 swipes over 20 clips.
    static func plan(clips: Int) -> [Int] {
        var order: [Int] = []
        for index in 0..<clips {
            order.append(index)
            if index % 6 == 5, index + 1 < clips { order += [index - 1, index] }
        }
        return order
    }

    let media: FeedMedia

    /// Runs the plan once with the policy and once without.
    /// - Throws: ``BenchError/failed(_:)`` when mpv or the pool fails.
    func run() async throws(BenchError) -> (withPolicy: Result, withoutPolicy: Result) {
        let items = media.urls.map { MediaItem(id: $0) }
        try await warmUp(on: items[0])
        let with = try await swipe(through: items, policy: true)
        let without = try await swipe(through: items, policy: false)
        return (with, without)
    }

    private func swipe(through items: [MediaItem], policy: Bool) async throws(BenchError) -> Result {
        let pool = PlayerPool(configuration: .init(capacity: Self.capacity)) { try await MPVEngine() }
        do {
            let result = try await measure(pool, items, policy: policy)
            await pool.shutdown()
            return result
        } catch {
            await pool.shutdown()
            throw .failed("the feed failed (policy \(policy ? "on" : "off")): \(error)")
        }
    }

    private func measure(_ pool: PlayerPool, _ items: [MediaItem], policy: Bool) async throws -> Result {
        let events = await pool.events()
        let ledger = Task { await LoadLedger.read(events) }
        let page = try await pool.makeSession(named: "feed", settings: FeedBench.pageSettings)
        var result = Result()
        let clock = ContinuousClock()
        var left: [Int: Left] = [:]
        for index in Self.plan(clips: items.count) {
            let warmBefore = await pool.metrics.warmHits
            let start = clock.now
            if policy { await pool.focus(on: index, in: items) }
            let lease = try await page.acquire(items[index])
            let firstFrame = start.duration(to: clock.now)
            result.firstFrames.append(firstFrame)
            let timePosition = await lease.engine.currentPosition()
            let startedAt = await Self.playbackClock(of: lease)
            result.swipes += 1
            if await pool.metrics.warmHits > warmBefore {
                result.warmHits += 1
                if let before = left[index], before.isSameLoad(as: Left(lease, at: startedAt)) {
                    result.resumedMoves.append(startedAt - before.position)
                } else {
                    result.startPositions.append(startedAt)
                    result.startTimePositions.append(timePosition)
                }
            }
            try await Task.sleep(for: Self.dwell)
            result.take(await page.quality(of: lease), timer: firstFrame)
            try await page.giveBack(lease)
            left[index] = Left(lease, at: await Self.playbackClock(of: lease))
        }
        if policy { await pool.endFocus() }
        result.quality = await pool.quality
        result.loads = await pool.metrics.loads
        await page.close()
        await pool.shutdown()
        result.wastedLoads = await ledger.value.wasted
        return result
    }
}

extension FeedBench.Result {
    /// Notes a swipe's quality against the bench's timer for it.
    mutating func take(_ quality: PlaybackQuality, timer: Duration) {
        guard let startup = quality.startupTime else {
            unstarted += 1
            return
        }
        qualityStartups.append(startup)
        startupDifferences.append(startup - timer)
        if timer > .zero { startupRatios.append(startup / timer) }
    }
}

extension FeedBench {
    /// The clip's playback position: mpv's `audio-pts`, the clock its pictures follow (`time-pos` where it has none).
    ///
    /// Not `time-pos` alone: mpv hands each frame to a headless output up to 50 ms before it is due
    /// (`video-timing-offset`), and `time-pos` is the last frame handed over, so a clip that has just started from its
    /// first frame may already read its second (measured: 2 ms after an unpause, `time-pos` 33.3 ms, `audio-pts` 1.3 ms).
    static func playbackClock(of lease: PlayerLease) async -> Duration {
        if let mpv = lease.engine as? MPVEngine, let seconds = try? await mpv.doubleProperty("audio-pts"),
            seconds.isFinite
        {
            return .seconds(seconds)
        }
        return await lease.engine.currentPosition()
    }
}

/// Where a clip stood on its player, and which load of the player it was.
private struct Left {
    let player: ObjectIdentifier
    let loads: Int
    let position: Duration

    init(_ lease: PlayerLease, at position: Duration) {
        player = ObjectIdentifier(lease.engine)
        loads = (lease.engine as? MPVEngine)?.fileLoadedCount ?? 0
        self.position = position
    }

    func isSameLoad(as other: Left) -> Bool { player == other.player && loads == other.loads }
}

/// Which loads were shown: a load of a clip on a player is shown when the page's next acquire there is of that
/// clip; a load replaced or evicted first, or left at the end, was wasted.
struct LoadLedger {
    private(set) var wasted = 0
    /// The clip each player loaded and nobody acquired from it yet.
    private var unshown: [PlayerID: MediaItem] = [:]

    static func read(_ events: AsyncStream<PoolEvent>) async -> LoadLedger {
        var ledger = LoadLedger()
        for await event in events { ledger.take(event) }
        ledger.wasted += ledger.unshown.count
        return ledger
    }

    private mutating func take(_ event: PoolEvent) {
        switch event {
        case .loaded(let player, let item):
            if unshown.updateValue(item, forKey: player) != nil { wasted += 1 }
        case .acquired(let player, _, _):
            unshown[player] = nil
        case .evicted(let player, _), .destroyed(let player), .engineFailed(let player, _):
            if unshown.removeValue(forKey: player) != nil { wasted += 1 }
        default:
            break
        }
    }
}
