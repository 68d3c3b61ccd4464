import Foundation

/// The cache's state and its files: every operation of ``MediaCache``, run under its lock.
///
/// The order of each step is the crash-safety argument: a file is written (atomically, see ``CacheFileSystem``)
/// before the index claims it, and removed after the index stops claiming it — so the index never claims a byte
/// the directory lacks, and every byte a file holds was written for its key at its offset (its header and
/// checksums say so, and reads check them). Whatever fails a check is removed and forgotten.
struct MediaCacheStorage {
    typealias ChunkID = CacheIndex.ChunkID

    let directory: String
    let capacity: Int64
    let layout: ChunkLayout
    let fileSystem: any CacheFileSystem
    var index = CacheIndex()

    // MARK: Writing

    mutating func write(_ bytes: Data, for key: String, at offset: Int64) throws(MediaCacheError) {
        try Self.check(key)
        let count = Int64(bytes.count)
        guard offset >= 0, offset <= Int64.max - count else { throw .invalidOffset(offset) }
        guard count <= capacity else { throw .largerThanCapacity(count: count, capacity: capacity) }
        if let length = index.media[key]?.length, offset + count > length {
            throw .pastLength(end: offset + count, length: length)
        }
        guard count > 0 else { return }
        clearClash(with: key)
        var written = Set<ChunkID>()
        for piece in layout.pieces(of: offset..<offset + count) {
            let start = bytes.startIndex + Int(piece.range.lowerBound - offset)
            let id = ChunkID(key: key, chunk: piece.chunk)
            try write(bytes[start..<start + piece.range.count], to: piece, of: id, sparing: written)
            written.insert(id)
        }
    }

    private mutating func write(
        _ bytes: Data, to piece: ChunkLayout.Piece, of id: ChunkID, sparing written: Set<ChunkID>
    ) throws(MediaCacheError) {
        let empty = ChunkRecord(key: id.key, chunk: id.chunk, chunkSize: layout.chunkSize, sequence: 0)
        var base = empty
        if index.chunks[id] != nil {
            if let existing = load(id) { base = existing } else { drop(id) }
        }
        let sequence = index.tick()
        var record = base.replacing(piece.rangeInChunk, with: bytes, sequence: sequence)
        let oldCount = index.chunks[id]?.byteCount ?? 0
        var spared = written
        spared.insert(id)
        while index.usedBytes - oldCount + Int64(record.payload.count) > capacity {
            if let victim = index.leastRecentlyUsed(sparing: spared) {
                evict(victim, keepingLengthOf: id.key)
            } else if !base.runs.isEmpty {
                // Only this write's chunks are left: keep this piece's bytes over the chunk's older ones.
                base = empty
                record = base.replacing(piece.rangeInChunk, with: bytes, sequence: sequence)
            } else if let victim = index.leastRecentlyUsed(sparing: [id]) {
                // A capacity under two chunks: the write's own earlier pieces make room for this one.
                evict(victim, keepingLengthOf: id.key)
            } else {
                break
            }
        }
        try fileSystem.replace(path(CacheFileName.chunk(key: id.key, chunk: id.chunk)), with: record.encoded())
        index.setChunk(id, ranges: record.rangesInMedium, lastUse: sequence)
    }

    mutating func setLength(_ length: Int64, for key: String) throws(MediaCacheError) {
        try Self.check(key)
        guard length >= 0 else { throw .invalidLength(length) }
        if let end = index.cachedEnd(for: key), end > length {
            throw .lengthBelowCachedBytes(length: length, cachedEnd: end)
        }
        guard index.media[key]?.length != length else { return }
        clearClash(with: key)
        let record = LengthRecord(key: key, length: length)
        try fileSystem.replace(path(CacheFileName.length(key: key)), with: record.encoded())
        index.setLength(length, for: key)
    }

    // MARK: Reading

    mutating func read(_ key: String, range: Range<Int64>) throws(MediaCacheError) -> Data? {
        try Self.check(key)
        guard range.lowerBound >= 0 else { throw .invalidOffset(range.lowerBound) }
        if let length = index.media[key]?.length, range.upperBound > length {
            throw .pastLength(end: range.upperBound, length: length)
        }
        let pieces = layout.pieces(of: range)
        for piece in pieces {
            guard let chunk = index.chunks[ChunkID(key: key, chunk: piece.chunk)],
                chunk.ranges.isSuperset(of: RangeSet(piece.range))
            else { return nil }
        }
        var result = Data(capacity: range.count)
        for piece in pieces {
            let id = ChunkID(key: key, chunk: piece.chunk)
            guard let record = load(id), record.rangesInMedium == index.chunks[id]?.ranges,
                let bytes = record.bytes(in: piece.rangeInChunk)
            else {
                drop(id)
                return nil
            }
            result.append(contentsOf: bytes)
            index.touch(id)
        }
        return result
    }

    // MARK: Removing

    mutating func remove(_ key: String) {
        for chunk in index.media[key]?.chunks ?? [] { drop(ChunkID(key: key, chunk: chunk)) }
        if index.media[key]?.length != nil {
            index.setLength(nil, for: key)
            fileSystem.remove(path(CacheFileName.length(key: key)))
        }
    }

    mutating func removeAll() {
        for key in Array(index.media.keys) { remove(key) }
        for name in (try? fileSystem.entryNames(in: directory)) ?? [] where CacheFileName(parsing: name) != .unknown {
            fileSystem.remove(path(name))
        }
    }

    // MARK: Parts

    func path(_ name: String) -> String {
        directory + "/" + name
    }

    static func check(_ key: String) throws(MediaCacheError) {
        guard !key.isEmpty else { throw .emptyKey }
        guard key.utf8.count <= ChunkRecord.maximumKeyBytes else {
            throw .keyTooLong(maximumBytes: ChunkRecord.maximumKeyBytes)
        }
    }

    /// A chunk's record as its file holds it, or `nil` unless the file is whole and is that chunk's.
    func load(_ id: ChunkID) -> ChunkRecord? {
        let limit = ChunkRecord.fixedHeaderLength + ChunkRecord.maximumKeyBytes + 16 * layout.chunkSize + 8
        guard let bytes = fileSystem.contents(of: path(CacheFileName.chunk(key: id.key, chunk: id.chunk)), upTo: limit),
            let record = ChunkRecord.decode(bytes),
            record.key == id.key, record.chunk == id.chunk, record.chunkSize == layout.chunkSize
        else { return nil }
        return record
    }

    /// Forgets a chunk, then removes its file.
    mutating func drop(_ id: ChunkID) {
        index.removeChunk(id)
        fileSystem.remove(path(CacheFileName.chunk(key: id.key, chunk: id.chunk)))
    }

    /// Drops a chunk to make room; a medium left with no bytes loses its length too, so lengths do not pile up.
    mutating func evict(_ id: ChunkID, keepingLengthOf writtenKey: String? = nil) {
        drop(id)
        if id.key != writtenKey, let medium = index.media[id.key], medium.chunks.isEmpty {
            index.setLength(nil, for: id.key)
            fileSystem.remove(path(CacheFileName.length(key: id.key)))
        }
    }

    /// Removes the medium whose key has `key`'s hash, since the two would share file names.
    private mutating func clearClash(with key: String) {
        if let other = index.keyClashing(with: key) { remove(other) }
    }
}
