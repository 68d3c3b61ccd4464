import SoakCheck

/// One sample of the soak's series.
struct SoakSample: Codable, Sendable {
    var seconds: Double
    /// How long the look took: the pool's snapshots, mpv's properties and the pool's metrics.
    var lookSeconds: Double
    var residentMiB: Double
    var descriptors: Int
    var threads: Int
    var mpvHandles: Int
    /// `MPVEngine` objects not yet freed, shut-down ones included.
    var engineObjects: Int
    var openStreams: Int
    var streamObjects: Int
    var cacheFiles: Int
    var cacheKiB: Double
    var cacheUsedKiB: Double
    var poolLive: Int
    var poolIdle: Int
    var tokens: Int
    var leases: Int
    var loads: Int
    var handoffs: Int
    var prefetched: Int64

    /// A series the soak judges: its name, unit, how to read it from a sample, and the rise over the second half
    /// that counts as noise.
    struct Series: Sendable {
        var name: String
        var unit: String
        var value: @Sendable (SoakSample) -> Double
        var bound: SeriesTrend.Bound
    }

    /// The series judged at the end, with their stated noise floors (``SeriesTrend`` adds three standard errors of
    /// the fitted rise: the pool's trims and refills swing the per-engine series by the capacity's worth). Memory:
    /// 40 MiB or 10 % (allocator and decoder caches move by that much: resident memory steps up when mpv's decoders
    /// and the malloc arenas reach a new high-water mark, and a minute's second half can hold such a step — five
    /// one-minute runs on a 2-core VM, 2026-12-05, debug, `MALLOC_ARENA_MAX=2`, some beside builds, rose by −7 to
    /// +34 MiB over it with every count flat; an engine leaked per gesture would be hundreds); descriptors and threads: 8 (an origin
    /// connection, an mpv thread or a fetch thread may be open at a sample); mpv handles, engine objects and pool
    /// players: 1; open streams 4; stream objects 68 (the latest 64 closed ones are kept by design, so the series
    /// fills to them first); cache files 8 and bytes a quarter of the capacity (it fills and evicts); tokens and
    /// leases 2.
    static let judged: [Series] = [
        Series(
            name: "resident memory", unit: "MiB", value: { $0.residentMiB }, bound: .init(absolute: 40, relative: 0.1)),
        Series(name: "open fds", unit: "", value: { Double($0.descriptors) }, bound: .init(absolute: 8)),
        Series(name: "threads", unit: "", value: { Double($0.threads) }, bound: .init(absolute: 8)),
        Series(name: "mpv handles", unit: "", value: { Double($0.mpvHandles) }, bound: .init(absolute: 1)),
        Series(name: "engine objects", unit: "", value: { Double($0.engineObjects) }, bound: .init(absolute: 1)),
        Series(name: "open streams", unit: "", value: { Double($0.openStreams) }, bound: .init(absolute: 4)),
        Series(name: "stream objects", unit: "", value: { Double($0.streamObjects) }, bound: .init(absolute: 68)),
        Series(name: "cache files", unit: "", value: { Double($0.cacheFiles) }, bound: .init(absolute: 8)),
        Series(
            name: "cache on disk", unit: "KiB", value: { $0.cacheKiB },
            bound: .init(absolute: Double(SoakBench.cacheCapacity) / 1_024 / 4)),
        Series(name: "pool players", unit: "", value: { Double($0.poolLive) }, bound: .init(absolute: 1)),
        // The pool forgets a token's record lazily, at the next lend or borrow after it lapsed (a lifetime after it
        // expired, 20 s in all): the count follows the detail pages' lending over the last 20 s, a few at most, and
        // can rise by that much over a minute's second half without growing.
        Series(name: "tokens", unit: "", value: { Double($0.tokens) }, bound: .init(absolute: 8)),
        Series(name: "leases held", unit: "", value: { Double($0.leases) }, bound: .init(absolute: 2)),
    ]
}
