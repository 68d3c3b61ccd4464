@_spi(EngineSupport) import SeamlessPlayback
import SeamlessPlaybackTesting
import Testing

// The code blocks of ControllingAndObservingPlayback.md, compiled and run (see DocumentationSnippetsTests.swift).

@Suite("Documentation: Controlling and Observing Playback", .timeLimit(.minutes(1)))
struct DocumentationSnippetsPlaybackTests {
    @Test func theFeedLoopsTheDetailPageSeeksFollowsItsStatusAndResumesAfterACall() async throws {
        let clock = ManualClock()
        let pool = PlayerPool(configuration: .init(loadTimeout: nil, applyTimeout: nil), clock: clock) {
            SimulatedEngine(clock: clock, duration: .seconds(60))
        }
        let controls = Controls()

        // snippet ControllingAndObservingPlayback/end-actions
        let feed = try await pool.makeSession(
            named: "feed", settings: PlaybackSettings(isMuted: true, contentMode: .aspectFill, endAction: .loop))
        let detail = try await pool.makeSession(named: "detail", settings: PlaybackSettings(endAction: .pause))
        // end snippet
        let owned = try await feed.acquire(MediaItem(id: "clip-42"))
        let lease = try await detail.borrow(try await feed.lend(owned))
        let engine = try #require(lease.engine as? SimulatedEngine)

        // snippet ControllingAndObservingPlayback/seek
        try await detail.seek(lease, to: .seconds(30))
        try await detail.seek(lease, to: .zero)  // replay
        // end snippet
        #expect(engine.record.seeks == [.seconds(30), .zero])

        let chrome = Self.followStatus(of: lease, in: detail, controls: controls)
        await controls.wait(for: "progress")
        engine.pauseBySystem(.interrupted)
        await controls.wait(for: "banner interrupted")
        #expect(engine.phase == .paused(.interrupted))

        // snippet ControllingAndObservingPlayback/resume
        try await detail.update { _ in }  // the page's own settings go on again: playing, with its sound and rate
        // end snippet
        #expect(engine.phase == .playing)
        clock.advance(by: .seconds(60))
        await controls.wait(for: "end card")
        try await detail.giveBack(lease)
        await chrome.value
        #expect(await pool.metrics.outsideChanges == 1)
        await pool.shutdown()
    }

    /// The status loop as the article shows it does not keep the detail page alive: the page dropped without
    /// `close()` is closed (its player free for another page), which ends the loop.
    @Test(.timeLimit(.minutes(1))) func theStatusLoopEndsWhenItsPageIsDroppedWithoutClosing() async throws {
        let pool = PlayerPool(configuration: .init(capacity: 1)) { SimulatedEngine() }
        let controls = Controls()
        let chrome = try await Self.detailFollowingItsStatus(in: pool, controls: controls)
        _ = await chrome.value  // a loop that never ended would meet the suite's time limit
        #expect(await pool.snapshot().map(\.holders) == [[]])
        let other = try await pool.makeSession(named: "other")
        _ = try await other.acquire(MediaItem(id: "clip-42"), timeout: .zero)
        await pool.shutdown()
    }

    /// The article's status loop over the lease's status stream.
    private static func followStatus(
        of lease: PlayerLease, in detail: PageSession, controls: Controls
    ) -> Task<Void, Never> {
        // snippet ControllingAndObservingPlayback/status
        let chrome = Task { [statuses = detail.status(of: lease)] in  // the stream, not the page
            for await status in statuses {
                switch status.phase {
                case .loading, .buffering: controls.showSpinner()
                case .playing: controls.showProgress(status.position, of: status.duration)
                case .paused(.requested): controls.showPlayButton()
                case .paused(let reason): controls.showResumeBanner(reason)  // the system paused it: the page decides
                case .ended: controls.showEndCard()
                }
            }
        }
        // end snippet
        return chrome
    }

    /// A detail page playing a clip, its status followed as the article shows; the page is dropped on return.
    private static func detailFollowingItsStatus(
        in pool: PlayerPool, controls: Controls
    ) async throws -> Task<Void, Never> {
        let detail = try await pool.makeSession(named: "detail", settings: PlaybackSettings(endAction: .pause))
        let lease = try await detail.acquire(MediaItem(id: "clip-42"))
        let chrome = Self.followStatus(of: lease, in: detail, controls: controls)
        await controls.wait(for: "progress")
        return chrome
    }
}

/// A stand-in for a detail page's player controls: remembers what it showed, and lets the test wait for it.
private final class Controls: Sendable {
    private let state = Locked((shown: [String](), waiters: [(String, CheckedContinuation<Void, Never>)]()))

    func showSpinner() { show("spinner") }
    func showProgress(_ position: Duration, of duration: Duration?) { show("progress") }
    func showPlayButton() { show("play button") }
    func showResumeBanner(_ reason: PauseReason) { show("banner \(reason)") }
    func showEndCard() { show("end card") }

    private func show(_ what: String) {
        let ready = state.withLock { state in
            state.shown.append(what)
            let ready = state.waiters.filter { $0.0 == what }.map(\.1)
            state.waiters.removeAll { $0.0 == what }
            return ready
        }
        for waiter in ready { waiter.resume() }
    }

    /// Returns once the controls have shown `what` (at once if they have already).
    func wait(for what: String) async {
        await withCheckedContinuation { continuation in
            let shown = state.withLock { state in
                if state.shown.contains(what) { return true }
                state.waiters.append((what, continuation))
                return false
            }
            if shown { continuation.resume() }
        }
    }
}
