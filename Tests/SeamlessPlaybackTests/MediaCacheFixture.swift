import Foundation
import Testing

@testable import SeamlessPlayback

/// A fresh directory for one test's cache, and the bytes the tests write.
struct MediaCacheFixture: ~Copyable {
    let directory: URL

    init() {
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("MediaCacheTests-\(UUID().uuidString)", isDirectory: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: directory)
    }

    /// A cache in the directory with small chunks, so that few bytes cross many of them.
    func open(
        capacity: Int64 = 1 << 20, chunkSize: Int = 64, fileSystem: any CacheFileSystem = POSIXCacheFileSystem()
    ) throws -> MediaCache {
        try MediaCache(directory: directory, capacity: capacity, chunkSize: chunkSize, fileSystem: fileSystem)
    }

    /// The cache's files, sorted by name.
    func fileNames() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).sorted()
    }

    /// The byte the tests store for `key` at `offset`; `version` makes a different byte for a later write.
    static func byte(_ key: String, _ offset: Int64, version: UInt64 = 0) -> UInt8 {
        var x = XXHash64.hash(of: key.utf8, seed: version) &+ UInt64(bitPattern: offset) &* 0x9E37_79B9_7F4A_7C15
        x = (x ^ (x >> 30)) &* 0xBF58_476D_1CE4_E5B9
        x = (x ^ (x >> 27)) &* 0x94D0_49BB_1331_11EB
        return UInt8(truncatingIfNeeded: x ^ (x >> 31))
    }

    /// The bytes the tests store for `key` in `range`.
    static func bytes(_ key: String, _ range: Range<Int64>, version: UInt64 = 0) -> Data {
        Data(range.map { byte(key, $0, version: version) })
    }
}

/// The real file system, with writes that fail on demand: a full disk.
final class FailingFileSystem: CacheFileSystem {
    private let real = POSIXCacheFileSystem()
    /// How many more writes succeed; `nil` for all.
    private let remainingWrites = Protected<Int?>(nil)

    /// Lets `count` more writes succeed, then fails every one (`nil`: none fails).
    func failWrites(after count: Int?) {
        remainingWrites.withLock { $0 = count }
    }

    func prepareDirectory(at path: String) throws(MediaCacheError) { try real.prepareDirectory(at: path) }
    func entryNames(in directory: String) throws(MediaCacheError) -> [String] { try real.entryNames(in: directory) }
    func contents(of path: String, upTo maximumCount: Int) -> [UInt8]? { real.contents(of: path, upTo: maximumCount) }
    func size(of path: String) -> Int64? { real.size(of: path) }
    func remove(_ path: String) -> Bool { real.remove(path) }

    func replace(_ path: String, with bytes: [UInt8]) throws(MediaCacheError) {
        let fails = remainingWrites.withLock { remaining -> Bool in
            guard let count = remaining else { return false }
            remaining = max(0, count - 1)
            return count == 0
        }
        guard fails else { return try real.replace(path, with: bytes) }
        // A full disk takes part of the file, and the process may die before cleaning up: leave half a temporary.
        _ = FileManager.default.createFile(
            atPath: path + CacheFileName.temporarySuffix, contents: Data(bytes.prefix(bytes.count / 2)))
        throw .storageFailed(operation: "write", code: ENOSPC)
    }
}
