/// Why a ``MediaCache`` call refused or failed.
///
/// A refused call (every case but ``storageFailed(operation:code:)``) changes nothing. A call that fails with
/// ``storageFailed(operation:code:)`` may have stored part of its bytes (whole chunks, each correct) or evicted
/// other data to make room; what the cache serves stays exact, and ``MediaCache/usedBytes`` stays truthful.
public enum MediaCacheError: Error, Hashable, Sendable {
    /// The cache's directory could not be created, listed or written; `path` names it, `reason` says why.
    case directoryUnusable(path: String, reason: String)
    /// Another ``MediaCache`` — in this process or another — has the directory open: a directory has one owner at a
    /// time, since two caches on one directory would serve each other's superseded bytes. Open it again once the
    /// other is gone (freed, or its process ended).
    case directoryInUse(path: String)
    /// The capacity given to ``MediaCache/init(directory:capacity:)`` was negative.
    case invalidCapacity(Int64)
    /// The key was the empty string.
    case emptyKey
    /// The key's UTF-8 form was longer than `maximumBytes`.
    case keyTooLong(maximumBytes: Int)
    /// An offset or a range's lower bound was negative, or an offset plus the byte count passed `Int64.max`.
    case invalidOffset(Int64)
    /// A write or read reached `end`, past the medium's known `length`.
    case pastLength(end: Int64, length: Int64)
    /// A single write of `count` bytes could never fit in the cache's `capacity`: the files it needs would take more
    /// than `capacity` on disk, counted in the file system's allocation units, even with every other chunk evicted.
    /// From ``MediaCache/setLength(_:for:)``, `count` is the bytes the length's file takes on disk.
    case largerThanCapacity(count: Int64, capacity: Int64)
    /// A length given to ``MediaCache/setLength(_:for:)`` was negative.
    case invalidLength(Int64)
    /// A length was shorter than the bytes already cached for the medium, which end at `cachedEnd`.
    case lengthBelowCachedBytes(length: Int64, cachedEnd: Int64)
    /// Writing a file failed: `operation` names the step and `code` is the system's error number (`ENOSPC` when
    /// the disk is full).
    case storageFailed(operation: String, code: Int32)
}
