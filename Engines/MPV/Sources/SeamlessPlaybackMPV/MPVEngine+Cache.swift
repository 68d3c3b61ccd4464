import SeamlessPlayback

extension MPVEngine {
    /// Creates a player that reads progressive HTTP(S) media through `cache`: bytes the cache holds are read from
    /// it, the others from the origin with `byteSource`, and written into the cache as they arrive.
    ///
    /// Such media load as `seamlesscache://` followed by their URL, a protocol registered on this engine's mpv;
    /// HLS playlists, files and other sources bypass the cache (``SeamlessPlayback/CacheRoute``). A byte the cache
    /// cannot vouch for is read from the origin again: a damaged cache never plays wrong bytes. When the origin fails
    /// the load, the ``SeamlessPlayback/MediaFailure`` says how (HTTP 404 or 410 is
    /// ``SeamlessPlayback/MediaFailure/Kind/notFound``). Stopping or replacing a load cancels the origin read it
    /// waits on.
    /// - Parameters:
    ///   - options: mpv options and timeouts, as ``init(options:)`` takes them.
    ///   - cache: The cache to read through and fill.
    ///   - byteSource: Where the bytes the cache lacks come from. Defaults to a new
    ///     ``SeamlessPlayback/HTTPByteSource``.
    /// - Throws: As ``init(options:)``.
    public convenience init(
        options: Options = Options(), cache: MediaCache, byteSource: any BlockingByteSource = HTTPByteSource()
    ) async throws(MPVError) {
        let streams = CacheStreamProtocol(
            cache: cache, source: byteSource, minimumFetchWhilePaused: options.leastFetchWhilePaused,
            minimumFetchWhileLean: options.leanFetchWhilePaused)
        try await self.init(options: options, streams: streams)
    }

    /// The cache the engine reads progressive HTTP(S) media through, or `nil` when it reads them directly.
    public var cache: MediaCache? { client.streams?.cache }
}
