/// Which files go to make room: the decision, made on the index alone; ``MediaCacheStorage`` removes the files.
extension CacheIndex {
    /// A file that eviction drops.
    enum Eviction: Hashable, Sendable {
        /// A chunk's file; when it is its medium's last chunk, the medium's length file goes with it (unless it is the
        /// length kept).
        case chunk(ChunkID)
        /// The length file of a medium with no chunk cached.
        case length(String)
    }

    /// The files to drop, in order, so that files taking `incoming` bytes on disk fit within `capacity` in place of
    /// the chunks in `replaced`.
    ///
    /// Lengths of media with no chunk cached go first, by key (a relaunch drops them too), then chunks, least
    /// recently used first, each medium's length going with its last chunk. The chunks in `replaced` stay, and so do
    /// their media's lengths and `kept`'s length.
    /// - Parameters:
    ///   - incoming: The bytes on disk of the files to be written.
    ///   - replaced: The chunks those files replace: their bytes on disk are freed by the write itself.
    ///   - kept: The medium whose length stays, even when its last chunk goes.
    ///   - capacity: The most bytes on disk the files may take once the write is done.
    /// - Returns: The files to drop (none when the write fits already), or `nil` when it cannot fit even with every
    ///   other file dropped.
    func evictions(
        toFit incoming: Int64, replacing replaced: Set<ChunkID>, keepingLengthOf kept: String?, within capacity: Int64
    ) -> [Eviction]? {
        var used = usedBytes + incoming - replaced.reduce(Int64(0)) { $0 + (chunks[$1]?.diskBytes ?? 0) }
        guard used > capacity else { return [] }
        let keptLengths = Self.keptLengths(replacing: replaced, keepingLengthOf: kept)
        // Checked first, so that a write that cannot fit costs no search.
        guard leastBytes(incoming, keptLengths: keptLengths) <= capacity else { return nil }
        var evictions: [Eviction] = []
        let bareLengths = media.filter {
            !keptLengths.contains($0.key) && $0.value.chunks.isEmpty && $0.value.length != nil
        }
        for key in bareLengths.keys.sorted() where used > capacity {
            evictions.append(.length(key))
            used -= footprint.lengthFile(key: key)
        }
        var spared = replaced
        var chunksLeft: [String: Int] = [:]
        while used > capacity, let victim = leastRecentlyUsed(sparing: spared) {
            spared.insert(victim)
            evictions.append(.chunk(victim))
            used -= chunks[victim]?.diskBytes ?? 0
            let left = (chunksLeft[victim.key] ?? media[victim.key]?.chunks.count ?? 0) - 1
            chunksLeft[victim.key] = left
            if left == 0, !keptLengths.contains(victim.key), media[victim.key]?.length != nil {
                used -= footprint.lengthFile(key: victim.key)
            }
        }
        return used > capacity ? nil : evictions
    }

    /// Whether files taking `incoming` bytes on disk can fit within `capacity` in place of the chunks in `replaced`,
    /// every other file dropped: exactly when ``evictions(toFit:replacing:keepingLengthOf:within:)`` finds a way,
    /// without searching for it.
    func canFit(
        _ incoming: Int64, replacing replaced: Set<ChunkID>, keepingLengthOf kept: String?, within capacity: Int64
    ) -> Bool {
        leastBytes(incoming, keptLengths: Self.keptLengths(replacing: replaced, keepingLengthOf: kept)) <= capacity
    }

    /// The media whose length files no eviction drops: those of the chunks replaced, and `kept`.
    private static func keptLengths(replacing replaced: Set<ChunkID>, keepingLengthOf kept: String?) -> Set<String> {
        var keys = Set(replaced.map(\.key))
        if let kept { keys.insert(kept) }
        return keys
    }

    /// The least the files can take once every evictable file is gone: `incoming`, and the kept lengths' files.
    private func leastBytes(_ incoming: Int64, keptLengths: Set<String>) -> Int64 {
        keptLengths.reduce(incoming) { total, key in
            total + (media[key]?.length == nil ? 0 : footprint.lengthFile(key: key))
        }
    }
}
