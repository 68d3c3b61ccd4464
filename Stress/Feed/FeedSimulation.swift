import Foundation
import SeamlessPlayback
import SeamlessPlaybackTesting

/// One user swiping through a feed on the simulated engine and a virtual clock, with or without the
/// preload policy. Every item is opened with `acquire`; the previous item's player is given back after
/// the new one shows; a tap lends the player to a detail page, which borrows it and gives it back.
struct FeedSimulation {
    let plan: SwipePlan
    let players: Int
    let window: PreloadWindow
    let coldStart: Duration
    let violations: Violations

    func run(policy: Bool) async -> FeedFigures {
        let started = Nanoseconds.now()
        let clock = ManualClock()
        let coldStart = self.coldStart
        let pool = PlayerPool(
            configuration: .init(capacity: players, loadTimeout: nil, applyTimeout: nil),
            clock: clock
        ) { SimulatedEngine(clock: clock, loadLatency: coldStart) }
        let time = VirtualTime(clock: clock, pool: pool)
        let events = await pool.events()
        let items = (0..<plan.feedLength).map { MediaItem(id: "clip-\($0)") }
        var figures = FeedFigures()
        var shown = Set<Int>()
        do {
            let feed = try await pool.makeSession(
                named: "feed",
                settings: PlaybackSettings(isMuted: true, contentMode: .aspectFill))
            let detail = try await pool.makeSession(
                named: "detail", settings: PlaybackSettings(contentMode: .aspectFit))
            var held: PlayerLease?
            for swipe in plan.swipes {
                await time.settle()
                let swiped = time.now
                if policy { await pool.focus(on: swipe.index, in: items, window: window) }
                let item = items[swipe.index]
                let lease = try await time.pump { try await feed.acquire(item) }
                figures.firstFrameMilliseconds.append(Double((time.now - swiped).nanoseconds) / 1_000_000)
                shown.insert(swipe.index)
                if let previous = held { try await time.pump { try await feed.giveBack(previous) } }
                held = lease
                await time.run(until: time.now + swipe.dwell)
                if let stay = swipe.detail {
                    figures.taps += 1
                    let token = try await feed.lend(lease)
                    let borrowed = try await time.pump { try await detail.borrow(token) }
                    await time.run(until: time.now + stay)
                    try await time.pump { try await detail.giveBack(borrowed) }
                }
            }
            if let last = held { try await time.pump { try await feed.giveBack(last) } }
            // Let the loads still running finish, so that the engines can shut down.
            await pool.endFocus()
            while await pool.quiescence.loads > 0 { await time.run(until: time.now + coldStart) }
        } catch {
            violations.record("feed run (policy \(policy ? "on" : "off")): \(error)")
        }
        for problem in await pool.checkInvariants() { violations.record("feed run: \(problem)") }
        figures.playersCreated = await pool.metrics.created
        figures.virtualSeconds = Double(time.now.nanoseconds) / 1e9
        figures.itemsShown = shown.count
        await pool.shutdown()
        var seen: [PoolEvent] = []
        for await event in events { seen.append(event) }
        figures.count(seen)
        let measuredWarm = figures.firstFrameMilliseconds.filter { $0 == 0 }.count
        if measuredWarm > figures.warmAcquires {
            violations.record(
                "feed run: \(measuredWarm) swipes had their first frame at once, but only "
                    + "\(figures.warmAcquires) acquires were warm")
        }
        figures.realSeconds = Double(Nanoseconds.now() - started) / 1e9
        return figures
    }
}
