import Testing

@testable import SeamlessPlayback

@Suite("ChunkLayout: which chunk holds which offsets")
struct ChunkLayoutTests {
    @Test func refusesChunkSizesOutOfRange() {
        #expect(ChunkLayout(chunkSize: 0) == nil)
        #expect(ChunkLayout(chunkSize: ChunkLayout.maximumChunkSize + 1) == nil)
        #expect(ChunkLayout(chunkSize: 1)?.chunkSize == 1)
    }

    @Test func cutsARangeIntoOnePiecePerChunk() throws {
        let layout = try #require(ChunkLayout(chunkSize: 64))
        #expect(
            layout.pieces(of: 60..<200) == [
                .init(chunk: 0, range: 60..<64, rangeInChunk: 60..<64),
                .init(chunk: 1, range: 64..<128, rangeInChunk: 0..<64),
                .init(chunk: 2, range: 128..<192, rangeInChunk: 0..<64),
                .init(chunk: 3, range: 192..<200, rangeInChunk: 0..<8),
            ])
        #expect(layout.pieces(of: 64..<128) == [.init(chunk: 1, range: 64..<128, rangeInChunk: 0..<64)])
        #expect(layout.pieces(of: 5..<5).isEmpty)
        #expect(layout.pieces(of: -5..<5).isEmpty)
    }

    @Test func reachesTheLastOffsetWithoutOverflowing() throws {
        let layout = try #require(ChunkLayout(chunkSize: 64))
        let pieces = layout.pieces(of: Int64.max - 70..<Int64.max)
        #expect(pieces.map(\.range.count).reduce(0, +) == 70)
        #expect(pieces.last?.range.upperBound == .max)
        #expect(layout.start(ofChunk: Int64.max / 64) == Int64.max / 64 * 64)
        #expect(layout.start(ofChunk: Int64.max / 64 + 1) == nil)
        #expect(layout.start(ofChunk: -1) == nil)
    }
}
