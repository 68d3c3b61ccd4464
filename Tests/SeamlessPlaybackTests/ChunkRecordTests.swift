import Testing

@testable import SeamlessPlayback

@Suite("ChunkRecord: a chunk file's bytes, and every way they can fail their checks")
struct ChunkRecordTests {
    static func sample() -> ChunkRecord {
        ChunkRecord(key: "https://example.com/a.mp4", chunk: 3, chunkSize: 64, sequence: 9)
            .replacing(2..<10, with: (0..<8).map { UInt8($0) }, sequence: 9)
            .replacing(40..<64, with: [UInt8](repeating: 7, count: 24), sequence: 9)
    }

    @Test func mergesWritesLaterBytesWinning() {
        let record = Self.sample().replacing(8..<42, with: [UInt8](repeating: 1, count: 34), sequence: 10)
        #expect(record.runs == [2..<64])
        #expect(record.sequence == 10)
        #expect(record.bytes(in: 2..<8).map(Array.init) == [0, 1, 2, 3, 4, 5])
        #expect(record.bytes(in: 8..<42).map(Array.init) == [UInt8](repeating: 1, count: 34))
        #expect(record.bytes(in: 42..<64).map(Array.init) == [UInt8](repeating: 7, count: 22))
        #expect(Self.sample().bytes(in: 9..<41) == nil)
        #expect(Self.sample().bytes(in: 0..<3) == nil)
        var expected = RangeSet(Int64(194)..<202)
        expected.insert(contentsOf: 232..<256)
        #expect(Self.sample().rangesInMedium == expected)
    }

    @Test func decodesWhatItEncodes() throws {
        let record = Self.sample()
        let bytes = record.encoded()
        #expect(ChunkRecord.decode(bytes) == record)
        let header = try #require(ChunkRecord.decodeHeader(bytes))
        #expect(
            ChunkRecord.headerLength(fromPrefix: Array(bytes.prefix(ChunkRecord.fixedHeaderLength)))
                == header.headerLength)
        #expect(header.fileLength == bytes.count)
        #expect(header.key == record.key)
        #expect(header.runs == record.runs)
        #expect(ChunkRecord.decodeHeader(Array(bytes.prefix(header.headerLength))) == header)
    }

    @Test func everyTruncationAndEveryFlippedByteFailsTheChecks() {
        let bytes = Self.sample().encoded()
        for count in 0..<bytes.count { #expect(ChunkRecord.decode(Array(bytes.prefix(count))) == nil) }
        #expect(ChunkRecord.decode(bytes + [0]) == nil)
        for index in bytes.indices {
            var flipped = bytes
            flipped[index] ^= 0x20
            #expect(ChunkRecord.decode(flipped) == nil, "byte \(index)")
        }
    }

    /// Headers whose checksum matches but whose fields are impossible: the decoder still refuses them.
    @Test(arguments: [
        (2..<10, 9..<20), (2..<10, 10..<20), (20..<30, 2..<10), (0..<0, 1..<2), (60..<65, 0..<0), (0..<0, 0..<0),
    ])
    func refusesMalformedRunsEvenWithAMatchingChecksum(first: Range<Int>, second: Range<Int>) {
        var record = ChunkRecord(key: "k", chunk: 0, chunkSize: 64, sequence: 1)
        record.runs = [first, second].filter { !$0.isEmpty || first.isEmpty }
        record.payload = [UInt8](repeating: 1, count: record.runs.reduce(0) { $0 + $1.count })
        #expect(ChunkRecord.decode(record.encoded()) == nil)
    }

    @Test func refusesAnEmptyKeyAndChunksPastTheLastOffset() {
        var empty = ChunkRecord(key: "", chunk: 0, chunkSize: 64, sequence: 1).replacing(0..<1, with: [1], sequence: 1)
        #expect(ChunkRecord.decode(empty.encoded()) == nil)
        empty.key = "k"
        #expect(ChunkRecord.decode(empty.encoded()) != nil)
        let far = ChunkRecord(key: "k", chunk: Int64.max / 64, chunkSize: 64, sequence: 1)
        #expect(
            ChunkRecord.decode(far.replacing(0..<63, with: [UInt8](repeating: 1, count: 63), sequence: 1).encoded())
                != nil)
        #expect(
            ChunkRecord.decode(far.replacing(0..<64, with: [UInt8](repeating: 1, count: 64), sequence: 1).encoded())
                == nil)
        let beyond = ChunkRecord(key: "k", chunk: Int64.max / 64 + 1, chunkSize: 64, sequence: 1)
        #expect(ChunkRecord.decode(beyond.replacing(0..<1, with: [1], sequence: 1).encoded()) == nil)
    }
}
