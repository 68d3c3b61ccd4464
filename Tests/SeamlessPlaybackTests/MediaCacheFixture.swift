import Foundation
import Testing

@_spi(EngineSupport) @testable import SeamlessPlayback

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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

    /// The bytes of a chunk file's header for a one-byte key and one run: 48 fixed, the key, 8 for the run, 8 for
    /// the header's checksum. With the tests' allocation unit of one byte, a chunk file of one run holding `n` bytes
    /// counts `n + header` against the capacity.
    static let header: Int64 = 65
    /// The bytes of a one-byte key's length file.
    static let lengthFile: Int64 = 33

    /// A cache in the directory with small chunks, so that few bytes cross many of them, on a file system whose
    /// allocation unit is one byte (each file counts its exact length) unless the test gives another.
    func open(
        capacity: Int64 = 1 << 20, chunkSize: Int = 64, fileSystem: any CacheFileSystem = FailingFileSystem()
    ) throws -> MediaCache {
        try MediaCache(directory: directory, capacity: capacity, chunkSize: chunkSize, fileSystem: fileSystem)
    }

    /// Lets go of `cache` (a directory has one cache at a time), then opens the directory again: a relaunch.
    func reopen(_ cache: consuming MediaCache, capacity: Int64 = 1 << 20) throws -> MediaCache {
        _ = consume cache
        return try open(capacity: capacity)
    }

    /// The cache's files but its lock file, sorted by name.
    func fileNames() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [])
            .filter { $0 != CacheDirectoryLock.fileName }.sorted()
    }

    /// The lengths of the cache's chunk and length files, summed: what `usedBytes` counts with an allocation unit
    /// of one byte.
    func cacheFileLengths() -> Int64 {
        fileNames().reduce(Int64(0)) { total, name in
            switch CacheFileName(parsing: name) {
            case .chunk, .length:
                let size = (try? FileManager.default.attributesOfItem(atPath: directory.path + "/" + name))?[.size]
                return total + ((size as? NSNumber)?.int64Value ?? 0)
            case .temporary, .unknown:
                return total
            }
        }
    }

    /// What the directory's files take on disk, measured: each file's `st_blocks` (512-byte units), summed.
    func bytesOnDisk() -> Int64 {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.reduce(Int64(0)) { total, name in
            var info = stat()
            guard lstat(directory.path + "/" + name, &info) == 0 else { return total }
            return total + Int64(info.st_blocks) * 512
        }
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

/// The real file system, with writes that fail on demand (a full disk) or a process that dies (a crash), and the
/// allocation unit the test chooses (one byte unless told).
final class FailingFileSystem: CacheFileSystem {
    private struct State {
        /// How many more writes succeed; `nil` for all.
        var writesLeft: Int?
        /// How many more writes and removals happen before the process "dies"; `nil` for all.
        var mutationsLeft: Int?
        /// Writes and removals so far, including failed ones.
        var mutations = 0
    }

    private let real = POSIXCacheFileSystem()
    private let state = Protected(State())
    private let unit: Int?

    /// The real file system, reporting `allocationUnit` as its allocation unit (`nil`: reporting none).
    init(allocationUnit: Int? = 1) {
        unit = allocationUnit
    }

    /// Lets `count` more writes succeed, then fails each with `ENOSPC` (`nil`: none fails).
    func failWrites(after count: Int?) {
        state.withLock { $0.writesLeft = count }
    }

    /// Lets `count` more writes and removals happen; the next stops halfway and every later one does nothing, as
    /// if the process had been killed there (reads go on working, for the caller to finish its call).
    func die(afterMutations count: Int) {
        state.withLock { $0.mutationsLeft = count }
    }

    /// The writes and removals asked for so far.
    var mutations: Int { state.withLock { $0.mutations } }

    func prepareDirectory(at path: String) throws(MediaCacheError) { try real.prepareDirectory(at: path) }
    func allocationUnit(ofDirectoryAt directory: String) -> Int? { unit }
    func entryNames(in directory: String) throws(MediaCacheError) -> [String] { try real.entryNames(in: directory) }
    func contents(of path: String, upTo maximumCount: Int) -> [UInt8]? { real.contents(of: path, upTo: maximumCount) }
    func size(of path: String) -> Int64? { real.size(of: path) }

    func remove(_ path: String) -> Bool {
        switch nextMutation(isWrite: false) {
        case .proceed: return real.remove(path)
        case .fail, .dieHalfway, .dead: return false
        }
    }

    func replace(_ path: String, with bytes: [UInt8]) throws(MediaCacheError) {
        switch nextMutation(isWrite: true) {
        case .proceed:
            try real.replace(path, with: bytes)
        case .fail, .dieHalfway:
            // Part of the file reached the disk, and nobody cleaned up: half a temporary file stays.
            _ = FileManager.default.createFile(
                atPath: path + CacheFileName.temporarySuffix, contents: Data(bytes.prefix(bytes.count / 2)))
            throw .storageFailed(operation: "write", code: ENOSPC)
        case .dead:
            throw .storageFailed(operation: "write", code: ENOSPC)
        }
    }

    private enum Outcome { case proceed, fail, dieHalfway, dead }

    private func nextMutation(isWrite: Bool) -> Outcome {
        state.withLock { state in
            state.mutations += 1
            if let left = state.mutationsLeft {
                state.mutationsLeft = left - 1
                if left == 0 { return .dieHalfway }
                if left < 0 { return .dead }
            }
            guard isWrite, let left = state.writesLeft else { return .proceed }
            state.writesLeft = max(0, left - 1)
            return left == 0 ? .fail : .proceed
        }
    }
}
