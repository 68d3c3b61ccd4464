import Testing

@testable import SeamlessPlayback

@Suite("CacheIndex: which chunks are held, their bytes, and the least recently used")
struct CacheIndexTests {
    typealias ID = CacheIndex.ChunkID

    @Test func countsBytesAndMergesAMediumsRanges() {
        var index = CacheIndex()
        index.setChunk(ID(key: "a", chunk: 0), ranges: RangeSet(10..<64), lastUse: index.tick())
        index.setChunk(ID(key: "a", chunk: 1), ranges: RangeSet(64..<100), lastUse: index.tick())
        index.setChunk(ID(key: "b", chunk: 5), ranges: RangeSet(320..<330), lastUse: index.tick())
        #expect(index.usedBytes == 54 + 36 + 10)
        #expect(index.cachedRanges(for: "a") == RangeSet(10..<100))
        #expect(index.cachedEnd(for: "a") == 100)
        #expect(index.cachedEnd(for: "c") == nil)
        index.setChunk(ID(key: "a", chunk: 0), ranges: RangeSet(0..<64), lastUse: index.tick())
        #expect(index.usedBytes == 64 + 36 + 10)
        index.removeChunk(ID(key: "b", chunk: 5))
        #expect(index.media["b"] == nil)
        #expect(index.usedBytes == 100)
        #expect(index.invariantViolations() == [])
    }

    @Test func picksTheLeastRecentlyUsedChunkNotSpared() {
        var index = CacheIndex()
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
        var index = CacheIndex()
        index.setLength(10, for: "a")
        #expect(index.media["a"]?.length == 10)
        #expect(index.keyClashing(with: "a") == nil)
        index.setLength(nil, for: "a")
        #expect(index.media["a"] == nil)
        #expect(index.keysByHash.isEmpty)
    }

    @Test func reportsBrokenBookkeeping() {
        var index = CacheIndex()
        index.setChunk(ID(key: "a", chunk: 0), ranges: RangeSet(0..<64), lastUse: 5)
        index.setLength(10, for: "a")
        #expect(index.invariantViolations() == ["a holds bytes past its length"])
    }
}
