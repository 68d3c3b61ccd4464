import SeamlessPlayback
import SeamlessPlaybackTesting

/// Moves the scroll simulation's list and clock, feeds both rules each event, and checks what plays after every step.
struct Driver {
    let pool: PlayerPool
    let feed: FeedAutoplay
    let clock: ManualClock
    private(set) var geometry: ScrollFeed
    /// The feed's items, by cell index, as autoplay was last told them.
    private(set) var items: [MediaItem]
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
    /// The phase of the latest event.
    private var phase = ScrollPhase.idle
    /// The heights of the cells the feed gains.
    private var random: SplitMix64
    private var nextItem: Int

    init(
        pool: PlayerPool, feed: FeedAutoplay, clock: ManualClock, geometry: ScrollFeed, items: [MediaItem],
        seed: UInt64,
        violations: Violations
    ) {
        self.pool = pool
        self.feed = feed
        self.clock = clock
        self.geometry = geometry
        self.items = items
        nextItem = items.count
        random = SplitMix64(seed: seed, stream: 37)
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
            // An infinite feed: the next page of items comes as the user nears the end, while the list moves; the
            // feed stays 25 cells ahead of the user, so that no fling (at most 20 cells) is cut short by its end.
            if geometry.heights.count - geometry.cell(atCentreOf: offset) < 25 {
                await insert(cells: 12, at: geometry.heights.count)
            }
        }
    }

    /// New items above the playing cell (or, with nothing playing, above the cell at the centre): a "new posts" insert
    /// right above it, or a refresh at the top.
    mutating func insertAbovePlaying(atTop: Bool) async {
        let playing = await feed.playing?.index ?? geometry.cell(atCentreOf: offset)
        let index = atTop ? 0 : playing
        await insert(cells: Int.random(in: 1...3, using: &random), at: index)
    }

    /// The feed takes `count` new items at `index`, as an app's list does: autoplay is told first, then the list shows
    /// them, keeping the playing cell (else the cell at the viewport's centre) where it was on screen, as an app that
    /// keeps what the user watches in place, and reports its cells by their new indices.
    private mutating func insert(cells count: Int, at index: Int) async {
        outcome.changes += 1
        if index == geometry.heights.count { outcome.appended += count } else { outcome.inserted += count }
        let before = await feed.playing
        let anchor = before?.index ?? geometry.cell(atCentreOf: offset)
        let anchorOnScreen = geometry.tops[anchor] - offset
        let new = (0..<count).map { MediaItem(id: "cell-\(nextItem + $0)") }
        nextItem += count
        items.insert(contentsOf: new, at: index)
        await feed.itemsChanged(items)
        if let before {
            // Its item is still in the feed: the playing cell keeps its player, at its new index.
            let after = await feed.playing
            let moved = before.index >= index ? before.index + count : before.index
            if after?.index == moved, after?.lease == before.lease {
                outcome.keptThroughChanges += 1
            } else {
                violations.record(
                    "scroll run: cell \(before.index) lost its player when \(count) items came at \(index)")
            }
        }
        geometry.insert((0..<count).map { _ in ScrollFeed.randomHeight(using: &random) }, at: index)
        let moved = anchor >= index ? anchor + count : anchor
        offset = min(max(geometry.tops[moved] - anchorOnScreen, 0), geometry.maxOffset)
        func shift(_ cell: Int?) -> Int? { cell.map { $0 >= index ? $0 + count : $0 } }
        pausedMark = shift(pausedMark)
        naivePausedMark = shift(naivePausedMark)
        naive.shift(from: index, by: count)
        outcome.autoplay.shift(from: index, by: count)
        outcome.naive.shift(from: index, by: count)
        await event(phase)
    }

    /// One event for both rules at the current offset.
    mutating func event(_ phase: ScrollPhase) async {
        self.phase = phase
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
