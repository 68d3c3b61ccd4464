import Foundation
import Testing

@testable import SeamlessPlayback

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite("MediaCacheStorage+Opening: whatever a crash or a damaged file leaves, reads are exact or nil")
struct MediaCacheStorageOpeningTests {
    typealias Fixture = MediaCacheFixture

    /// The bytes written by `populate`.
    static let written: [String: [Range<Int64>]] = ["a": [0..<300, 350..<351], "b": [60..<200], "c": [5..<90]]

    static func populate(_ cache: MediaCache) throws {
        for (key, ranges) in written {
            for range in ranges { try cache.write(Fixture.bytes(key, range), for: key, at: range.lowerBound) }
        }
        try cache.setLength(400, for: "a")
        try cache.setLength(200, for: "b")
    }

    /// Every read of the cache returns exactly the written bytes or nil; it claims nothing that was not written.
    static func expectExactOrNil(_ cache: MediaCache, _ comment: Comment) throws {
        for (key, ranges) in written {
            var allowed = RangeSet<Int64>()
            for range in ranges { allowed.insert(contentsOf: range) }
            #expect(allowed.isSuperset(of: cache.cachedRanges(for: key)), comment)
            for range in ranges + [0..<400, 1..<299, 70..<130, 63..<65] {
                guard let length = cache.length(for: key), range.upperBound > length else {
                    if let bytes = try cache.read(key, range: range) {
                        #expect(bytes == Fixture.bytes(key, range), comment)
                    }
                    continue
                }
            }
            #expect([nil, 400, 200].contains(cache.length(for: key)), comment)
        }
        #expect(cache.invariantViolations() == [], comment)
    }

    enum Damage: String, CaseIterable, Sendable {
        case delete, truncateToZero, truncateHalf, dropLastByte, appendByte, garbage, flipFirst, flipMiddle, flipLast
        case flipEvery7th, swapWithAnother, replaceWithDirectory

