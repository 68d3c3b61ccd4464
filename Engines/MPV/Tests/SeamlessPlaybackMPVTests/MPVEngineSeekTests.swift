import Foundation
import SeamlessPlayback
import Testing

@testable import SeamlessPlaybackMPV

/// `seek(to:)` on real playback: a local file, the same over local HTTP, and files mpv cannot seek in.
@Suite("MPVEngine seeks on real playback")
struct MPVEngineSeekTests {
    /// Seeks `engine` to `target` and checks that it landed there: the position read when the seek returns is the
    /// target within one frame, plus what playback ran since its first frame (at most the seek's own wall time, a
    /// frame or so, more on a loaded machine); that the position then goes on from there, and advances with the wall
    /// clock (never back, never faster than the wall allows).
    private func expectSeekLands(_ engine: MPVEngine, at target: Duration) async throws {
        let began = ContinuousClock.now
        let landed = try await engine.seek(to: target, precision: .exact)
        let returned = ContinuousClock.now
        expectLanding(landed, on: target, within: began.duration(to: returned))
        let first = await PositionSample.take(from: engine)
        let allowed = began.duration(to: first.received) + TestMedia.frame * 2
        #expect(first.position >= landed, "the position went back from \(landed) to \(first.position)")
        #expect(first.position <= landed + allowed, "the position ran on from \(landed) to \(first.position)")
        var previous = first
        while previous.position < first.position + .milliseconds(300) {
            let sample = await PositionSample.take(from: engine)
            if let problem = sample.discontinuity(since: previous, maxRate: 1) { Issue.record("\(problem)") }
            previous = sample
            guard first.received.duration(to: sample.received) < .seconds(5) else {
                Issue.record("after the seek to \(target), the position stalled at \(sample.position)")
                return
            }
        }
        if let problem = previous.discontinuity(since: first, maxRate: 1) { Issue.record("since the seek: \(problem)") }
    }

    /// Expects a landing on `frame` within one frame, or later by no more than `elapsed` of playback at 1×.
    private func expectLanding(_ landed: Duration, on frame: Duration, within elapsed: Duration) {
        #expect(landed >= frame - TestMedia.frame - .milliseconds(1), "landed at \(landed), before \(frame)")
        #expect(
            landed <= frame + TestMedia.frame + elapsed + .milliseconds(1),
            "landed at \(landed), beyond \(frame) and the \(elapsed) the seek took")
    }

    @Test("a seek on the six-second mp4 lands on its target within a frame and plays on from there")
    func seekOnFile() async throws {
        let engine = try await MPVEngine()
        try await engine.load(LocalMedia.shared.item("clip.mp4"))
        for target in [Duration.seconds(3.5), .seconds(1), .milliseconds(4_900)] {
            try await expectSeekLands(engine, at: target)
        }
        #expect(engine.fileLoadedCount == 1, "a seek reloads nothing")
        await engine.shutdown()
    }

    @Test("a seek over local HTTP (range requests) lands the same")
    func seekOverHTTP() async throws {
        let server = try await MediaServer.start()
        defer { server.stop() }
        let engine = try await MPVEngine()
        try await engine.load(server.file("clip.mp4"))
        for target in [Duration.seconds(4), .milliseconds(500)] {
            try await expectSeekLands(engine, at: target)
        }
        await engine.shutdown()
    }

    @Test("a keyframe seek lands on the keyframe at or before the target (one a second in the clip)")
    func keyframeSeek() async throws {
        let engine = try await MPVEngine()
        try await engine.load(LocalMedia.shared.item("clip.mp4"))
        let began = ContinuousClock.now
        let landed = try await engine.seek(to: .seconds(3.5), precision: .keyframe)
        expectLanding(landed, on: .seconds(3), within: began.duration(to: .now))
        await engine.shutdown()
    }

    @Test("a position past the end lands on the end, where the last frame stays")
    func seekPastTheEnd() async throws {
        let engine = try await MPVEngine()
        try await engine.load(LocalMedia.shared.item("clip.mp4"))
        let landed = try await engine.seek(to: .seconds(100), precision: .exact)
        #expect(landed <= LocalMedia.duration + .milliseconds(100), "\(landed)")
        #expect(landed >= LocalMedia.duration - .milliseconds(100), "\(landed)")
        await engine.shutdown()
    }

    @Test("the mp4 served without ranges with its index at the end cannot seek: the seek throws, the engine goes on")
    func seekRefusedOnTailIndexWithoutRanges() async throws {
        let server = try await MediaServer.start()
        defer { server.stop() }
        let engine = try await MPVEngine()
        try await engine.load(server.linear("tail-index.mp4"))
        // mpv reports the file unseekable before its first frame; the seek reads its cache and goes no further.
        await #expect {
            try await engine.seek(to: .seconds(3))
        } throws: { error in
            guard case MPVError.seekRefused(let position, _) = error else { return false }
            return position == .seconds(3)
        }
        #expect(!engine.isShutDown)
        try await engine.load(LocalMedia.shared.item("clip.mp4"))
        try await expectSeekLands(engine, at: .seconds(2))
        await engine.shutdown()
    }

    @Test("a seek that a newer load overtakes ends, landed or interrupted, and never hangs; the load plays")
    func seekOvertakenByLoad() async throws {
        let engine = try await MPVEngine()
        try await engine.load(LocalMedia.shared.item("clip.mp4"))
        try await engine.seek(to: .seconds(1))  // now the engine knows the file can seek: the next seek goes straight
        // The event thread parked, no reply is read: the seek goes to mpv first, the load right after it.
        let hold = await engine.holdEvents()
        let seek = Task { try await engine.seek(to: .seconds(4)) }
        #expect(await eventually { engine.requestsPending == 1 })
        let load = Task { try await engine.load(LocalMedia.shared.item("short.mp4")) }
        #expect(await eventually { engine.requestsPending == 2 })
        hold.release()
        try await load.value
        switch await seek.result {
        case .success:
            break
        case .failure(let error):
            guard case MPVError.seekInterrupted = error else {
                Issue.record("the seek failed with \(error)")
                break
            }
        }
        #expect(engine.fileLoadedCount == 2)
        await engine.shutdown()
    }

    @Test("a seek on nothing loaded is refused with mpv's reason")
    func seekWithNothingLoaded() async throws {
        let engine = try await MPVEngine()
        await #expect {
            try await engine.seek(to: .seconds(1))
        } throws: { error in
            guard case MPVError.seekRefused = error else { return false }
            return true
        }
        await engine.shutdown()
    }

    @Test("a seek after shutdown is refused at once")
    func seekAfterShutdown() async throws {
        let engine = try await MPVEngine()
        try await engine.load(TestMedia.clip)
        await engine.shutdown()
        await #expect(throws: MPVError.shutDown) { try await engine.seek(to: .seconds(1)) }
    }
}
