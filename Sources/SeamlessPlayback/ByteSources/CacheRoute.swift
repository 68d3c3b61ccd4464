import Foundation

/// Whether an engine reads a media through the cache, and under which key.
public enum CacheRoute: Hashable, Sendable {
    /// Read through the cache, keyed by the URL's absolute string.
    case cached(key: String)
    /// Read directly: a local file, an HLS playlist (its segments are many small files the engine fetches itself), or
    /// a scheme the cache does not fetch.
    case bypass

    /// The route of a media's URL: `http` and `https` progressive files (MP4 and the like) go through the cache; HLS
    /// (`.m3u8`, `.m3u`), files and other schemes bypass it.
    /// - Parameter url: The media's URL.
    /// - Returns: Its route.
    public static func route(for url: URL) -> CacheRoute {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else { return .bypass }
        let pathExtension = url.pathExtension.lowercased()
        guard pathExtension != "m3u8", pathExtension != "m3u" else { return .bypass }
        return .cached(key: url.absoluteString)
    }
}
