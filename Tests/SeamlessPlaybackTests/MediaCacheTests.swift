import Foundation
import Testing

@_spi(EngineSupport) @testable import SeamlessPlayback

@Suite("MediaCache: sparse bytes per medium, exact or nil, within a capacity, from any thread")
struct MediaCacheTests {
    typealias Fixture = MediaCacheFixture

    @Test func readsBackUnalignedWritesAndNothingElse() throws {
        let fixture = Fixture()
        let cache = try fixture.open()
        try cache.write(Fixture.bytes("a", 10..<150), for: "a", at: 10)
        try cache.write(Fixture.bytes("a", 300..<301), for: "a", at: 300)
        #expect(try cache.read("a", range: 10..<150) == Fixture.bytes("a", 10..<150))
        #expect(try cache.read("a", range: 63..<129) == Fixture.bytes("a", 63..<129))
        #expect(try cache.read("a", range: 300..<301) == Fixture.bytes("a", 300..<301))
        #expect(try cache.read("a", range: 9..<20) == nil)
        #expect(try cache.read("a", range: 140..<151) == nil)
        #expect(try cache.read("a", range: 100..<301) == nil)
        #expect(try cache.read("b", range: 10..<20) == nil)
        #expect(try cache.read("a", range: 5000..<5000) == Data())
        #expect(try cache.read("a", range: 0..<Int64.max) == nil)  // answered from the index, without a piece per chunk
        #expect(try cache.read("a", range: Int64.max - 1..<Int64.max) == nil)
        var expected = RangeSet(Int64(10)..<150)
        expected.insert(contentsOf: 300..<301)
        #expect(cache.cachedRanges(for: "a") == expected)
        #expect(cache.cachedRanges(for: "b").isEmpty)
        // Four chunk files (0, 1, 2 and 4), each its bytes and its header: the capacity counts files on disk.
        #expect(cache.usedBytes == 141 + 4 * Fixture.header)
        #expect(cache.usedBytes == fixture.cacheFileLengths())
        #expect(cache.invariantViolations() == [])
    }

    @Test func aLaterWriteOfTheSameOffsetsWins() throws {
        let fixture = Fixture()
        let cache = try fixture.open()
        try cache.write(Fixture.bytes("a", 0..<200), for: "a", at: 0)
        try cache.write(Fixture.bytes("a", 50..<120, version: 1), for: "a", at: 50)
        let expected =
            Fixture.bytes("a", 0..<50) + Fixture.bytes("a", 50..<120, version: 1) + Fixture.bytes("a", 120..<200)
        #expect(try cache.read("a", range: 0..<200) == expected)
        #expect(cache.usedBytes == 200 + 4 * Fixture.header)
        #expect(try fixture.reopen(consume cache).read("a", range: 0..<200) == expected)
    }

    @Test func reopeningKeepsBytesAndLengths() throws {
        let fixture = Fixture()
        do {
            let cache = try fixture.open()
            try cache.setLength(1000, for: "a")
            try cache.write(Fixture.bytes("a", 900..<1000), for: "a", at: 900)
            try cache.write(Fixture.bytes("b", 0..<70), for: "b", at: 0)
        }
        let cache = try fixture.open()
        #expect(cache.length(for: "a") == 1000)
        #expect(cache.length(for: "b") == nil)
        #expect(try cache.read("a", range: 900..<1000) == Fixture.bytes("a", 900..<1000))
        #expect(try cache.read("b", range: 0..<70) == Fixture.bytes("b", 0..<70))
        #expect(cache.usedBytes == 170 + 4 * Fixture.header + Fixture.lengthFile)
        #expect(cache.usedBytes == fixture.cacheFileLengths())
        #expect(cache.invariantViolations() == [])
    }

    enum BadCall: String, CaseIterable, Sendable {
        case writeEmptyKey, writeNegativeOffset, writeOverflowingOffset, writePastLength, writeLargerThanCapacity
        case writeKeyTooLong, readEmptyKey, readNegativeRange, readPastLength, lengthNegative, lengthBelowCached
        case lengthEmptyKey

