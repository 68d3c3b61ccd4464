import SeamlessPlayback
import SeamlessPlaybackTesting
import Testing

@Suite("VirtualTime: a pool on a manual clock, driven from deadline to deadline", .timeLimit(.minutes(1)))
struct VirtualTimeTests {
    static let items = (0..<4).map { MediaItem(id: "clip-\($0)") }

    func makeTime(capacity: Int) -> VirtualTime {
        let clock = ManualClock()
        let pool = PlayerPool(
            configuration: .init(capacity: capacity, loadTimeout: nil, applyTimeout: nil), clock: clock
        ) {
            SimulatedEngine(clock: clock, loadLatency: .milliseconds(250))
        }
        return VirtualTime(clock: clock, pool: pool)
    }

    @Test func pumpMovesTimeExactlyAsFarAsTheCallNeeds() async throws {
        let time = makeTime(capacity: 1)
        let feed = try await time.pool.makeSession(named: "feed")
        let lease = try await time.pump { try await feed.acquire(Self.items[0]) }
        #expect(time.now == .milliseconds(250))
        try await time.pump { try await feed.giveBack(lease) }
        #expect(time.now == .milliseconds(250))
        await time.pool.shutdown()
    }

    @Test func runUntilWakesEachLoadAtItsDeadlineSoTheNextStartsThen() async throws {
        let time = makeTime(capacity: 1)
        await time.pool.focus(on: 0, in: Self.items, window: PreloadWindow(ahead: 0, behind: 0))
        await time.settle()
        // clip-0 loads from 0 to 250 ms; clip-1 waits behind it on the one engine, 250 to 500 ms.
        await time.pool.focus(on: 1, in: Self.items, window: PreloadWindow(ahead: 0, behind: 0))
        await time.run(until: .seconds(1))
        #expect(time.now == .seconds(1))
        let feed = try await time.pool.makeSession(named: "feed")
        _ = try await time.pump { try await feed.acquire(Self.items[1]) }
        #expect(time.now == .seconds(1), "clip-1 was loaded by 500 ms")
        #expect(await time.pool.metrics.loads == 2)
    }
}
