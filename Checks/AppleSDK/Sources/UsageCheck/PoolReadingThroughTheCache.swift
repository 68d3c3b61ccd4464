import AVFoundation
import SeamlessPlayback
import SeamlessPlaybackAVFoundation

/// The AVFoundation catalog's "Reading through the cache" example, verbatim between the snippet lines (a test
/// compares them), so that the way an app gives its engines a cache is type-checked. Never run.
@MainActor
func poolReadingThroughTheCache(cacheDirectory: URL) throws {
    // snippet SeamlessPlaybackAVFoundation/cached-reading
    let cache = try MediaCache(directory: cacheDirectory, capacity: 512 * 1024 * 1024)
    let pool = PlayerPool(configuration: .init(capacity: 4)) {
        await AVPlayerEngine(cachedReading: CachedReading(cache: cache))
    }
    // end snippet
    _ = pool
}
