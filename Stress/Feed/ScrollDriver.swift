import SeamlessPlayback
import SeamlessPlaybackTesting

/// Moves the scroll simulation's list and clock, feeds both rules each event, and checks what plays after every step.
struct Driver {
    let pool: PlayerPool
    let feed: FeedAutoplay
    let clock: ManualClock
    let geometry: ScrollFeed
    let violations: Violations
    var offset = 0.0
    var outcome = ScrollSimulation.Outcome()
    private var naive = NaiveRule()
    /// The cell the user paused, while it stays at or above the stop threshold.
    private var pausedMark: Int?
    /// The cell the naive rule had playing when the user paused it, likewise.
    private var naivePausedMark: Int?
    /// When the current rest began, while nothing has played since.
    private var restStart: Duration?
    private(set) var isStuck = false
    /// Whether the list moves (a drag or a fling is under way).
    private var isMoving = false

    init(pool: PlayerPool, feed: FeedAutoplay, clock: ManualClock, geometry: ScrollFeed, violations: Violations) {
        self.pool = pool
        self.feed = feed
        self.clock = clock
        self.geometry = geometry
        self.violations = violations
    }

    var now: Duration { clock.now.offset }

    /// Moves the list by `distance` over `seconds`, one event per frame, along `curve` (0...1 → 0...1).
    mutating func move(
        by distance: Double, over seconds: Double, phase: ScrollPhase, curve: (Double) -> Double
    ) async {
        isMoving = true
        let start = offset
        let frames = max(1, Int(seconds / 0.016))
        for frame in 1...frames {
            await run(until: now + ScrollSimulation.frame)
            offset = min(max(start + distance * curve(Double(frame) / Double(frames)), 0), geometry.maxOffset)
            await event(phase)
        }
    }

    /// One event for both rules at the current offset.
    mutating func event(_ phase: ScrollPhase) async {
        let cells = geometry.visible(at: offset)
        func share(_ index: Int?) -> Double { cells.first { $0.index == index }?.visibleFraction ?? 0 }
        if share(pausedMark) < AutoplayPolicy().stopThreshold { pausedMark = nil }
        if share(naivePausedMark) < AutoplayPolicy().stopThreshold { naivePausedMark = nil }
        await feed.visibilityChanged(cells, phase: phase)
        let naivePlays = naive.take(cells)
        if outcome.naive.observe(naivePlays, at: now, whileMoving: isMoving), naivePlays == naivePausedMark {
            outcome.naive.userPausedStartedByAutoplay += 1
        }
        await check()
    }

    /// The list comes to rest: rest → playing is measured from here.
    mutating func restBegins() async {
        isMoving = false
        await event(.idle)
        let best = geometry.visible(at: offset).contains {
            $0.visibleFraction >= AutoplayPolicy().startThreshold && $0.index != pausedMark
        }
        guard best, pausedMark == nil else { return }
        if await feed.playing != nil {
            outcome.autoplay.restToPlayingMilliseconds.append(0)
        } else {
            restStart = now
        }
        if naive.playing != nil { outcome.naive.restToPlayingMilliseconds.append(0) }
    }

    mutating func restEnds() {
        if restStart != nil { outcome.autoplay.restsWithoutStart += 1 }
        restStart = nil
    }

    /// The user pauses the cell that plays.
    mutating func userPaused() async {
        guard let playing = await feed.playing?.index else { return }
        outcome.pauses += 1
        pausedMark = playing
        await feed.userPaused(playing)
        if let naivePlaying = naive.playing {
            naivePausedMark = naivePlaying
            naive.userPaused()
            outcome.naive.observe(nil, at: now)
        }
        await check()
    }

    /// The user plays the second most visible cell.
    mutating func userPlayedSecondBest() async {
        let cells = geometry.visible(at: offset).sorted { $0.visibleFraction > $1.visibleFraction }
        guard cells.count > 1 else { return }
        let index = cells[1].index
        outcome.plays += 1
        if pausedMark == index { pausedMark = nil }
        if naivePausedMark == index { naivePausedMark = nil }
        await feed.userPlayed(index)
        naive.userPlayed(index)
        outcome.naive.observe(index, at: now)
        userStarted = index
        await check()
        userStarted = nil
    }

    private var userStarted: Int?

    /// Lets virtual time run to `target`, stopping at every deadline on the way.
    mutating func run(until target: Duration) async {
        while !isStuck {
            await settle()
            let next = clock.nextDeadline.map(\.offset).map { min($0, target) } ?? target
            guard next > now else { return }
            clock.advance(by: next - now)
            await settle()
            await check()
        }
    }

    /// The end: nothing on screen, at rest; the page must hold nothing.
    mutating func finish() async {
        offset = geometry.maxOffset + geometry.viewport
        await feed.visibilityChanged([], phase: .idle)
        await settle()
        await check()
        outcome.autoplay.leasesLeaked = await pool.snapshot().filter { $0.holders.contains("feed") }.count
    }

    /// Returns once nothing can happen without time moving: the pool's jobs are loads asleep on the clock, the
    /// coordinator carries nothing out, its acquire (if any) waits in the pool, and its timer (if any) sleeps.
    mutating func settle() async {
        var spins = 0
        while true {
            let pool = await self.pool.quiescence
            let feed = await self.feed.quiescence
            let sleepers = pool.loads + (feed.isTimerArmed ? 1 : 0)
            if !feed.isCarryingOut, pool.jobs == pool.loads, clock.sleeperCount == sleepers,
                !feed.isAcquiring || pool.waitingCalls > 0
            {
                return
            }
            spins += 1
            if spins > 1_000_000 {
                violations.record("scroll run: stuck at \(now) (\(pool), \(feed))")
                isStuck = true
                return
            }
            await Task.yield()
        }
    }

    /// Reads what plays and counts what must never happen.
    private mutating func check() async {
        let playing = await feed.playing?.index
        if outcome.autoplay.observe(playing, at: now, whileMoving: isMoving), let playing {
            if playing == pausedMark, playing != userStarted { outcome.autoplay.userPausedStartedByAutoplay += 1 }
        }
        if playing != nil, let start = restStart {
            outcome.autoplay.restToPlayingMilliseconds.append(Double((now - start).nanoseconds) / 1_000_000)
            restStart = nil
        }
        let snapshot = await pool.snapshot()
        let sounding = snapshot.count { $0.appliedSettings?.isPaused == false }
        let held = snapshot.count { $0.holders.contains("feed") }
        if sounding > 1 || held > 1 { outcome.autoplay.twoPlayingAtOnce += 1 }
    }
}
