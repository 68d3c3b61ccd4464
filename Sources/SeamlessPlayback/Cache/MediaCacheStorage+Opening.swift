/// Opening a directory: what an earlier run left is checked, and what cannot be trusted is removed.
extension MediaCacheStorage {
    /// Opens (creating it if needed) the cache in `directory`.
    ///
    /// Reads every chunk file's header (not its bytes: reads check those) and every length file; removes temporary
    /// files, files whose header or checksum fails, files whose name does not match their content, chunks of a
    /// foreign chunk size, lengths shorter than their medium's bytes and lengths of media with no bytes. Then evicts
    /// least recently written chunks until the files take at most `capacity` bytes on disk, counted in the allocation
    /// unit the file system reports for `directory`. Files with names the cache never writes are left alone.
    /// - Throws: ``MediaCacheError/directoryUnusable(path:reason:)`` only.
    init(
        opening directory: String, capacity: Int64, layout: ChunkLayout, fileSystem: any CacheFileSystem
    ) throws(MediaCacheError) {
        self.directory = directory
        self.capacity = capacity
        self.layout = layout
        self.fileSystem = fileSystem
        try fileSystem.prepareDirectory(at: directory)
        index = CacheIndex(
            footprint: DiskFootprint(allocationUnit: fileSystem.allocationUnit(ofDirectoryAt: directory)))
        var lengths: [LengthRecord] = []
        var headers: [ChunkRecord.Header] = []
        for name in try fileSystem.entryNames(in: directory) {
            switch CacheFileName(parsing: name) {
            case .unknown:
                continue
            case .temporary:
                fileSystem.remove(path(name))
            case .length(let keyHash):
                if let bytes = fileSystem.contents(of: path(name), upTo: 64 + ChunkRecord.maximumKeyBytes),
                    let record = LengthRecord.decode(bytes), CacheFileName.keyHash(record.key) == keyHash
                {
                    lengths.append(record)
                } else {
                    fileSystem.remove(path(name))
                }
            case .chunk(let keyHash, let chunk):
                if let header = readHeader(name), CacheFileName.keyHash(header.key) == keyHash, header.chunk == chunk,
                    header.chunkSize == layout.chunkSize
                {
                    headers.append(header)
                } else {
                    fileSystem.remove(path(name))
                }
            }
        }
        adopt(headers)
        for record in lengths {
            let end = index.cachedEnd(for: record.key)
            if index.media[record.key] != nil, let end, end <= record.length {
                index.setLength(record.length, for: record.key)
            } else {
                fileSystem.remove(path(CacheFileName.length(key: record.key)))
            }
        }
        let evictions = index.evictions(toFit: 0, replacing: [], keepingLengthOf: nil, within: capacity) ?? []
        for eviction in evictions { evict(eviction) }
    }

    /// A chunk file's header, checked, when the file's length is the one it declares.
    private func readHeader(_ name: String) -> ChunkRecord.Header? {
        let prefixLength = 4096
        guard let size = fileSystem.size(of: path(name)),
            var bytes = fileSystem.contents(of: path(name), upTo: prefixLength),
            let headerLength = ChunkRecord.headerLength(fromPrefix: bytes)
        else { return nil }
        if headerLength > bytes.count {
            guard let longer = fileSystem.contents(of: path(name), upTo: headerLength) else { return nil }
            bytes = longer
        }
        guard let header = ChunkRecord.decodeHeader(bytes), Int64(header.fileLength) == size else { return nil }
        return header
    }

    /// Takes the checked chunks into the index. Two keys with one hash (left by a failed removal) cannot share the
    /// file names: the key written last keeps them.
    private mutating func adopt(_ headers: [ChunkRecord.Header]) {
        var newestByHash: [UInt64: (key: String, sequence: UInt64)] = [:]
        for header in headers {
            let hash = CacheFileName.keyHash(header.key)
            if header.sequence >= newestByHash[hash]?.sequence ?? 0 {
                newestByHash[hash] = (header.key, header.sequence)
            }
        }
        for header in headers {
            let id = ChunkID(key: header.key, chunk: header.chunk)
            if newestByHash[CacheFileName.keyHash(header.key)]?.key == header.key {
                index.setChunk(id, ranges: header.rangesInMedium, lastUse: header.sequence)
            } else {
                fileSystem.remove(path(CacheFileName.chunk(key: id.key, chunk: id.chunk)))
            }
        }
    }
}
