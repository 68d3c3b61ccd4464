import SeamlessPlayback
import SeamlessPlaybackTesting

/// One user scrolling a feed of mixed heights on a virtual clock, seeded: drags, flings across 5–20 cells, rests of
/// 0.3–5 s, taps on pause and play; the feed grows as the user nears its end (12 items at a time, while the list
/// moves) and takes 1–3 new items above the playing cell (or the centre cell) at some rests: right above it, or at the
/// top. The list keeps the playing cell (else the centre cell) where it was on screen, as an app keeps in place what
/// the user watches.
/// `FeedAutoplay` plays the cells on simulated engines; the naive rule is fed the same events beside it (it loads
/// nothing, so its rest → playing is zero by construction).
struct ScrollSimulation {
    let gestures: Int
    let seed: UInt64
    let coldStart: Duration
    let violations: Violations
    static let frame = Duration.milliseconds(16)
    let policy = AutoplayPolicy()

    struct Outcome: Sendable {
        var autoplay = ScrollFigures()
        var naive = ScrollFigures()
        var rests = 0
        var flings = 0
        var pauses = 0
        var plays = 0
        var virtualSeconds = 0.0
        /// Times the feed changed, and the items it gained at its end and above the playing cell.
        var changes = 0
        var appended = 0
        var inserted = 0
        /// Feed changes during which a cell played and kept its player at its new index (all of them, or a violation).
        var keptThroughChanges = 0
    }

    func run() async -> Outcome {
        var random = SplitMix64(seed: seed, stream: 31)
        let geometry = ScrollFeed(cells: 40, viewport: 800, random: &random)
        let clock = ManualClock()
        let coldStart = self.coldStart
        let pool = PlayerPool(
            configuration: .init(capacity: 4, loadTimeout: nil, applyTimeout: nil), clock: clock
        ) { SimulatedEngine(clock: clock, loadLatency: coldStart) }
        let items = geometry.heights.indices.map { MediaItem(id: "cell-\($0)") }
        var driver: Driver
        do {
            let page = try await pool.makeSession(named: "feed", settings: PlaybackSettings(isMuted: true))
            let feed = FeedAutoplay(pool: pool, session: page, items: items, policy: policy, clock: clock)
            driver = Driver(
                pool: pool, feed: feed, clock: clock, geometry: geometry, items: items, seed: seed,
                violations: violations)
        } catch {
            violations.record("scroll run: \(error)")
            return Outcome()
        }
        await driver.event(.idle)
        for _ in 0..<gestures {
            guard !driver.isStuck else { break }
            if Double.random(in: 0..<1, using: &random) < 0.4 {
                await fling(&driver, &random)
            } else {
                await drag(&driver, &random)
            }
            await rest(&driver, &random)
        }
        await driver.finish()
        for problem in await pool.checkInvariants() { violations.record("scroll run: \(problem)") }
        await pool.shutdown()
        driver.outcome.virtualSeconds = Double(driver.now.components.seconds)
        return driver.outcome
    }

    private func drag(_ driver: inout Driver, _ random: inout SplitMix64) async {
        let sign: Double = Double.random(in: 0..<1, using: &random) < 0.75 ? 1 : -1
        let distance = sign * Double.random(in: 100...1_200, using: &random)
        let duration = Double.random(in: 0.3...1.0, using: &random)
        await driver.move(by: distance, over: duration, phase: .dragging) { $0 }
        if Double.random(in: 0..<1, using: &random) < 0.5 {
            await driver.move(by: sign * 120, over: 0.3, phase: .decelerating) { 1 - (1 - $0) * (1 - $0) }
        }
    }

    private func fling(_ driver: inout Driver, _ random: inout SplitMix64) async {
        driver.outcome.flings += 1
        let cells = Int.random(in: 5...20, using: &random)
        let sign = Double.random(in: 0..<1, using: &random) < 0.8 ? 1 : -1
        let from = driver.geometry.cell(atCentreOf: driver.offset)
        let target = min(max(from + sign * cells, 0), driver.geometry.heights.count - 1)
        let distance = driver.geometry.centring(target) - driver.offset
        await driver.move(by: distance * 0.05, over: 0.1, phase: .dragging) { $0 }
        let duration = Double.random(in: 0.8...2.0, using: &random)
        await driver.move(by: distance * 0.95, over: duration, phase: .decelerating) { 1 - pow3(1 - $0) }
    }

    private func rest(_ driver: inout Driver, _ random: inout SplitMix64) async {
        driver.outcome.rests += 1
        let length = Duration.milliseconds(Int.random(in: 300...5_000, using: &random))
        let end = driver.now + length
        await driver.restBegins()
        let tap = Double.random(in: 0..<1, using: &random)
        if tap < 0.15 {
            await driver.run(until: driver.now + length / 2)
            if tap < 0.10 { await driver.userPaused() } else { await driver.userPlayedSecondBest() }
        } else if tap < 0.25 {
            // New posts: above the playing cell, or a refresh at the top.
            await driver.run(until: driver.now + length / 2)
            await driver.insertAbovePlaying(atTop: tap >= 0.20)
        }
        await driver.run(until: end)
        driver.restEnds()
    }
}

private func pow3(_ value: Double) -> Double { value * value * value }
