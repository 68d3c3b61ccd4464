import Foundation
import Testing

@testable import SeamlessPlayback

@Suite("MediaCacheStorage: a full disk or a crash at any file operation leaves exact bytes or nil")
struct MediaCacheStorageTests {
    typealias Fixture = MediaCacheFixture

    /// Every byte the cache serves for `key` is one that some write stored at its offset.
    static func expectServedBytesWereWritten(
        _ cache: MediaCache, _ key: String, versions: [Int64: Set<UInt64>], _ comment: Comment
    ) throws {
        var cachedCount: Int64 = 0
        for range in cache.cachedRanges(for: key).ranges {
            cachedCount += Int64(range.count)
            guard let bytes = try cache.read(key, range: range) else { continue }
            for (offset, byte) in zip(range, bytes)
            where !(versions[offset] ?? []).contains(where: { Fixture.byte(key, offset, version: $0) == byte }) {
                Issue.record("\(key) at \(offset) holds a byte never written there: \(comment)")
                return
            }
        }
        #expect(cachedCount <= cache.usedBytes, comment)
    }

    @Test func aWriteThatFindsTheDiskFullLeavesExactBytesAndATruthfulCount() throws {
        let fixture = Fixture()
        do {
            let fileSystem = FailingFileSystem()
            let cache = try fixture.open(capacity: 1000, fileSystem: fileSystem)
            try cache.write(Fixture.bytes("a", 0..<300), for: "a", at: 0)
            fileSystem.failWrites(after: 2)
            #expect(throws: MediaCacheError.storageFailed(operation: "write", code: ENOSPC)) {
                try cache.write(Fixture.bytes("a", 30..<400, version: 1), for: "a", at: 30)
            }
            var versions: [Int64: Set<UInt64>] = [:]
            for offset in Int64(0)..<300 { versions[offset, default: []].insert(0) }
            for offset in Int64(30)..<400 { versions[offset, default: []].insert(1) }
            try Self.expectServedBytesWereWritten(cache, "a", versions: versions, "after ENOSPC")
            #expect(cache.usedBytes == fixture.cacheFileLengths())
            #expect(cache.invariantViolations() == [])
            #expect(fixture.fileNames().contains { $0.hasSuffix(".tmp") })
            // The disk has room again: the same write succeeds.
            fileSystem.failWrites(after: nil)
            try cache.write(Fixture.bytes("a", 30..<400, version: 1), for: "a", at: 30)
        }
        // A relaunch (once the cache is gone: a directory has one at a time) finds it, with no temporary file.
        let reopened = try fixture.open(capacity: 1000)
        #expect(
            try reopened.read("a", range: 0..<400) == Fixture.bytes("a", 0..<30)
                + Fixture.bytes("a", 30..<400, version: 1))
        #expect(!fixture.fileNames().contains { $0.hasSuffix(".tmp") })
    }

    @Test func aLengthThatFindsTheDiskFullIsNotRecorded() throws {
        let fixture = Fixture()
        let fileSystem = FailingFileSystem()
        do {
            let cache = try fixture.open(fileSystem: fileSystem)
            try cache.write(Data([1]), for: "a", at: 0)
            fileSystem.failWrites(after: 0)
            #expect(throws: MediaCacheError.storageFailed(operation: "write", code: ENOSPC)) {
                try cache.setLength(10, for: "a")
            }
            #expect(cache.length(for: "a") == nil)
        }
        #expect(try fixture.open().length(for: "a") == nil)
    }

    /// A workload of writes (overlapping, across chunks, with evictions), lengths and removals.
    static func workload(_ cache: MediaCache, versions: inout [String: [Int64: Set<UInt64>]]) {
        var random = IDMapTests.SplitMix(state: 11)
        for step in UInt64(0)..<40 {
            let key = ["a", "b"][Int.random(in: 0..<2, using: &random)]
            let start = Int64.random(in: 0..<300, using: &random)
            let range = start..<start + Int64.random(in: 1...200, using: &random)
            switch Int.random(in: 0..<10, using: &random) {
            case 0: try? cache.setLength(1000, for: key)
            case 1: cache.remove(key)
            default:
                for offset in range { versions[key, default: [:]][offset, default: []].insert(step) }
                try? cache.write(Data(range.map { Fixture.byte(key, $0, version: step) }), for: key, at: start)
            }
        }
    }

    @Test func aCrashAtEveryFileOperationLeavesExactBytesOrNil() throws {
        var versions: [String: [Int64: Set<UInt64>]] = [:]
        let counting = FailingFileSystem()
        let fixture = Fixture()
        Self.workload(try fixture.open(capacity: 400, fileSystem: counting), versions: &versions)
        let operations = counting.mutations
        #expect(operations > 60)
        for crash in 0...operations {
            let fixture = Fixture()
            let fileSystem = FailingFileSystem()
            fileSystem.die(afterMutations: crash)
            var ignored: [String: [Int64: Set<UInt64>]] = [:]
            Self.workload(try fixture.open(capacity: 400, fileSystem: fileSystem), versions: &ignored)
            let cache = try fixture.open(capacity: 400)
            #expect(cache.usedBytes <= 400)
            #expect(cache.invariantViolations() == [])
            for key in ["a", "b"] {
                try Self.expectServedBytesWereWritten(cache, key, versions: versions[key] ?? [:], "crash at \(crash)")
                #expect([nil, 1000].contains(cache.length(for: key)))
            }
        }
    }
}