        func call(_ cache: MediaCache) throws(MediaCacheError) {
            let bytes = Data(repeating: 1, count: 10)
            switch self {
            case .writeEmptyKey: try cache.write(bytes, for: "", at: 0)
            case .writeNegativeOffset: try cache.write(bytes, for: "a", at: -1)
            case .writeOverflowingOffset: try cache.write(bytes, for: "a", at: .max - 5)
            case .writePastLength: try cache.write(bytes, for: "a", at: 495)
            case .writeLargerThanCapacity: try cache.write(Data(count: 1001), for: "b", at: 0)
            case .writeKeyTooLong: try cache.write(bytes, for: String(repeating: "k", count: 16 * 1024 + 1), at: 0)
            case .readEmptyKey: _ = try cache.read("", range: 0..<1)
            case .readNegativeRange: _ = try cache.read("a", range: -1..<3)
            case .readPastLength: _ = try cache.read("a", range: 400..<501)
            case .lengthNegative: try cache.setLength(-1, for: "b")
            case .lengthBelowCached: try cache.setLength(99, for: "a")
            case .lengthEmptyKey: try cache.setLength(10, for: "")
            }
        }

        var error: MediaCacheError {
            switch self {
            case .writeEmptyKey, .readEmptyKey, .lengthEmptyKey: .emptyKey
            case .writeNegativeOffset: .invalidOffset(-1)
            case .writeOverflowingOffset: .invalidOffset(.max - 5)
            case .writePastLength: .pastLength(end: 505, length: 500)
            case .writeLargerThanCapacity: .largerThanCapacity(count: 1001, capacity: 1000)
            case .writeKeyTooLong: .keyTooLong(maximumBytes: 16 * 1024)
            case .readNegativeRange: .invalidOffset(-1)
            case .readPastLength: .pastLength(end: 501, length: 500)
            case .lengthNegative: .invalidLength(-1)
            case .lengthBelowCached: .lengthBelowCachedBytes(length: 99, cachedEnd: 100)
            }
        }
    }

    @Test(arguments: BadCall.allCases)
    func badInputThrowsItsErrorAndChangesNothing(call: BadCall) throws {
        let fixture = Fixture()
        let cache = try fixture.open(capacity: 1000)
        try cache.setLength(500, for: "a")
        try cache.write(Fixture.bytes("a", 0..<100), for: "a", at: 0)
        let files = fixture.fileNames()
        #expect(throws: call.error) { try call.call(cache) }
        #expect(fixture.fileNames() == files)
        #expect(cache.usedBytes == 100 + 2 * Fixture.header + Fixture.lengthFile)
        #expect(cache.length(for: "a") == 500)
        #expect(cache.length(for: "b") == nil)
        #expect(cache.cachedRanges(for: "a") == RangeSet(0..<100))
        #expect(try cache.read("a", range: 0..<100) == Fixture.bytes("a", 0..<100))
    }

    @Test func aNegativeCapacityIsRefused() {
        let fixture = Fixture()
        #expect(throws: MediaCacheError.invalidCapacity(-1)) { try fixture.open(capacity: -1) }
    }

