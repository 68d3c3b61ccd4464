import SeamlessPlayback
import SeamlessPlaybackMPV

/// Seeks on real mpv: from the call to the first frame at the new position (`seek(to:)` returns at mpv's
/// `playback-restart` for it), exact and to the keyframe before, on the engine; and exact through the pool, as a
/// page's seek.
///
/// The targets walk the media by the golden ratio, between half a second and a second and a half before the end,
/// so that each seek jumps somewhere new, forward or back, and the two precisions see the same spread.
struct SeekBench {
    struct Result {
        var exact = Samples()
        var keyframe = Samples()
        var pageExact = Samples()
        /// The distance between each exact seek's target and where it landed (time-pos read after its first frame).
        var exactLandingErrors = Samples()
        /// How far before its target each keyframe seek landed (on the keyframe at or before it).
        var keyframeLandingOffsets = Samples()
        /// The media seeked in: the bench's media, or the rendered synthetic clip.
        var media = ""
        /// Why nothing was measured (a source with no fixed length), if nothing was.
        var skipped: String?
    }

    let media: MediaItem

    /// Runs `warmups` unmeasured then `repetitions` measured seeks of each kind.
    /// - Throws: ``BenchError/failed(_:)`` when mpv cannot load or seek.
    func run(repetitions: Int, warmups: Int = 3) async throws(BenchError) -> Result {
        var result = Result()
        result.media = media.id
        do {
            let engine = try await MPVEngine()
            try await engine.load(media)
            guard let duration = try await engine.doubleProperty("duration"), duration > 3 else {
                await engine.shutdown()
                result.skipped = "the media has no fixed length of more than 3 s"
                return result
            }
            let targets = Self.targets(count: warmups + repetitions, duration: duration)
            for (round, target) in targets.enumerated() {
                let isMeasured = round >= warmups
                let clock = ContinuousClock()
                var start = clock.now
                let landed = try await engine.seek(to: target.exact, precision: .exact)
                let exact = start.duration(to: clock.now)
                start = clock.now
                let keyframe = try await engine.seek(to: target.keyframe, precision: .keyframe)
                let keyframeTime = start.duration(to: clock.now)
                guard isMeasured else { continue }
                result.exact.append(exact)
                result.keyframe.append(keyframeTime)
                result.exactLandingErrors.append(landed > target.exact ? landed - target.exact : target.exact - landed)
                result.keyframeLandingOffsets.append(target.keyframe - keyframe)
            }
            await engine.shutdown()
            result.pageExact = try await pageSeeks(targets: targets.map(\.exact), warmups: warmups)
        } catch {
            throw .failed("seek failed: \(error)")
        }
        return result
    }

    /// Exact seeks of a page through the pool: `PageSession.seek` returns when the engine's seek does.
    private func pageSeeks(targets: [Duration], warmups: Int) async throws -> Samples {
        let pool = PlayerPool(configuration: .init(capacity: 1)) { try await MPVEngine() }
        var samples = Samples()
        do {
            let page = try await pool.makeSession(named: "page")
            let lease = try await page.acquire(media)
            let clock = ContinuousClock()
            for (round, target) in targets.enumerated() {
                let start = clock.now
                try await page.seek(lease, to: target)
                if round >= warmups { samples.append(start.duration(to: clock.now)) }
            }
        } catch {
            await pool.shutdown()
            throw error
        }
        await pool.shutdown()
        return samples
    }

    /// Exact and keyframe targets, each walking `[0.5, duration − 1.5]` by the golden ratio from its own start.
    static func targets(count: Int, duration: Double) -> [(exact: Duration, keyframe: Duration)] {
        let span = duration - 2
        let step = 0.618_033_988_75
        return (0..<count).map { index in
            let exact = 0.5 + (Double(index) * step).truncatingRemainder(dividingBy: 1) * span
            let keyframe = 0.5 + (Double(index) * step + 0.5).truncatingRemainder(dividingBy: 1) * span
            return (.milliseconds(Int64(exact * 1000)), .milliseconds(Int64(keyframe * 1000)))
        }
    }
}
