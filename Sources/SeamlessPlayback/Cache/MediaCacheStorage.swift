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
    var index: CacheIndex

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
        let pieces = layout.pieces(of: offset..<offset + count)
        let ids = pieces.map { ChunkID(key: key, chunk: $0.chunk) }
        let spared = Set(ids)
        // The least the write can take on disk: its chunks holding its bytes alone, beside its medium's length.
        let freshBytes = pieces.reduce(Int64(0)) { total, piece in
            total + index.footprint.chunkFile(key: key, runCount: 1, payloadLength: piece.range.count)
        }
        guard index.canFit(freshBytes, replacing: spared, keepingLengthOf: key, within: capacity) else {
            throw .largerThanCapacity(count: count, capacity: capacity)
        }
        clearClash(with: key)
        let slices = pieces.map { piece in
            let start = bytes.startIndex + Int(piece.range.lowerBound - offset)
            return bytes[start..<start + piece.range.count]
        }
        let sequence = index.tick()
        var records = zip(ids, zip(pieces, slices)).map { id, pieceAndBytes in
            base(of: id).replacing(pieceAndBytes.0.rangeInChunk, with: pieceAndBytes.1, sequence: sequence)
        }
        var evictions = index.evictions(
            toFit: diskBytes(of: records), replacing: spared, keepingLengthOf: key, within: capacity)
        if evictions == nil {
            // Only the chunks this write touches, holding its bytes alone, fit: its bytes win over their older ones.
            records = zip(ids, zip(pieces, slices)).map { id, pieceAndBytes in
                empty(id).replacing(pieceAndBytes.0.rangeInChunk, with: pieceAndBytes.1, sequence: sequence)
            }
            evictions = index.evictions(
                toFit: diskBytes(of: records), replacing: spared, keepingLengthOf: key, within: capacity)
        }
        for eviction in evictions ?? [] { evict(eviction, keepingLengthOf: key) }
        // Chunks that shrink on disk first, so that usedBytes stays within the capacity even if a file write fails.
        let growth = records.indices.map { position in
            diskBytes(of: [records[position]]) - (index.chunks[ids[position]]?.diskBytes ?? 0)
        }
        for position in records.indices.sorted(by: { growth[$0] < growth[$1] }) {
            let id = ids[position]
            let record = records[position]
            try fileSystem.replace(path(CacheFileName.chunk(key: id.key, chunk: id.chunk)), with: record.encoded())
            index.setChunk(id, ranges: record.rangesInMedium, lastUse: sequence)
        }
    }

    /// The bytes the files of `records` take on disk.
    private func diskBytes(of records: [ChunkRecord]) -> Int64 {
        records.reduce(Int64(0)) { total, record in
            total
                + index.footprint.chunkFile(
                    key: record.key, runCount: record.runs.count, payloadLength: record.payload.count)
        }
    }

    private func empty(_ id: ChunkID) -> ChunkRecord {
        ChunkRecord(key: id.key, chunk: id.chunk, chunkSize: layout.chunkSize, sequence: 0)
    }

    /// What a write to a chunk adds to: the chunk's record, or an empty one when none is cached or its file fails
    /// its checks (the file is then replaced, and the index corrected then).
    private func base(of id: ChunkID) -> ChunkRecord {
        guard index.chunks[id] != nil, let record = load(id), record.rangesInMedium == index.chunks[id]?.ranges else {
            return empty(id)
        }
        return record
    }

    mutating func setLength(_ length: Int64, for key: String) throws(MediaCacheError) {
        try Self.check(key)
        guard length >= 0 else { throw .invalidLength(length) }
        if let end = index.cachedEnd(for: key), end > length {
            throw .lengthBelowCachedBytes(length: length, cachedEnd: end)
        }
        guard index.media[key]?.length != length else { return }
        // A new length file needs room; a changed one takes what the old one took.
        if index.media[key]?.length == nil {
            let fileBytes = index.footprint.lengthFile(key: key)
            guard
                let evictions = index.evictions(toFit: fileBytes, replacing: [], keepingLengthOf: key, within: capacity)
            else { throw .largerThanCapacity(count: fileBytes, capacity: capacity) }
            clearClash(with: key)
            for eviction in evictions { evict(eviction, keepingLengthOf: key) }
        }
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
        // Checked before cutting the range into pieces: a range of any length costs no more than the bytes cached.
        guard index.cachedRanges(for: key).isSuperset(of: RangeSet(range)) else { return nil }
        let pieces = layout.pieces(of: range)
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

    /// Drops a file to make room; a medium left with no bytes loses its length too, so lengths do not pile up.
    mutating func evict(_ eviction: CacheIndex.Eviction, keepingLengthOf writtenKey: String? = nil) {
        let key: String
        switch eviction {
        case .chunk(let id):
            drop(id)
            key = id.key
        case .length(let lengthKey):
            key = lengthKey
        }
        if key != writtenKey, let medium = index.media[key], medium.chunks.isEmpty, medium.length != nil {
            index.setLength(nil, for: key)
            fileSystem.remove(path(CacheFileName.length(key: key)))
        }
    }

    /// Removes the medium whose key has `key`'s hash, since the two would share file names.
    private mutating func clearClash(with key: String) {
        if let other = index.keyClashing(with: key) { remove(other) }
    }
}
