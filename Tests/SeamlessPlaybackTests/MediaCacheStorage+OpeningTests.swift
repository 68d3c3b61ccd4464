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
            let cache = try fixture.open()
            let other = fixture.directory.path + "/" + names[(index + 1) % names.count]
            try damage.apply(to: fixture.directory.path + "/" + name, other: other)
            try Self.expectExactOrNil(cache, "\(damage) of \(name), open")
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