    @Test func evictsTheLeastRecentlyUsedChunkFirst() throws {
        let fixture = Fixture()
        let file = 64 + Fixture.header
        let cache = try fixture.open(capacity: 4 * file)
        for (index, key) in ["a", "b", "c", "d"].enumerated() {
            try cache.write(Fixture.bytes(key, 0..<64), for: key, at: 0)
            #expect(cache.usedBytes == Int64(index + 1) * file)
        }
        #expect(try cache.read("a", range: 0..<1) != nil)
        try cache.write(Fixture.bytes("e", 0..<64), for: "e", at: 0)
        #expect(cache.usedBytes == 4 * file)
        #expect(cache.cachedRanges(for: "b").isEmpty)
        for key in ["a", "c", "d", "e"] { #expect(try cache.read(key, range: 0..<64) == Fixture.bytes(key, 0..<64)) }
        // The order survives a relaunch by the last write (reads are forgotten): "a" was written first.
        let reopened = try fixture.reopen(consume cache, capacity: 3 * file)
        #expect(reopened.cachedRanges(for: "a").isEmpty)
        #expect(!reopened.cachedRanges(for: "c").isEmpty)
        #expect(reopened.usedBytes == 3 * file)
    }

    @Test func withFourKiBBlocksTwoOneByteWritesFillEightKiBAndTheOldestGoesForAThird() throws {
        let fixture = Fixture()
        let cache = try fixture.open(capacity: 8192, fileSystem: FailingFileSystem(allocationUnit: 4096))
        try cache.write(Data([1]), for: "a", at: 0)
        #expect(cache.usedBytes == 4096)
        try cache.write(Data([2]), for: "b", at: 0)
        #expect(cache.usedBytes == 8192)
        try cache.write(Data([3]), for: "c", at: 0)
        #expect(cache.usedBytes == 8192)
        #expect(try cache.read("a", range: 0..<1) == nil)
        #expect(try cache.read("b", range: 0..<1) == Data([2]))
        #expect(try cache.read("c", range: 0..<1) == Data([3]))
        #expect(cache.invariantViolations() == [])
    }

    @Test func writesAndLengthsWhoseFilesCannotFitAreRefusedChangingNothing() throws {
        let fixture = Fixture()
        let cache = try fixture.open(capacity: 4095, fileSystem: FailingFileSystem(allocationUnit: 4096))
        #expect(throws: MediaCacheError.largerThanCapacity(count: 1, capacity: 4095)) {
            try cache.write(Data([1]), for: "a", at: 0)
        }
        #expect(throws: MediaCacheError.largerThanCapacity(count: 4096, capacity: 4095)) {
            try cache.setLength(10, for: "a")
        }
        #expect(fixture.fileNames() == [])
        #expect(cache.usedBytes == 0)
        #expect(cache.length(for: "a") == nil)
    }

    /// On the real file system: each one-byte write makes a chunk file that takes a whole block on disk.
    @Test func twoThousandOneByteWritesTakeNoMoreDiskThanTheCapacity() throws {
        let fixture = Fixture()
        let cache = try fixture.open(capacity: 2000, chunkSize: 64, fileSystem: POSIXCacheFileSystem())
        for index in 0..<2000 { try? cache.write(Data([UInt8(truncatingIfNeeded: index)]), for: "k\(index)", at: 0) }
        #expect(fixture.bytesOnDisk() <= 2000)
        #expect(cache.usedBytes <= 2000)
        #expect(cache.invariantViolations() == [])
    }

    @Test func manyOneByteWritesKeepTheNewestWithinTheCapacityOnDisk() throws {
        let fixture = Fixture()
        let capacity: Int64 = 64 * 1024
        let cache = try fixture.open(capacity: capacity, chunkSize: 64, fileSystem: POSIXCacheFileSystem())
        for index in 0..<2000 { try cache.write(Data([UInt8(truncatingIfNeeded: index)]), for: "k\(index)", at: 0) }
        #expect(fixture.bytesOnDisk() <= capacity)
        #expect(cache.usedBytes <= capacity)
        #expect(try cache.read("k1999", range: 0..<1) == Data([UInt8(truncatingIfNeeded: 1999)]))
        #expect(try cache.read("k0", range: 0..<1) == nil)
        #expect(cache.invariantViolations() == [])
    }

    @Test func aWriteAsLargeAsTheCapacityReplacesEverything() throws {
        let fixture = Fixture()
        // 100 bytes across three chunks: three files, each with its header.
        let capacity = 100 + 3 * Fixture.header
        let cache = try fixture.open(capacity: capacity)
        try cache.write(Fixture.bytes("a", 0..<60), for: "a", at: 0)
        try cache.write(Fixture.bytes("a", 60..<160), for: "a", at: 60)
        #expect(cache.usedBytes == capacity)
        #expect(try cache.read("a", range: 60..<160) == Fixture.bytes("a", 60..<160))
        #expect(try cache.read("a", range: 0..<60) == nil)
        #expect(cache.invariantViolations() == [])
    }

    /// Random writes, reads, lengths and removals against a model that knows which byte belongs where.
    @Test(arguments: [(UInt64(1), Int64(1 << 20)), (2, 1000), (3, 500), (4, 200)])
    func agreesWithAModelThroughRandomCalls(seed: UInt64, capacity: Int64) throws {
        let fixture = Fixture()
        var cache = try fixture.open(capacity: capacity)
        var random = IDMapTests.SplitMix(state: seed)
        var versions: [String: [Int64: UInt64]] = [:]
        let keys = ["a", "b", "c"]
        for step in 0..<600 {
            let key = keys[Int.random(in: 0..<3, using: &random)]
            let start = Int64.random(in: 0..<400, using: &random)
            let range = start..<start + Int64.random(in: 0...min(capacity, 150), using: &random)
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<5:
                let version = UInt64(step)
                let bytes = Data(range.map { Fixture.byte(key, $0, version: version) })
                switch Result(catching: { () throws(MediaCacheError) in try cache.write(bytes, for: key, at: start) }) {
                case .success: for offset in range { versions[key, default: [:]][offset] = version }
                // Its files would take more than the capacity on disk: refused, changing nothing.
                case .failure(.largerThanCapacity): break
                case .failure(let error): throw error
                }
            case 5..<8:
                if let bytes = try cache.read(key, range: range) {
                    let expected = range.map { Fixture.byte(key, $0, version: versions[key]?[$0] ?? .max) }
                    #expect(Array(bytes) == expected)
                }
            case 8:
                if Bool.random(using: &random) {
                    cache.remove(key)
                } else {
                    cache = try fixture.reopen(consume cache, capacity: capacity)
                }
            default:
                let ranges = cache.cachedRanges(for: key)
                for range in ranges.ranges {
                    let bytes = try #require(try cache.read(key, range: range))
                    #expect(Array(bytes) == range.map { Fixture.byte(key, $0, version: versions[key]?[$0] ?? .max) })
                }
            }
            #expect(cache.usedBytes <= capacity)
            #expect(cache.invariantViolations() == [])
        }
    }

    @Test func removeAllEmptiesTheCacheAndItsDirectory() throws {
        let fixture = Fixture()
        let cache = try fixture.open()
        try cache.write(Fixture.bytes("a", 0..<300), for: "a", at: 0)
        try cache.setLength(300, for: "a")
        _ = FileManager.default.createFile(atPath: fixture.directory.path + "/notes.txt", contents: Data("x".utf8))
        cache.removeAll()
        #expect(cache.usedBytes == 0)
        #expect(cache.length(for: "a") == nil)
        #expect(fixture.fileNames() == ["notes.txt"])
    }

    /// Many threads write whole blocks of one version (each block crossing chunks) and read whole blocks back:
    /// every read is one version's block, never a mix.
    @Test func concurrentReadersNeverSeeATornWrite() throws {
        let fixture = Fixture()
        let cache = try fixture.open(capacity: 1 << 20)
        let block: Int64 = 100
        let failures = Protected(0)
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            var random = IDMapTests.SplitMix(state: UInt64(thread + 1))
            for step in 0..<300 {
                let start = Int64.random(in: 0..<8, using: &random) * block
                let range = start..<start + block
                if Bool.random(using: &random) {
                    let version = UInt64(thread * 1000 + step)
                    try? cache.write(Self.versioned(range, version), for: "a", at: start)
                } else if let bytes = try? cache.read("a", range: range) {
                    // The version is spelled out by the block's first eight bytes; the rest must agree.
                    var version: UInt64 = 0
                    for (offset, byte) in zip(range, bytes).prefix(8) {
                        version |= UInt64(byte ^ UInt8(truncatingIfNeeded: offset)) << (UInt64(offset % 8) * 8)
                    }
                    if bytes != Self.versioned(range, version) { failures.withLock { $0 += 1 } }
                }
            }
        }
        #expect(failures.withLock { $0 } == 0)
        #expect(cache.invariantViolations() == [])
    }

    /// A block of one version: each byte is a byte of the version, mixed with its offset.
    static func versioned(_ range: Range<Int64>, _ version: UInt64) -> Data {
        Data(range.map { UInt8(truncatingIfNeeded: version >> (UInt64($0 % 8) * 8)) ^ UInt8(truncatingIfNeeded: $0) })
    }
}
