/// How a medium's bytes are cut into chunks: chunk `n` holds the offsets `n × chunkSize ..< (n + 1) × chunkSize`.
///
/// Each chunk is one file, replaced whole on every write that touches it, so a crash leaves either the chunk before
/// the write or the chunk after it. A write or read of any range touches the chunks this type names, in order.
struct ChunkLayout: Hashable, Sendable {
    /// The chunk size ``MediaCache`` uses: a file small enough to rewrite on every network delivery.
    static let defaultChunkSize = 64 * 1024
    /// The largest chunk size a chunk file may declare.
    static let maximumChunkSize = 16 * 1024 * 1024

    /// One chunk's share of a range.
    struct Piece: Hashable, Sendable {
        /// The chunk's number.
        var chunk: Int64
        /// The offsets within the medium.
        var range: Range<Int64>
        /// The offsets within the chunk.
        var rangeInChunk: Range<Int>
    }

    /// The bytes per chunk, between 1 and ``maximumChunkSize``.
    let chunkSize: Int

    /// A layout; `nil` unless `chunkSize` is between 1 and ``maximumChunkSize``.
    init?(chunkSize: Int) {
        guard (1...Self.maximumChunkSize).contains(chunkSize) else { return nil }
        self.chunkSize = chunkSize
    }

    /// The first offset of chunk `chunk`, or `nil` when it is negative or past `Int64.max`.
    func start(ofChunk chunk: Int64) -> Int64? {
        let (start, overflow) = chunk.multipliedReportingOverflow(by: Int64(chunkSize))
        return chunk < 0 || overflow ? nil : start
    }

    /// The pieces of `range` (offsets not below zero), one per chunk it touches, in order; none when it is empty.
    func pieces(of range: Range<Int64>) -> [Piece] {
        guard !range.isEmpty, range.lowerBound >= 0 else { return [] }
        let size = Int64(chunkSize)
        var pieces: [Piece] = []
        var offset = range.lowerBound
        while offset < range.upperBound {
            let chunk = offset / size
            let chunkStart = chunk * size
            let end = min(range.upperBound, chunkStart + min(size, Int64.max - chunkStart))
            pieces.append(
                Piece(
                    chunk: chunk, range: offset..<end,
                    rangeInChunk: Int(offset - chunkStart)..<Int(end - chunkStart)))
            offset = end
        }
        return pieces
    }
}