        func apply(to path: String, other: String) throws {
            let manager = FileManager.default
            let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
            var damaged = bytes
            switch self {
            case .delete, .replaceWithDirectory:
                try manager.removeItem(atPath: path)
                if self == .replaceWithDirectory {
                    try manager.createDirectory(atPath: path, withIntermediateDirectories: false)
                }
                return
            case .truncateToZero: damaged = Data()
            case .truncateHalf: damaged = bytes.prefix(bytes.count / 2)
            case .dropLastByte: damaged = bytes.dropLast()
            case .appendByte: damaged.append(0)
            case .garbage: damaged = Data(bytes.indices.map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) })
            case .flipFirst: damaged[damaged.startIndex] ^= 0x01
            case .flipMiddle: damaged[damaged.startIndex + bytes.count / 2] ^= 0x80
            case .flipLast: damaged[damaged.endIndex - 1] ^= 0x10
            case .flipEvery7th:
                for index in stride(from: damaged.startIndex, to: damaged.endIndex, by: 7) { damaged[index] ^= 0x04 }
            case .swapWithAnother: damaged = try Data(contentsOf: URL(fileURLWithPath: other))
            }
            try damaged.write(to: URL(fileURLWithPath: path))
        }
    }

    @Test(arguments: Damage.allCases)
    func damagingAnyFileBeforeOpeningLeavesExactBytesOrNil(damage: Damage) throws {
        let pristine = Fixture()
        try Self.populate(try pristine.open())
        let names = pristine.fileNames()
        #expect(names.count == 14)
        for (index, name) in names.enumerated() {
            let fixture = Fixture()
            try FileManager.default.copyItem(at: pristine.directory, to: fixture.directory)
            let other = fixture.directory.path + "/" + names[(index + 1) % names.count]
            try damage.apply(to: fixture.directory.path + "/" + name, other: other)
            let cache = try fixture.open()
            try Self.expectExactOrNil(cache, "\(damage) of \(name), reopened")
        }
    }

    @Test(arguments: Damage.allCases)
    func damagingAnyFileOfAnOpenCacheLeavesExactBytesOrNil(damage: Damage) throws {
        let pristine = Fixture()
        try Self.populate(try pristine.open())
        let names = pristine.fileNames()
        for (index, name) in names.enumerated() {
            let fixture = Fixture()
            try FileManager.default.copyItem(at: pristine.directory, to: fixture.directory)
            do {
                let cache = try fixture.open()
                let other = fixture.directory.path + "/" + names[(index + 1) % names.count]
                try damage.apply(to: fixture.directory.path + "/" + name, other: other)
                try Self.expectExactOrNil(cache, "\(damage) of \(name), open")
            }
            // Reopened once the damaged cache is gone: a directory has one cache at a time.
            try Self.expectExactOrNil(try fixture.open(), "\(damage) of \(name), open then reopened")
        }
    }

    @Test func opensADirectoryFullOfStrangeThings() throws {
        let fixture = Fixture()
        try Self.populate(try fixture.open())
        let directory = fixture.directory.path
        let manager = FileManager.default
        _ = manager.createFile(atPath: directory + "/notes.txt", contents: Data("keep me".utf8))
        _ = manager.createFile(
            atPath: directory + "/0000000000000000-0000000000000000.chunk", contents: Data("junk".utf8))
        _ = manager.createFile(atPath: directory + "/0000000000000001.length.tmp", contents: Data("half".utf8))
        _ = manager.createFile(atPath: directory + "/zzzzzzzzzzzzzzzz.length", contents: Data())
        try manager.createDirectory(atPath: directory + "/0000000000000002.length", withIntermediateDirectories: false)
        let cache = try fixture.open()
        try Self.expectExactOrNil(cache, "strange files")
        #expect(try cache.read("a", range: 0..<300) == Fixture.bytes("a", 0..<300))
        let names = Set(fixture.fileNames())
        #expect(names.contains("notes.txt"))
        #expect(names.contains("zzzzzzzzzzzzzzzz.length"))
        #expect(!names.contains("0000000000000000-0000000000000000.chunk"))
        #expect(!names.contains("0000000000000001.length.tmp"))
        #expect(!names.contains("0000000000000002.length"))
    }

    @Test func aFileWhereTheDirectoryBelongsIsReplaced() throws {
        let fixture = Fixture()
        _ = FileManager.default.createFile(atPath: fixture.directory.path, contents: Data("in the way".utf8))
        let cache = try fixture.open()
        try cache.write(Data([1, 2, 3]), for: "a", at: 0)
        #expect(try cache.read("a", range: 0..<3) == Data([1, 2, 3]))
    }

    @Test func aDirectoryThatCannotBeCreatedIsATypedError() {
        let url = URL(fileURLWithPath: "/dev/null/cache")
        #expect {
            _ = try MediaCache(directory: url, capacity: 100)
        } throws: { error in
            guard case .directoryUnusable(path: "/dev/null/cache", _) = error as? MediaCacheError else { return false }
            return true
        }
    }

    @Test func reopeningWithASmallerCapacityEvictsDownToIt() throws {
        let fixture = Fixture()
        try Self.populate(try fixture.open())
        let cache = try fixture.open(capacity: 100)
        #expect(cache.usedBytes <= 100)
        try Self.expectExactOrNil(cache, "smaller capacity")
    }

    @Test func chunksOfAnotherChunkSizeAreDropped() throws {
        let fixture = Fixture()
        try Self.populate(try fixture.open(chunkSize: 64))
        let cache = try fixture.open(chunkSize: 128)
        #expect(cache.usedBytes == 0)
        #expect(try cache.read("a", range: 0..<300) == nil)
    }
}

