extension MediaPrefetcher {
    /// What a prefetcher has done since it was made.
    public struct Stats: Hashable, Sendable {
        /// The bytes fetched and written into the cache.
        public var fetchedBytes: Int64 = 0
        /// Fetches that ended with their range delivered.
        public var completedFetches = 0
        /// Fetches that failed: the source's error, or the cache's.
        public var failedFetches = 0
        /// Fetches cancelled: their item left the plan, or the plan was held.
        public var cancelledFetches = 0
        /// What the link delivers to the fetches, in bytes per second, as the prefetcher sizes what it fetches by;
        /// `nil` until its fetches have received for a fifth of a second and brought 32 KiB.
        public var linkBytesPerSecond: Double?

        /// Creates empty stats.
        public init() {}
    }

    /// Why a fetch failed.
    public enum Failure: Error, Hashable, Sendable {
        /// The source could not read the bytes.
        /// - Parameter error: The source's error.
        case source(ByteSourceError)
        /// The cache would not take them.
        /// - Parameter error: The cache's error.
        case cache(MediaCacheError)
    }

    /// Something a prefetcher did, reported to its `onEvent` hook as it happens: for tests and logs.
    public enum Event: Hashable, Sendable {
        /// A fetch of `range` of the item started.
        case started(MediaItem, range: Range<Int64>)
        /// A fetch ended with `range` delivered and cached.
        case completed(MediaItem, range: Range<Int64>)
        /// A fetch failed; what it wrote before stays cached.
        case failed(MediaItem, Failure)
        /// A fetch was cancelled; what it wrote before stays cached. Also a fetch that fetched nothing because, as it
        /// started, another fetch (an engine's) was already bringing the first bytes of its range.
        case cancelled(MediaItem)
    }
}
