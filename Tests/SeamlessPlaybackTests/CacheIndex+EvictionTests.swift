import Testing

@testable import SeamlessPlayback

@Suite("CacheIndex+Eviction: which files go so that what is written fits within the capacity on disk")
struct CacheIndexEvictionTests {
    typealias ID = CacheIndex.ChunkID

    /// An index on 4 KiB blocks holding a one-byte chunk of each key, written in order.
    static func blocks(_ keys: [String]) -> CacheIndex {
        var index = CacheIndex(footprint: DiskFootprint(allocationUnit: 4096))
        for key in keys { index.setChunk(ID(key: key, chunk: 0), ranges: RangeSet(0..<1), lastUse: index.tick()) }
        return index
    }

    @Test func twoOneByteChunksFillTwoBlocksAndTheOldestGoesForAThird() {
        var index = Self.blocks(["a", "b"])
        #expect(index.usedBytes == 8192)
        let third = ID(key: "c", chunk: 0)
        let incoming = index.footprint.chunkFile(key: "c", ranges: RangeSet(0..<1))
        #expect(incoming == 4096)
        #expect(
            index.evictions(toFit: incoming, replacing: [third], keepingLengthOf: "c", within: 8192)
                == [.chunk(ID(key: "a", chunk: 0))])
        // Used since: "b" is now the oldest.
        index.touch(ID(key: "a", chunk: 0))
        #expect(
            index.evictions(toFit: incoming, replacing: [third], keepingLengthOf: "c", within: 8192)
                == [.chunk(ID(key: "b", chunk: 0))])
        #expect(index.evictions(toFit: incoming, replacing: [third], keepingLengthOf: "c", within: 12288) == [])
        #expect(index.invariantViolations() == [])
    }

    @Test func aFileLargerThanTheCapacityCannotFit() {
        let index = Self.blocks(["a"])
        #expect(index.evictions(toFit: 4096, replacing: [], keepingLengthOf: "b", within: 4095) == nil)
        #expect(
            index.evictions(toFit: 4096, replacing: [], keepingLengthOf: "b", within: 4096) == [
                .chunk(ID(key: "a", chunk: 0))
            ])
        // Asked without the search: the same answer.
        #expect(!index.canFit(4096, replacing: [], keepingLengthOf: "b", within: 4095))
        #expect(index.canFit(4096, replacing: [], keepingLengthOf: "b", within: 4096))
    }

    @Test func aReplacedChunkFreesItsBlocksAndStays() {
        let index = Self.blocks(["a", "b"])
        let rewritten = ID(key: "b", chunk: 0)
        // "b" grows to two blocks in place of its one: "a" goes, never "b" itself.
        #expect(
            index.evictions(toFit: 8192, replacing: [rewritten], keepingLengthOf: "b", within: 8192)
                == [.chunk(ID(key: "a", chunk: 0))])
        #expect(index.evictions(toFit: 8192, replacing: [rewritten], keepingLengthOf: "b", within: 8191) == nil)
    }

    @Test func aMediumsLengthGoesWithItsLastChunkUnlessItIsKept() {
        var index = Self.blocks(["a", "b"])
        index.setLength(10, for: "a")
        #expect(index.usedBytes == 3 * 4096)
        // Dropping "a"'s chunk frees its length's block too: one eviction frees two blocks.
        #expect(
            index.evictions(toFit: 8192, replacing: [], keepingLengthOf: "c", within: 3 * 4096)
                == [.chunk(ID(key: "a", chunk: 0))])
        // Kept, "a"'s length stays: both chunks go, and the length's block still leaves no room for three.
        #expect(
            index.evictions(toFit: 8192, replacing: [], keepingLengthOf: "a", within: 3 * 4096)
                == [.chunk(ID(key: "a", chunk: 0)), .chunk(ID(key: "b", chunk: 0))])
        #expect(index.evictions(toFit: 3 * 4096, replacing: [], keepingLengthOf: "a", within: 3 * 4096) == nil)
    }

    @Test func lengthsWithoutChunksGoFirstByKey() {
        var index = Self.blocks(["a"])
        index.setLength(10, for: "y")
        index.setLength(10, for: "x")
        #expect(index.usedBytes == 3 * 4096)
        #expect(index.evictions(toFit: 4096, replacing: [], keepingLengthOf: "c", within: 3 * 4096) == [.length("x")])
        #expect(
            index.evictions(toFit: 3 * 4096, replacing: [], keepingLengthOf: "c", within: 3 * 4096)
                == [.length("x"), .length("y"), .chunk(ID(key: "a", chunk: 0))])
        #expect(
            index.evictions(toFit: 4096, replacing: [], keepingLengthOf: "x", within: 2 * 4096) == [
                .length("y"), .chunk(ID(key: "a", chunk: 0)),
            ])
    }

    @Test func openingEvictsDownToTheCapacity() {
        let index = Self.blocks(["a", "b", "c"])
        #expect(
            index.evictions(toFit: 0, replacing: [], keepingLengthOf: nil, within: 4096)
                == [.chunk(ID(key: "a", chunk: 0)), .chunk(ID(key: "b", chunk: 0))])
        #expect(index.evictions(toFit: 0, replacing: [], keepingLengthOf: nil, within: 0)?.count == 3)
    }
}