extension ProcessesAndLocks {
    /// The crash test of ``MediaCacheStorage``'s opening: a child process writing to the cache is killed with SIGKILL
    /// wherever it happens to be, over and over, and the cache it leaves is reopened and read in full.
    @Suite("MediaCacheStorage+Opening after SIGKILL: a cache killed mid-write reopens with exact bytes or nil")
    struct MediaCacheStorageCrashTests {
        /// The byte the harness writes for medium `storm-<key>` at `offset`: its `stormByte`, copied.
        static func stormByte(key: Int, offset: Int64) -> UInt8 {
            var x = UInt64(bitPattern: offset) &+ UInt64(key) &* 0x9E37_79B9_7F4A_7C15
            x = (x ^ (x >> 30)) &* 0xBF58_476D_1CE4_E5B9
            x = (x ^ (x >> 27)) &* 0x94D0_49BB_1331_11EB
            return UInt8(truncatingIfNeeded: x ^ (x >> 31))
        }

        /// The harness, built next to the tests: beside the test binary (Linux), beside the test bundle (macOS), or in
        /// the package's `.build` folder.
        static func harness() -> URL? {
            let name = "CacheCrashHarness"
            var folders = [Bundle.main.executableURL?.deletingLastPathComponent()]
            folders += Bundle.allBundles.map { $0.bundleURL.deletingLastPathComponent() }
            let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent()
            folders += [root.appendingPathComponent(".build/debug")]
            return folders.compactMap { $0?.appendingPathComponent(name) }
                .first { FileManager.default.isExecutableFile(atPath: $0.path) }
        }

        /// Runs the harness until it has finished `operations` operations, then kills it, and says how it ended: nil
        /// when it wrote nothing for a minute (it is killed all the same).
        static func runAndKill(
            _ harness: URL, directory: URL, seed: UInt64, after operations: Int, catchingAWrite: Bool
        )
            throws -> ChildProcess.Ending?
        {
            let child = try ChildProcess(harness.path, [directory.path, String(seed)])
            var lines = 0
            while lines < operations {
                guard let data = child.read(until: .now + .seconds(60)) else {
                    _ = child.kill()
                    return nil
                }
                if data.isEmpty { break }  // The child ended on its own: an error, reported below.
                lines += data.reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
            }
            // Half the time, wait (polling, no sleep) until a file is being written, to kill the child inside a write.
            if catchingAWrite {
                for _ in 0..<5_000 where !Self.isWritingAFile(in: directory) {}
            }
            return child.kill()
        }

        static func isWritingAFile(in directory: URL) -> Bool {
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return false }
            return names.contains { $0.hasSuffix(CacheFileName.temporarySuffix) }
        }

        @Test func everyReadAfterAKillIsExactOrNil() async throws {
            let harness = try #require(Self.harness(), "CacheCrashHarness is built with the tests")
            let fixture = MediaCacheFixture()
            var random = IDMapTests.SplitMix(state: 7)
            let kills = 16
            var bytesChecked: Int64 = 0
            for kill in 0..<kills {
                let operations = Int.random(in: 1...40, using: &random)
                let directory = fixture.directory
                let ending = try await ChildProcess.onOwnThread {
                    try Self.runAndKill(
                        harness, directory: directory, seed: UInt64(kill), after: operations,
                        catchingAWrite: kill.isMultiple(of: 2))
                }
                #expect(ending == .signalled(SIGKILL), "the harness ran until it was killed (kill \(kill))")
                let cache = try MediaCache(directory: fixture.directory, capacity: 1024 * 1024)
                #expect(cache.usedBytes <= 1024 * 1024)
                #expect(cache.invariantViolations() == [])
                for key in 0..<4 {
                    let name = "storm-\(key)"
                    #expect([nil, 1_536 * 1024].contains(cache.length(for: name)))
                    for range in cache.cachedRanges(for: name).ranges {
                        let bytes = try #require(try cache.read(name, range: range), "\(name) \(range), kill \(kill)")
                        let wrong = zip(range, bytes).first { Self.stormByte(key: key, offset: $0) != $1 }
                        #expect(wrong == nil, "\(name) at \(wrong?.0 ?? -1), kill \(kill)")
                        bytesChecked += Int64(bytes.count)
                    }
                }
            }
            #expect(bytesChecked > 0)
        }
    }
}
