import SeamlessPlaybackTesting
import Testing

@testable import SeamlessPlayback

/// An engine that tells the test when it is shut down.
final class SignallingEngine: PlaybackEngine {
    let shutdowns: AsyncStream<Void>
    private let signal: AsyncStream<Void>.Continuation
    private let count = Locked(0)

    init() {
        (shutdowns, signal) = AsyncStream.makeStream(of: Void.self)
    }

    var shutdownCount: Int { count.value }

    func load(_ item: MediaItem) async throws {}
    func apply(_ settings: PlaybackSettings) async {}
    func currentPosition() async -> Duration { .zero }
    func shutdown() async {
        count.withLock { $0 += 1 }
        signal.yield()
    }
}

@Suite("EngineLane: lanes that do not keep their pool alive")
struct EngineLaneTests {
    @Test(.timeLimit(.minutes(1))) func aPoolDroppedWithoutShutdownShutsItsEnginesDown() async throws {
        let engines = Locked<[SignallingEngine]>([])
        weak var weakPool: PlayerPool?
        do {
            let pool = PlayerPool(configuration: .init(capacity: 2)) {
                let engine = SignallingEngine()
                engines.withLock { $0.append(engine) }
                return engine
            }
            weakPool = pool
            let page = try await pool.makeSession(named: "page")
            let lease = try await page.acquire(clip)
            try await pool.prewarm(film)
            try await page.giveBack(lease)
            await page.close()
        }
        let made = engines.value
        #expect(made.count == 2)
        for engine in made {
            var signals = engine.shutdowns.makeAsyncIterator()
            _ = await signals.next()
        }
        #expect(weakPool == nil)
        #expect(made.map(\.shutdownCount) == [1, 1])
    }

    @Test func aJobPostedBeforeTheLaneWaitsIsNotLost() async {
        let lane = EngineLane()
        lane.post(.apply(feedSettings, version: 1))
        #expect(await lane.next() == .apply(feedSettings, version: 1))
        lane.abandon()
        #expect(await lane.next() == .shutDown)
    }

    @Test func abandoningAWaitingLaneWakesItWithAShutdown() async {
        let lane = EngineLane()
        let next = Task { await lane.next() }
        lane.abandon()
        #expect(await next.value == .shutDown)
    }
}
