/// The file operations the cache needs, behind a protocol so that tests can make them fail (a full disk) where the
/// cache would not otherwise see it.
///
/// Paths are absolute. Reads return `nil` for anything that is not a readable regular file, never trap.
protocol CacheFileSystem: Sendable {
    /// Makes `path` a usable directory: creates it (and its parents), replaces a file that stands in its way, and
    /// checks that it can be listed and written.
    func prepareDirectory(at path: String) throws(MediaCacheError)

    /// The allocation unit of the file system that holds `directory`: the bytes a file takes on disk are its length
    /// rounded up to a multiple of it. `nil` when the file system does not say.
    func allocationUnit(ofDirectoryAt directory: String) -> Int?

    /// The names of the entries of a directory.
    func entryNames(in directory: String) throws(MediaCacheError) -> [String]

    /// Up to `maximumCount` bytes from the start of a regular file, or `nil` when it cannot be read.
    func contents(of path: String, upTo maximumCount: Int) -> [UInt8]?

    /// The length of a regular file, or `nil` when there is none at `path`.
    func size(of path: String) -> Int64?

    /// Replaces the file at `path` with `bytes` atomically: after a crash at any moment, the file holds either its
    /// old bytes or the new ones (possibly also leaving `path` + ``CacheFileName/temporarySuffix``).
    func replace(_ path: String, with bytes: [UInt8]) throws(MediaCacheError)

    /// Removes the file (or anything else) at `path`; returns whether nothing is left there.
    @discardableResult
    func remove(_ path: String) -> Bool
}
