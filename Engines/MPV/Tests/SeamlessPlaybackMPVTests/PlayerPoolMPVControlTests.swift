import Foundation
import SeamlessPlayback
import Testing

@testable import SeamlessPlaybackMPV

/// Seek, end actions, status and outside changes through the pool, with real mpv engines.
@Suite("PlayerPool with real mpv engines: seek, loops, status, outside changes")
struct PlayerPoolMPVControlTests {
    @Test("a loop plays on with no reload and no end; the page's switch to pause stops it on its last frame")
    func loopThenEnd() async throws {
        let pool = PlayerPool(configuration: .init(capacity: 1)) { try await ObservedEngine() }
        let feed = try await pool.makeSession(
            named: "feed", settings: PlaybackSettings(isMuted: true, endAction: .loop))
        let lease = try await feed.acquire(LocalMedia.shared.item("short.mp4"))
        let engine = try #require(lease.engine as? ObservedEngine)
        #expect(try await engine.mpv.liveSettings().endAction == .loop)

        // The two-second clip read as it plays until it wrapped, and on to its middle again: it wraps, never ends,
        // never reloads. Played time, not wall time, is what the loop is checked over: a busy machine only makes
        // the wait longer (the deadline guards against a hang).
        let deadline = ContinuousClock.now + .seconds(60)
        var previous = await engine.mpv.currentPosition()
        var wrapped = false
        var afterWrap = false
        while ContinuousClock.now < deadline, !afterWrap {
            _ = try await engine.mpv.doubleProperty("time-pos")  // a round trip: the position moves on meanwhile
            let position = await engine.mpv.currentPosition()
            // mpv itself steps back a few milliseconds at the end of the video (its clock turns to the audio's).
            if position + .seconds(1) < previous { wrapped = true }
            if wrapped, position >= LocalMedia.shortDuration / 2 { afterWrap = true }
            previous = position
        }
        #expect(wrapped, "the position never went back to the start")
        #expect(afterWrap, "the loop did not play on after it wrapped: \(previous)")
        #expect(previous < LocalMedia.shortDuration, "after the wrap the position is \(previous)")
        #expect(engine.mpv.fileLoadedCount == 1, "a loop reloads nothing")
        #expect(!engine.reports.all.contains { $0.phase == .ended }, "\(engine.reports.all)")

        let page = StatusProbe()
        let reading = page.follow(feed.status(of: lease))
        try await feed.update { $0.endAction = .pause }
        let ended = try #require(await page.next(.ended), "no end heard: \(page.all)")
        let gap =
            ended.position > LocalMedia.shortDuration
            ? ended.position - LocalMedia.shortDuration : LocalMedia.shortDuration - ended.position
        #expect(gap <= .milliseconds(200), "ended at \(ended.position)")
        #expect(ended.duration.map { abs(($0 - LocalMedia.shortDuration) / .seconds(1)) < 0.1 } == true)
        #expect(engine.mpv.isAtEnd)
        #expect(engine.mpv.fileLoadedCount == 1)

        // Replay from the end card: a seek to zero plays again.
        try await feed.seek(lease, to: .zero)
        #expect(await page.next(.playing) != nil, "no playing after the replay: \(page.all)")
        #expect(await engine.mpv.currentPosition() < .seconds(1))
        reading.cancel()
        await pool.shutdown()
    }

