import Foundation
import MediaFixtures
import SeamlessPlayback
import SeamlessPlaybackMPV
import SeamlessPlaybackTesting

/// `mpv-bench --readahead`: how many bytes a preloaded engine — paused before its load, as the pool preloads — pulls
/// through the cache from the origin in the seconds after its load returns, with mpv's defaults and with the
/// engine's own, on a 30-second 640×360 clip of about 1.1 Mbit/s served by a `TestOrigin`.
struct ReadAheadBench {
    /// The clip's length.
    static let clipSeconds = 30
    /// The clip: 640×360 at about 1 Mbit/s, its pictures 4:4:4 as x264 keeps testsrc's RGB.
    static let recipe = ClipRecipe(
        seconds: clipSeconds, width: 640, height: 360, isConvertedToYUV420: false,
        videoRate: .average(kilobits: 1_000))
    /// When the origin's byte counter is read, after the load returns.
    static let samples: [Duration] = [.zero, .milliseconds(500), .seconds(1), .seconds(2), .seconds(4)]

    /// One configuration's figures.
    struct Row {
        var name: String
        /// Bytes the origin sent, at each of ``samples``.
        var bytes: [Int64]
        var requests: Int
    }

    /// Makes the clip and measures each configuration `repetitions` times (a fresh cache and engine each time),
    /// keeping the median at each sample.
    static func run(repetitions: Int) async throws(BenchError) -> (clipBytes: Int64, rows: [Row]) {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("seamless-readahead-\(ProcessInfo.processInfo.processIdentifier)")
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let clip = folder.appendingPathComponent("feed.mp4")
            try await recipe.make(at: clip)
            let size = Int64(try Data(contentsOf: clip).count)
            let origin = try TestOrigin(resources: ["/feed.mp4": .file(clip)])
            defer { origin.stop() }
            var rows: [Row] = []
            for (name, options, throughCache) in configurations {
                var runs: [Row] = []
                for index in 0..<repetitions {
                    let cacheFolder = folder.appendingPathComponent("cache-\(name)-\(index)")
                    runs.append(
                        try await measure(
                            name, options: options, origin: origin, cacheFolder: throughCache ? cacheFolder : nil))
                }
                let medians = samples.indices.map { sample in runs.map { $0.bytes[sample] }.sorted()[runs.count / 2] }
                rows.append(Row(name: name, bytes: medians, requests: runs.map(\.requests).sorted()[runs.count / 2]))
            }
            return (size, rows)
        } catch let error as BenchError {
            throw error
        } catch {
            throw .failed("cannot measure the read-ahead: \(error)")
        }
    }

    /// The configurations compared: mpv's own options, and the engine's as it ships.
    static let configurations: [(name: String, options: MPVEngine.Options, throughCache: Bool)] = [
        ("direct HTTP (no cache)", MPVEngine.Options(), false),
        ("direct HTTP, cache-secs=36000", MPVEngine.Options(mpvOptions: ["cache-secs": "36000"]), false),
        ("direct HTTP, cache=no", MPVEngine.Options(mpvOptions: ["cache": "no"]), false),
        ("through the cache", MPVEngine.Options(), true),
        ("through the cache, cache=yes", MPVEngine.Options(mpvOptions: ["cache": "yes"]), true),
        ("through the cache, 64 KiB paused fetch", MPVEngine.Options(leastFetchWhilePaused: 64 * 1_024), true),
        (
            "through the cache, 64 KiB paused fetch, 0.25 s paused",
            MPVEngine.Options(readAheadWhilePaused: .milliseconds(250), leastFetchWhilePaused: 64 * 1_024), true
        ),
    ]

    private static func measure(
        _ name: String, options: MPVEngine.Options, origin: TestOrigin, cacheFolder: URL?
    ) async throws -> Row {
        let cache = try cacheFolder.map { try MediaCache(directory: $0, capacity: 256 << 20) }
        let engine = try await MPVEngine.make(options: options, readingThrough: cache)
        await engine.apply(.idle)
        let before = origin.stats
        let url = origin.url(for: "/feed.mp4")
        try await engine.load(MediaItem(id: url.absoluteString, url: url))
        let loaded = ContinuousClock.now
        var bytes: [Int64] = []
        for sample in samples {
            try await Task.sleep(until: loaded + sample)
            bytes.append(origin.stats.bodyBytesSent - before.bodyBytesSent)
        }
        let requests = origin.stats.requests - before.requests
        await engine.shutdown()
        return Row(name: name, bytes: bytes, requests: requests)
    }
}
