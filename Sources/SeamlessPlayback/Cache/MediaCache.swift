import Foundation

/// A crash-safe cache of media bytes on disk: sparse byte ranges per medium, within a capacity in bytes on disk.
///
/// Keys are strings (a medium's URL). Each medium's bytes are kept in chunks of 64 KiB, one file per chunk, each
/// carrying its key, its offsets and checksums, and replaced atomically on every write. Because of that, the cache
/// **never serves a byte that was not written for that key at that offset**: after the process is killed at any
/// moment, after a file is truncated, rewritten or has bytes flipped, after the disk fills, a read returns exactly
/// the bytes written, or `nil`, or a ``MediaCacheError`` — never other bytes. Whatever fails a check is removed.
///
/// The capacity bounds the bytes the cache's files take on disk, counted in the file system's allocation units: each
/// file counts its whole length, header included, rounded up to a whole number of blocks, so a chunk holding one
/// byte counts a block (typically 4 KiB). When a write would pass ``capacity``, the least recently used chunks
/// (written or read) are evicted first, so ``usedBytes`` never exceeds ``capacity``. Every method is synchronous and may be called from any thread: one
/// lock orders them, so a read never sees half of a write. A directory has one cache at a time: opening a second on
/// a directory in use, in this process or another, throws ``MediaCacheError/directoryInUse(path:)``.
///
/// See <doc:CachingMediaBytes> for the guarantees in full.
public final class MediaCache: Sendable {
    /// The most bytes the cache's files take on disk, counted in the file system's allocation units: each file's
    /// length, header included, rounded up to a whole number of blocks.
    public let capacity: Int64
    /// The directory the cache keeps its files in.
    public let directory: URL
    private let storage: Protected<MediaCacheStorage>
    /// The directory's lock, held as long as the cache lives: one cache per directory.
    private let lock: CacheDirectoryLock
    /// The fetches' claims and the observers of changes (``claim(_:for:)``, ``observeChanges(of:_:)``).
    let coordination = Protected(Coordination())

    /// Opens the cache in `directory`, keeping what an earlier run left there that passes its checks.
    ///
    /// Creates the directory if needed (replacing a file in its way). Damaged, truncated or unreadable files of the
    /// cache are removed; files it never writes are left alone. If the earlier run's files take more than `capacity`
    /// on disk, the least recently written chunks are evicted.
    /// - Parameters:
    ///   - directory: A directory for the cache alone.
    ///   - capacity: The most bytes the cache's files may take on disk, counted in the file system's allocation units
    ///     (the block size it reports for `directory` when the cache opens): each file counts its whole length,
    ///     header included, rounded up to a whole number of blocks, so many small writes count what they take on disk,
    ///     not the media bytes they hold. Zero keeps nothing.
    /// - Throws: ``MediaCacheError/invalidCapacity(_:)`` for a negative capacity;
    ///   ``MediaCacheError/directoryInUse(path:)`` when another cache, in this process or another, has the directory
    ///   open; ``MediaCacheError/directoryUnusable(path:reason:)`` when the directory cannot be created, listed or
    ///   written.
    public convenience init(directory: URL, capacity: Int64) throws(MediaCacheError) {
        try self.init(directory: directory, capacity: capacity, chunkSize: ChunkLayout.defaultChunkSize)
    }

    /// Opens the cache with a chunk size and a file system of the caller's: for tests.
    init(
        directory: URL, capacity: Int64, chunkSize: Int, fileSystem: any CacheFileSystem = POSIXCacheFileSystem()
    ) throws(MediaCacheError) {
        guard capacity >= 0 else { throw .invalidCapacity(capacity) }
        guard let layout = ChunkLayout(chunkSize: chunkSize) else {
            throw .directoryUnusable(path: directory.path, reason: "chunk size \(chunkSize)")
        }
        self.capacity = capacity
        self.directory = directory
        // Locked before the scan, which removes what fails its checks: never another live cache's files.
        try fileSystem.prepareDirectory(at: directory.path)
        lock = try CacheDirectoryLock(directory: directory.path)
        let state = try MediaCacheStorage(
            opening: directory.path, capacity: capacity, layout: layout, fileSystem: fileSystem)
        storage = Protected(state)
    }

