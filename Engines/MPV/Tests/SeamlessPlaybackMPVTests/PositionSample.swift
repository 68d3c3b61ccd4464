import SeamlessPlayback
import SeamlessPlaybackMPV

/// One reading of an engine's position, with the wall-clock window in which mpv took it.
struct PositionSample: CustomStringConvertible {
    let requested: ContinuousClock.Instant
    let received: ContinuousClock.Instant
    let position: Duration

    /// Reads the engine's position (`time-pos`) and notes when the request left and the reply came.
    static func take(from engine: any PlaybackEngine) async -> PositionSample {
        let requested = ContinuousClock.now
        let position = await engine.currentPosition()
        return PositionSample(requested: requested, received: .now, position: position)
    }

    var description: String { "\(position)" }

    /// Reads the engine's position every 20 ms for `window` of wall-clock time, which is what a test of a player
    /// that must stand still watches for; returns the readings, first to last (at least one).
    static func series(from engine: any PlaybackEngine, over window: Duration) async -> [PositionSample] {
        var samples = [await take(from: engine)]
        while samples[0].requested.duration(to: .now) < window {
            try? await Task.sleep(for: .milliseconds(20))
            samples.append(await take(from: engine))
        }
        return samples
    }

    /// Why playback was not continuous from `earlier` to this sample, or `nil` when it was.
    ///
    /// Continuous means: the position never goes back, and it advances no more than the wall time
    /// between the two readings allows at `maxRate`, plus a frame for each update the earlier reading may trail by
    /// (`trailingFrames`) and one for the frame in progress (`time-pos` moves a frame at a time).
    func discontinuity(
        since earlier: PositionSample, maxRate: Double, frame: Duration = TestMedia.frame, trailingFrames: Int = 1
    ) -> String? {
        let advance = position - earlier.position
        if advance < .zero {
            return "position went back from \(earlier.position) to \(position)"
        }
        // The position is read from mpv's last observed `time-pos`, which may trail the playback by
        // `trailingFrames` updates when the machine is busy: that many frames of slack, one for the frame in progress.
        let allowed =
            earlier.requested.duration(to: received) * maxRate + frame * (trailingFrames + 1) + .milliseconds(1)
        if advance > allowed {
            return "position jumped \(advance) in a window that allows \(allowed)"
        }
        return nil
    }
}
