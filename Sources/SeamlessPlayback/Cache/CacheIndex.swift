/// Which chunk of which medium the cache holds, how many bytes its files take on disk, and which chunk was used
/// least recently.
///
/// Pure bookkeeping: ``MediaCacheStorage`` changes it only after the file it describes has been written or
/// removed, so that it never claims bytes the directory does not hold. ``usedBytes`` counts every file the index
/// knows (chunk files and length files) by its ``DiskFootprint``: its length, header included, rounded up to the
/// file system's allocation unit. That is what the capacity bounds.
///
/// Eviction is least recently used *by chunk*: each chunk carries the clock value of its last write or read, and
/// the chunk with the smallest value goes first. Writes store their clock value in the chunk's file, so the order
/// survives a relaunch; reads since the last write are forgotten then.
struct CacheIndex: Sendable {
    /// One chunk's bookkeeping.
    struct Chunk: Hashable, Sendable {
        /// The cached offsets within the medium.
        var ranges: RangeSet<Int64>
        /// How many bytes `ranges` covers.
        var byteCount: Int64
        /// The bytes the chunk's file takes on disk.
        var diskBytes: Int64
        /// The clock value of the chunk's last write or read.
        var lastUse: UInt64
    }

    /// One medium's bookkeeping.
    struct Media: Hashable, Sendable {
        var chunks: Set<Int64> = []
        var length: Int64?
    }

    /// One chunk of one medium.
    struct ChunkID: Hashable, Sendable {
        var key: String
        var chunk: Int64
    }

    /// How the files' lengths are counted on disk.
    let footprint: DiskFootprint
    private(set) var chunks: [ChunkID: Chunk] = [:]
    private(set) var media: [String: Media] = [:]
    /// The key each key hash stands for: never two keys with one hash, since they would share file names.
    private(set) var keysByHash: [UInt64: String] = [:]
    /// The bytes the files the index knows take on disk: every chunk's ``Chunk/diskBytes``, and each known length's
    /// file.
    private(set) var usedBytes: Int64 = 0
    /// The last clock value handed out.
    private(set) var clock: UInt64 = 0

    /// An empty index of files on a file system that allocates as `footprint` says.
    init(footprint: DiskFootprint) {
        self.footprint = footprint
    }

    /// A fresh clock value, later than every one before.
    mutating func tick() -> UInt64 {
        clock += 1
        return clock
    }

    /// Moves the clock to at least `value`, for the values read back from files.
    mutating func advanceClock(to value: UInt64) {
        clock = max(clock, value)
    }

    /// The key that holds `key`'s hash, when it is another key.
    func keyClashing(with key: String) -> String? {
        keysByHash[CacheFileName.keyHash(key)].flatMap { $0 == key ? nil : $0 }
    }

    /// The cached offsets of a medium.
    func cachedRanges(for key: String) -> RangeSet<Int64> {
        var ranges = RangeSet<Int64>()
        for chunk in media[key]?.chunks ?? [] {
            guard let chunk = chunks[ChunkID(key: key, chunk: chunk)] else { continue }
            for range in chunk.ranges.ranges { ranges.insert(contentsOf: range) }
        }
        return ranges
    }

    /// The end of a medium's last cached byte, or `nil` when none is cached.
    func cachedEnd(for key: String) -> Int64? {
        guard let last = media[key]?.chunks.max() else { return nil }
        return chunks[ChunkID(key: key, chunk: last)]?.ranges.ranges.last?.upperBound
    }

    /// Records a chunk's offsets (non-empty) as of clock value `lastUse`, replacing what was known of it.
    mutating func setChunk(_ id: ChunkID, ranges: RangeSet<Int64>, lastUse: UInt64) {
        let byteCount = ranges.ranges.reduce(Int64(0)) { $0 + Int64($1.count) }
        let diskBytes = footprint.chunkFile(key: id.key, ranges: ranges)
        usedBytes += diskBytes - (chunks[id]?.diskBytes ?? 0)
        chunks[id] = Chunk(ranges: ranges, byteCount: byteCount, diskBytes: diskBytes, lastUse: lastUse)
        media[id.key, default: Media()].chunks.insert(id.chunk)
        keysByHash[CacheFileName.keyHash(id.key)] = id.key
        advanceClock(to: lastUse)
    }

    /// Marks a chunk used now.
    mutating func touch(_ id: ChunkID) {
        guard chunks[id] != nil else { return }
        let now = tick()
        chunks[id]?.lastUse = now
    }

    /// Forgets a chunk; a medium left with no chunk and no length is forgotten too.
    mutating func removeChunk(_ id: ChunkID) {
        guard let removed = chunks.removeValue(forKey: id) else { return }
        usedBytes -= removed.diskBytes
        media[id.key]?.chunks.remove(id.chunk)
        forgetIfEmpty(id.key)
    }

    /// Records (or, with `nil`, forgets) a medium's length.
    mutating func setLength(_ length: Int64?, for key: String) {
        if let length {
            if media[key]?.length == nil { usedBytes += footprint.lengthFile(key: key) }
            media[key, default: Media()].length = length
            keysByHash[CacheFileName.keyHash(key)] = key
        } else {
            if media[key]?.length != nil { usedBytes -= footprint.lengthFile(key: key) }
            media[key]?.length = nil
            forgetIfEmpty(key)
        }
    }

    /// The least recently used chunk not in `spared`.
    func leastRecentlyUsed(sparing spared: Set<ChunkID>) -> ChunkID? {
        var best: (id: ChunkID, lastUse: UInt64)?
        for (id, chunk) in chunks where !spared.contains(id) && chunk.lastUse < (best?.lastUse ?? .max) {
            best = (id, chunk.lastUse)
        }
        return best?.id
    }

    /// What is wrong with the bookkeeping: nothing, when the list is empty. Tests call it after every step.
    func invariantViolations() -> [String] {
        var violations: [String] = []
        var total: Int64 = 0
        for (id, chunk) in chunks {
            total += chunk.diskBytes
            if chunk.diskBytes != footprint.chunkFile(key: id.key, ranges: chunk.ranges) {
                violations.append("\(id) miscounts its file")
            }
            if chunk.ranges.isEmpty { violations.append("\(id) is empty") }
            if media[id.key]?.chunks.contains(id.chunk) != true { violations.append("\(id) is not in its medium") }
            if chunk.ranges.ranges.reduce(0, { $0 + Int64($1.count) }) != chunk.byteCount {
                violations.append("\(id) miscounts its bytes")
            }
            if chunk.lastUse > clock { violations.append("\(id) was used after the clock") }
        }
        for (key, medium) in media where medium.length != nil { total += footprint.lengthFile(key: key) }
        if total != usedBytes { violations.append("usedBytes \(usedBytes) is not the sum \(total)") }
        for (key, medium) in media {
            if medium.chunks.isEmpty && medium.length == nil { violations.append("\(key) is empty") }
            if keysByHash[CacheFileName.keyHash(key)] != key { violations.append("\(key) does not hold its hash") }
            if let length = medium.length, let end = cachedEnd(for: key), end > length {
                violations.append("\(key) holds bytes past its length")
            }
        }
        return violations
    }

    private mutating func forgetIfEmpty(_ key: String) {
        guard let medium = media[key], medium.chunks.isEmpty, medium.length == nil else { return }
        media[key] = nil
        keysByHash[CacheFileName.keyHash(key)] = nil
    }
}