    /// Stores `bytes` as the medium's bytes from `offset` on; they win over any bytes cached there before.
    ///
    /// Offsets need not line up with anything: any size at any offset. To make room, the least recently used
    /// chunks of any medium are evicted first (lengths of media with no bytes cached before them).
    /// - Parameters:
    ///   - bytes: The bytes; empty stores nothing.
    ///   - key: The medium's key, not empty.
    ///   - offset: Where in the medium `bytes` start, not negative.
    /// - Throws: ``MediaCacheError/emptyKey``, ``MediaCacheError/keyTooLong(maximumBytes:)``,
    ///   ``MediaCacheError/invalidOffset(_:)``, ``MediaCacheError/largerThanCapacity(count:capacity:)`` (with
    ///   `bytes.count`, when the chunk files holding these bytes alone would take more than the capacity on disk), or
    ///   ``MediaCacheError/pastLength(end:length:)`` when the bytes would end past the known length — each changing
    ///   nothing; ``MediaCacheError/storageFailed(operation:code:)`` when a file could not be written, in which
    ///   case a part of `bytes` may be stored (exactly) and other chunks may have been evicted.
    public func write(_ bytes: Data, for key: String, at offset: Int64) throws(MediaCacheError) {
        // Observers hear of a write that failed too: a part of the bytes may be stored.
        defer { changed(key) }
        try locked { storage throws(MediaCacheError) in try storage.write(bytes, for: key, at: offset) }
    }

    /// Records the medium's total length, which bounds later writes and reads.
    ///
    /// A medium's length is kept with its bytes: when eviction takes its last chunk, the length goes too, and a
    /// length with no bytes cached is not kept across a relaunch.
    /// - Parameters:
    ///   - length: The medium's length in bytes.
    ///   - key: The medium's key, not empty.
    /// - Throws: ``MediaCacheError/emptyKey``, ``MediaCacheError/keyTooLong(maximumBytes:)``,
    ///   ``MediaCacheError/invalidLength(_:)``, ``MediaCacheError/lengthBelowCachedBytes(length:cachedEnd:)``,
    ///   ``MediaCacheError/largerThanCapacity(count:capacity:)`` (with the bytes the length's file takes on disk,
    ///   when it would not fit even with every other file evicted) — each changing nothing;
    ///   ``MediaCacheError/storageFailed(operation:code:)`` when it could not be stored.
    public func setLength(_ length: Int64, for key: String) throws(MediaCacheError) {
        defer { changed(key) }
        try locked { storage throws(MediaCacheError) in try storage.setLength(length, for: key) }
    }

    /// The medium's bytes in `range`, if every one of them is cached.
    ///
    /// Bytes served are checked against their checksums first; a chunk that fails is removed, and the read returns
    /// `nil`. An empty range returns empty data.
    /// - Parameters:
    ///   - key: The medium's key, not empty.
    ///   - range: The offsets to read; its lower bound not negative.
    /// - Returns: Exactly the bytes written for `key` at those offsets (the latest write of each), or `nil` when
    ///   any of them is not cached.
    /// - Throws: ``MediaCacheError/emptyKey``, ``MediaCacheError/keyTooLong(maximumBytes:)``,
    ///   ``MediaCacheError/invalidOffset(_:)``, or ``MediaCacheError/pastLength(end:length:)`` when the range
    ///   ends past the known length.
    public func read(_ key: String, range: Range<Int64>) throws(MediaCacheError) -> Data? {
        try locked { storage throws(MediaCacheError) in try storage.read(key, range: range) }
    }

    /// The offsets of the medium that are cached (as far as the index knows: a read still checks each byte).
    /// - Parameter key: The medium's key.
    /// - Returns: The cached ranges; empty for a medium with nothing cached.
    public func cachedRanges(for key: String) -> RangeSet<Int64> {
        storage.withLock { $0.index.cachedRanges(for: key) }
    }

    /// The medium's total length, if it is known.
    /// - Parameter key: The medium's key.
    /// - Returns: The length last given to ``setLength(_:for:)``, or `nil`.
    public func length(for key: String) -> Int64? {
        storage.withLock { $0.index.media[key]?.length }
    }

    /// The bytes the cache's files take on disk, counted as ``capacity`` counts them (in the file system's allocation
    /// units, headers included), never more than ``capacity``. For the media bytes held, sum
    /// ``cachedRanges(for:)``.
    public var usedBytes: Int64 {
        storage.withLock { $0.index.usedBytes }
    }

    /// Removes a medium's bytes and length.
    /// - Parameter key: The medium's key.
    public func remove(_ key: String) {
        storage.withLock { $0.remove(key) }
        changed(key)
    }

    /// Removes every medium, and every file of the cache in the directory.
    public func removeAll() {
        storage.withLock { $0.removeAll() }
        changed(nil)
    }

    /// What is wrong with the cache's bookkeeping: nothing, when empty. For tests.
    func invariantViolations() -> [String] {
        storage.withLock { state in
            var violations = state.index.invariantViolations()
            if state.index.usedBytes > capacity { violations.append("usedBytes \(state.index.usedBytes) > capacity") }
            return violations
        }
    }

    private func locked<Result>(
        _ body: (inout MediaCacheStorage) throws(MediaCacheError) -> Result
    ) throws(MediaCacheError) -> Result {
        try storage.withLock { state in
            Swift.Result { () throws(MediaCacheError) -> Result in try body(&state) }
        }.get()
    }
}
