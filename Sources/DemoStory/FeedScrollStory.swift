import SeamlessPlayback
import SeamlessPlaybackTesting

/// The demo's second story: a user scrolls a short feed with the preload policy on, and each swipe says
/// whether its clip started warm (already loaded: first frame at once) or had to wait for its load.
public enum FeedScrollStory {
    /// One swipe of the story.
    public struct Swipe: Hashable, Sendable {
        /// The feed index swiped to.
        public var index: Int
        /// How long the user watched the clip before swiping on.
        public var dwell: Duration
        /// Swipe to first frame, on the virtual clock.
        public var firstFrame: Duration
        /// Whether the first frame came at once.
        public var isWarm: Bool { firstFrame == .zero }
    }

    /// The swipes the user makes: index and dwell. Two quick skips in a row outrun one preload.
    public static let plan: [(index: Int, dwell: Duration)] = [
        (0, .seconds(2)), (1, .seconds(2)), (2, .milliseconds(100)), (3, .milliseconds(100)),
        (4, .seconds(2)), (3, .seconds(1)), (4, .seconds(2)), (5, .seconds(2)),
    ]

    /// Scrolls the feed of ``plan`` on the simulated engine and a virtual clock, with a pool of 4 players
    /// and the default window (2 ahead, 1 behind).
    /// - Parameter coldStart: How long the simulated engine takes to load a clip.
    /// - Returns: Each swipe with its first-frame time, and the pool's counters at the end.
    /// - Throws: A ``SeamlessPlayback/PlayerPoolError`` if the story cannot go on.
    public static func run(coldStart: Duration = .milliseconds(250)) async throws -> (
        swipes: [Swipe], metrics: PoolMetrics
    ) {
        let clock = ManualClock()
        let pool = PlayerPool(configuration: .init(capacity: 4, loadTimeout: nil, applyTimeout: nil), clock: clock) {
            SimulatedEngine(clock: clock, loadLatency: coldStart)
        }
        let time = VirtualTime(clock: clock, pool: pool)
        let items = (0..<8).map { MediaItem(id: "clip-\($0)") }
        let feed = try await pool.makeSession(
            named: "feed", settings: PlaybackSettings(isMuted: true, contentMode: .aspectFill))
        var swipes: [Swipe] = []
        var held: PlayerLease?
        for (index, dwell) in plan {
            let swiped = time.now
            await pool.focus(on: index, in: items)
            let item = items[index]
            let lease = try await time.pump { try await feed.acquire(item) }
            swipes.append(Swipe(index: index, dwell: dwell, firstFrame: time.now - swiped))
            if let previous = held { try await time.pump { try await feed.giveBack(previous) } }
            held = lease
            await time.run(until: time.now + dwell)
        }
        if let last = held { try await time.pump { try await feed.giveBack(last) } }
        await pool.endFocus()
        while await pool.quiescence.loads > 0 { await time.run(until: time.now + coldStart) }
        let metrics = await pool.metrics
        await pool.shutdown()
        return (swipes, metrics)
    }

    /// The swipes as a table a person can read.
    /// - Parameter swipes: The swipes ``run(coldStart:)`` returned.
    /// - Returns: One line per swipe: item, dwell, warm or how long it waited.
    public static func table(_ swipes: [Swipe]) -> String {
        var lines = ["swipe  item     watched  first frame"]
        for (number, swipe) in swipes.enumerated() {
            let waited =
                swipe.isWarm ? "warm (at once)" : "cold: waited \(milliseconds(swipe.firstFrame)) ms for its load"
            lines.append(
                "\(pad("\(number + 1)", 7))\(pad("clip-\(swipe.index)", 9))\(pad("\(milliseconds(swipe.dwell)) ms", 9))\(waited)"
            )
        }
        return lines.joined(separator: "\n")
    }

    private static func milliseconds(_ duration: Duration) -> Int64 {
        duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }
}
