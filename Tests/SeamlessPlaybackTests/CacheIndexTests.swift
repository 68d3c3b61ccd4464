import Testing

@testable import SeamlessPlayback

@Suite("CacheIndex: which chunks are held, what their files take on disk, and the least recently used")
struct CacheIndexTests {
    typealias ID = CacheIndex.ChunkID

    /// An index that counts each file's exact length (an allocation unit of one byte).
    static func exact() -> CacheIndex {
        CacheIndex(footprint: DiskFootprint(allocationUnit: 1))
    }

    /// A one-byte key's chunk file of one run: its header.
    static let header = Int64(MediaCacheFixture.header)

    @Test func countsFilesAndMergesAMediumsRanges() {
        var index = Self.exact()
        index.setChunk(ID(key: "a", chunk: 0), ranges: RangeSet(10..<64), lastUse: index.tick())
        index.setChunk(ID(key: "a", chunk: 1), ranges: RangeSet(64..<100), lastUse: index.tick())
        index.setChunk(ID(key: "b", chunk: 5), ranges: RangeSet(320..<330), lastUse: index.tick())
        #expect(index.usedBytes == 54 + 36 + 10 + 3 * Self.header)
        #expect(index.chunks[ID(key: "a", chunk: 0)]?.byteCount == 54)
        #expect(index.cachedRanges(for: "a") == RangeSet(10..<100))
        #expect(index.cachedEnd(for: "a") == 100)
        #expect(index.cachedEnd(for: "c") == nil)
        index.setChunk(ID(key: "a", chunk: 0), ranges: RangeSet(0..<64), lastUse: index.tick())
        #expect(index.usedBytes == 64 + 36 + 10 + 3 * Self.header)
        index.removeChunk(ID(key: "b", chunk: 5))
        #expect(index.media["b"] == nil)
        #expect(index.usedBytes == 100 + 2 * Self.header)
        #expect(index.invariantViolations() == [])
    }

    @Test func eachRunOfAChunkAddsItsEightBytesToTheHeader() {
        var index = Self.exact()
        var ranges = RangeSet(Int64(0)..<10)
        ranges.insert(contentsOf: 20..<30)
        index.setChunk(ID(key: "a", chunk: 0), ranges: ranges, lastUse: index.tick())
        #expect(index.usedBytes == 20 + Self.header + 8)
        #expect(index.invariantViolations() == [])
    }

    @Test func aLengthCountsItsFile() {
        var index = Self.exact()
        index.setLength(10, for: "a")
        #expect(index.usedBytes == MediaCacheFixture.lengthFile)
        index.setLength(20, for: "a")
        #expect(index.usedBytes == MediaCacheFixture.lengthFile)
        index.setChunk(ID(key: "a", chunk: 0), ranges: RangeSet(0..<5), lastUse: index.tick())
        #expect(index.usedBytes == MediaCacheFixture.lengthFile + 5 + Self.header)
        index.setLength(nil, for: "a")
        #expect(index.usedBytes == 5 + Self.header)
        #expect(index.invariantViolations() == [])
    }

    @Test func withFourKiBBlocksAOneByteChunkTakesAWholeBlock() {
        var index = CacheIndex(footprint: DiskFootprint(allocationUnit: 4096))
        index.setChunk(ID(key: "a", chunk: 0), ranges: RangeSet(0..<1), lastUse: index.tick())
        #expect(index.usedBytes == 4096)
        index.setChunk(ID(key: "a", chunk: 0), ranges: RangeSet(0..<4096 - Self.header), lastUse: index.tick())
        #expect(index.usedBytes == 4096)
        index.setChunk(ID(key: "a", chunk: 0), ranges: RangeSet(0..<4096 - Self.header + 1), lastUse: index.tick())
        #expect(index.usedBytes == 8192)
        index.setLength(5000, for: "a")
        #expect(index.usedBytes == 3 * 4096)
        #expect(index.invariantViolations() == [])
    }

    @Test func picksTheLeastRecentlyUsedChunkNotSpared() {
        var index = Self.exact()
        let ids = (0..<4).map { ID(key: "k\($0)", chunk: Int64($0)) }
        for id in ids { index.setChunk(id, ranges: RangeSet(id.chunk * 64..<id.chunk * 64 + 1), lastUse: index.tick()) }
        #expect(index.leastRecentlyUsed(sparing: []) == ids[0])
        index.touch(ids[0])
        #expect(index.leastRecentlyUsed(sparing: []) == ids[1])
        #expect(index.leastRecentlyUsed(sparing: [ids[1], ids[2]]) == ids[3])
        #expect(index.leastRecentlyUsed(sparing: Set(ids)) == nil)
        #expect(index.invariantViolations() == [])
    }

    @Test func keepsALengthWithoutChunksUntilItIsForgotten() {
        var index = Self.exact()
        index.setLength(10, for: "a")
        #expect(index.media["a"]?.length == 10)
        #expect(index.keyClashing(with: "a") == nil)
        index.setLength(nil, for: "a")
        #expect(index.media["a"] == nil)
        #expect(index.keysByHash.isEmpty)
    }

    @Test func reportsBrokenBookkeeping() {
        var index = Self.exact()
        index.setChunk(ID(key: "a", chunk: 0), ranges: RangeSet(0..<64), lastUse: 5)
        index.setLength(10, for: "a")
        #expect(index.invariantViolations() == ["a holds bytes past its length"])
    }
}
