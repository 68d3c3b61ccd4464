import Foundation
@_spi(EngineSupport) import SeamlessPlayback
import SeamlessPlaybackTesting
import Testing

// The code blocks of MeasuringPlaybackAndFailures.md, compiled and run (see DocumentationSnippetsTests.swift for how
// the blocks and the snippets are kept the same).

/// What the article's analytics client receives.
private final class Analytics: Sendable {
    let sent = Locked<[(String, String, Data)]>([])
    func send(_ name: String, page: String, body: Data) { sent.withLock { $0.append((name, page, body)) } }
}

@Suite("Documentation: Measuring Playback and Its Failures", .timeLimit(.minutes(1)))
struct DocumentationSnippetsMeasuringPlaybackAndFailuresTests {
    @Test func aLeasesFiguresAfterItEnded() async throws {
        let clock = ManualClock()
        let pool = PlayerPool(configuration: .init(loadTimeout: nil, applyTimeout: nil), clock: clock) {
            SimulatedEngine(clock: clock)
        }
        let feed = try await pool.makeSession(named: "feed", settings: PlaybackSettings(isMuted: true))
        let clip = MediaItem(id: "clip-1")

        // snippet MeasuringPlaybackAndFailures/read
        let lease = try await feed.acquire(clip)
        // … the clip plays …
        try await feed.giveBack(lease)
        let quality = await feed.quality(of: lease)
        print(quality.startupTime ?? .zero, quality.stallCount, quality.rebufferRatio)
        // end snippet

        // On a clock that did not move: no time, whether or not the engine's first report came before the give-back.
        #expect((quality.startupTime ?? .zero) == .zero)
        #expect(quality.playingTime == .zero)
        #expect(quality.stallCount == 0)
        #expect(await feed.quality(of: lease) == quality, "readable after the lease ended")
        await pool.shutdown()
    }

    @Test func theFiguresForwardedAsJSON() async throws {
        let clock = ManualClock()
        let pool = PlayerPool(configuration: .init(loadTimeout: nil, applyTimeout: nil), clock: clock) {
            SimulatedEngine(clock: clock)
        }
        let analytics = Analytics()
        let feed = try await pool.makeSession(named: "feed", settings: PlaybackSettings(isMuted: true))
        // snippet MeasuringPlaybackAndFailures/forward
        let events = await pool.events()
        let forwarding = Task {
            for await event in events {
                guard case .qualityReported(_, let page, let quality) = event else { continue }
                let body = try JSONEncoder().encode(quality)
                analytics.send("playback", page: page, body: body)
            }
        }
        // end snippet
        let lease = try await feed.acquire(MediaItem(id: "clip-1"))
        var statuses = feed.status(of: lease).makeAsyncIterator()
        while await statuses.next()?.phase != .playing {}
        clock.advance(by: .milliseconds(12_500))
        try await feed.giveBack(lease)
        await pool.shutdown()
        try await forwarding.value
        let sent = analytics.sent.withLock { $0 }
        #expect(sent.map(\.1) == ["feed"])
        let body = try #require(sent.first?.2)
        let decoded = try JSONDecoder().decode(PlaybackQuality.self, from: body)
        #expect(decoded == PlaybackQuality(startupTime: .zero, playingTime: .milliseconds(12_500)))
        let object = try JSONSerialization.jsonObject(with: body)
        let json = try #require(object as? [String: Any])
        #expect(json["playingTime"] as? Double == 12.5)
        #expect(json["rebufferRatio"] as? Double == 0)
    }
}
