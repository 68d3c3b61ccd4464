import AVFoundation
import SeamlessPlayback
import SeamlessPlaybackAVFoundation

/// The AVFoundation catalog's "Reading Through the Cache" examples, verbatim between the snippet lines (a test
/// compares them), so that the way an app gives its engines a cache is type-checked. Never run.
@MainActor
func poolReadingThroughTheCache(cacheDirectory: URL) throws {
    // snippet ReadingThroughTheCache/cached-reading
    let cache = try MediaCache(directory: cacheDirectory, capacity: 512 * 1024 * 1024)
    let pool = PlayerPool(configuration: .init(capacity: 4)) {
        await AVPlayerEngine(cachedReading: CachedReading(cache: cache))
    }
    // end snippet
    _ = pool
}

/// The same article's reading through the app's session: its cookies and headers reach the origin.
@MainActor
func poolReadingThroughTheAppsSession(cache: MediaCache) {
    // snippet ReadingThroughTheCache/app-session
    let source = HTTPByteSource(sessionConfiguration: .default)  // the shared cookie storage, the app's headers
    let reading = CachedReading(cache: cache, source: source, allowsPlainHTTP: false)
    let pool = PlayerPool(configuration: .init(capacity: 4)) { await AVPlayerEngine(cachedReading: reading) }
    // end snippet
    _ = pool
}