    @Test("a page's seek lands through the pool; one mpv cannot do answers seekFailed and the player plays on")
    func seekThroughThePool() async throws {
        let server = try await MediaServer.start()
        defer { server.stop() }
        let size = try await LocalMedia.shared.size(of: "clip.mp4")
        let pool = PlayerPool(configuration: .init(capacity: 1)) { try await MPVEngine() }
        let page = try await pool.makeSession(named: "page")

        let local = try await page.acquire(LocalMedia.shared.item("clip.mp4"))
        let engine = try #require(local.engine as? MPVEngine)
        let began = ContinuousClock.now
        try await page.seek(local, to: .seconds(4))
        let landed = await PositionSample.take(from: engine)
        // The first frame is at 4 s; the position read afterwards has moved on by no more than the wall time since.
        let allowed = began.duration(to: landed.received) + TestMedia.frame * 2
        #expect(landed.position >= .seconds(4) - TestMedia.frame, "\(landed)")
        #expect(landed.position <= .seconds(4) + allowed, "\(landed)")
        try await page.giveBack(local)

        // Served without ranges, a little faster than it plays: mpv has cached only the first seconds.
        let linear = try await page.acquire(server.linear("clip.mp4", rate: size / 4))
        await #expect {
            try await page.seek(linear, to: .seconds(5.5))
        } throws: { error in
            guard case PlayerPoolError.seekFailed(let reason) = error else { return false }
            return reason.contains("cannot seek")
        }
        let after = await PositionSample.take(from: engine)
        var sample = after
        while sample.position <= after.position + .milliseconds(100) {
            guard after.received.duration(to: sample.received) < .seconds(5) else {
                Issue.record("the player stopped at \(sample.position) after the refused seek")
                break
            }
            _ = try await engine.doubleProperty("time-pos")
            sample = await PositionSample.take(from: engine)
        }
        #expect(await pool.metrics.live == 1, "the engine stays in service")
        try await page.giveBack(linear)
        await pool.shutdown()
    }

    @Test("served slower than its bitrate, the page hears buffering then playing, and the position never goes back")
    func bufferingOnASlowServer() async throws {
        let server = try await MediaServer.start()
        defer { server.stop() }
        let size = try await LocalMedia.shared.size(of: "clip.mp4")
        // mpv plays on once 0.3 s of media are cached again (its default, one second, only makes the test longer).
        let pool = PlayerPool(configuration: .init(capacity: 1)) {
            try await MPVEngine(options: .init(mpvOptions: ["cache-pause-wait": "0.3"]))
        }
        let page = try await pool.makeSession(named: "page")
        // Six seconds of media at a tenth of its size per second: 0.6 of its bitrate.
        let lease = try await page.acquire(server.file("clip.mp4", rate: size / 10), timeout: .seconds(10))
        let engine = try #require(lease.engine as? MPVEngine)
        let heard = StatusProbe()
        let reading = heard.follow(page.status(of: lease))

        let positions = Task {
            var previous = Duration.zero
            var wentBack: [String] = []
            while !Task.isCancelled {
                let position = await engine.currentPosition()
                if position < previous { wentBack.append("\(previous) → \(position)") }
                previous = position
                _ = try? await engine.doubleProperty("time-pos")
            }
            return wentBack
        }
        #expect(await heard.next(.buffering) != nil, "no buffering heard: \(heard.all)")
        #expect(await heard.next(.playing) != nil, "no playing after buffering: \(heard.all)")
        positions.cancel()
        let wentBack = await positions.value
        #expect(wentBack.isEmpty, "the position went back: \(wentBack)")
        reading.cancel()
        await pool.shutdown()
    }

    @Test("a pause over mpv's IPC socket reaches the active page as a system pause; an unchanged update plays again")
    func outsidePauseThroughThePool() async throws {
        let socket = IPCClient.socketPath()
        defer { try? FileManager.default.removeItem(atPath: socket) }
        let pool = PlayerPool(configuration: .init(capacity: 1)) {
            try await MPVEngine(options: .init(mpvOptions: ["input-ipc-server": socket]))
        }
        let page = try await pool.makeSession(named: "detail", settings: PlaybackSettings(volume: 0.8))
        let lease = try await page.acquire(TestMedia.clip)
        let engine = try #require(lease.engine as? MPVEngine)
        let heard = StatusProbe()
        let reading = heard.follow(page.status(of: lease))
        #expect(await heard.next(.playing) != nil, "\(heard.all)")

        try await IPCClient.send(#"{"command":["set_property","pause",true]}"#, to: socket)
        #expect(await heard.next(.paused(.system)) != nil, "\(heard.all)")
        #expect(try await engine.flagProperty("pause") == true, "the pool does not undo a system pause by itself")
        #expect(await pool.metrics.outsideChanges == 1)

        try await page.update { _ in }
        #expect(try await engine.flagProperty("pause") == false)
        #expect(try await engine.liveSettings().isClose(to: PlaybackSettings(volume: 0.8)))
        #expect(await heard.next(.playing) != nil, "\(heard.all)")
        reading.cancel()
        await pool.shutdown()
    }
}
