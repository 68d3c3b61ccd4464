import SeamlessPlayback
import SeamlessPlaybackTesting
import Testing

// The code block of TestingYourApp.md's section "Play the system", compiled and run (see DocumentationSnippetsTests).

@Suite("Documentation: Testing Your App, the system's side")
struct DocumentationSnippetsTestingTests {
    @Test(.timeLimit(.minutes(1))) func testingYourAppTheSystemPausesStallsAndEnds() async throws {
        // snippet TestingYourApp/system
        let clock = ManualClock()
        let engine = SimulatedEngine(clock: clock, duration: .seconds(6))
        let (reports, reported) = AsyncStream.makeStream(of: PlaybackStatus.self)
        engine.onStatusChange { reported.yield($0) }  // in a pool, the pool listens here
        try await engine.load(MediaItem(id: "clip-1"))
        await engine.apply(PlaybackSettings())  // endAction: .pause, the default
        clock.advance(by: .seconds(2))

        engine.pauseBySystem(.interrupted)  // a phone call
        clock.advance(by: .seconds(30))
        #expect(await engine.currentPosition() == .seconds(2))  // the position held
        await engine.apply(PlaybackSettings())  // the next apply plays on

        engine.stall()  // the network is slow
        engine.endStall()
        let phases = engine.record.statuses.map(\.phase)
        #expect(phases == [.loading, .playing, .paused(.interrupted), .playing, .buffering, .playing])

        clock.advance(by: .seconds(4))  // 6 s in: the end
        #expect(engine.phase == .ended)
        for await status in reports where status.phase == .ended {
            #expect(status.position == .seconds(6))
            break
        }
        // end snippet
        let ended = PlaybackStatus(phase: .ended, position: .seconds(6), duration: .seconds(6))
        #expect(engine.record.statuses.last == ended)
    }
}
