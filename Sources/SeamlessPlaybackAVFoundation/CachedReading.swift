import SeamlessPlayback

/// How an `AVPlayerEngine` reads its media through a `MediaCache`: what the cache holds is
/// served from it, the rest fetched from the origin by a `ByteSource` and written into the cache as
/// it arrives.
///
/// Only progressive `https` media whose file extension is `mp4`, `mov` or `m4v` are read this way
/// (`CacheRoute.route(for:)`), and plain `http` ones only with ``allowsPlainHTTP``; HLS playlists, local files and
/// other media bypass the cache and are read by AVFoundation itself. The engine gives its asset a URL of its own scheme (`seamlesscache-https`), so that
/// AVFoundation asks the engine's resource loader for every byte.
public struct CachedReading: Sendable {
    /// The cache the media's bytes are read from and written into; the prefetcher may fill the same one.
    public var cache: MediaCache
    /// Where the bytes the cache lacks come from. The default `HTTPByteSource` uses an ephemeral session of its own:
    /// no cookie of the app's reaches the origin. For a CDN that authorizes by cookie or by a session-wide header,
    /// give `HTTPByteSource(sessionConfiguration: .default)` (or the app's own configuration).
    public var source: any ByteSource
    /// The least one origin read fetches, in bytes: AVFoundation's smaller reads are widened to it, the extra going
    /// into the cache. Default 256 KiB.
    public var minimumFetch: Int64
    /// The least one origin read fetches while the player stands paused at `PreloadDepth.lean`, in bytes, so that a
    /// small read is not widened past what a lean preload needs; how much it reads in all is AVFoundation's choice,
    /// bounded by ``PausedBuffering/lean``. Counted as ``minimumFetch`` when larger. Default 64 KiB.
    public var minimumFetchWhileLean: Int64
    /// Whether plain `http` media are read through the cache too. Default `false`: they play directly.
    ///
    /// App Transport Security treats the two readers differently: `NSAllowsArbitraryLoadsForMedia` exempts
    /// AVFoundation's own loads, not URLSession's, so under it an `http` clip plays when AVFoundation reads it and
    /// fails (`NSURLErrorAppTransportSecurityRequiresSecureConnection`) when the cache's source fetches it. Set it to
    /// `true` only when the app's ATS settings let URLSession load those hosts over `http`
    /// (`NSAllowsArbitraryLoads`, or an `NSExceptionDomains` entry with `NSExceptionAllowsInsecureHTTPLoads`).
    public var allowsPlainHTTP: Bool

    /// Settings for reading through `cache`, with the default ``minimumFetchWhileLean`` (64 KiB).
    /// - Parameters:
    ///   - cache: The cache.
    ///   - source: Where missing bytes come from. Default an `HTTPByteSource` of its own.
    ///   - minimumFetch: The least one origin read fetches. Default 256 KiB.
    ///   - allowsPlainHTTP: Whether plain `http` media are read through the cache (``allowsPlainHTTP``). Default
    ///     `false`.
    public init(
        cache: MediaCache, source: any ByteSource = HTTPByteSource(), minimumFetch: Int64 = 256 * 1024,
        allowsPlainHTTP: Bool = false
    ) {
        self.init(
            cache: cache, source: source, minimumFetch: minimumFetch, minimumFetchWhileLean: 64 * 1024,
            allowsPlainHTTP: allowsPlainHTTP)
    }

    /// Settings for reading through `cache`, with a least fetch of its own while the player stands paused at the lean
    /// depth.
    /// - Parameters:
    ///   - cache: The cache.
    ///   - source: Where missing bytes come from. Default an `HTTPByteSource` of its own.
    ///   - minimumFetch: The least one origin read fetches. Default 256 KiB.
    ///   - minimumFetchWhileLean: The least while the player stands paused at the lean depth
    ///     (``minimumFetchWhileLean``).
    ///   - allowsPlainHTTP: Whether plain `http` media are read through the cache (``allowsPlainHTTP``). Default
    ///     `false`.
    public init(
        cache: MediaCache, source: any ByteSource = HTTPByteSource(), minimumFetch: Int64 = 256 * 1024,
        minimumFetchWhileLean: Int64, allowsPlainHTTP: Bool = false
    ) {
        self.cache = cache
        self.source = source
        self.minimumFetch = minimumFetch
        self.minimumFetchWhileLean = minimumFetchWhileLean
        self.allowsPlainHTTP = allowsPlainHTTP
    }

    /// The most one cache read responds at once (1 MiB), so that AVFoundation asking for a whole cached media is
    /// answered piece by piece.
    static let cacheReadLimit: Int64 = 1 << 20
}
