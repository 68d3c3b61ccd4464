/// One chunk file: the bytes of one medium in one chunk, with everything needed to prove they belong there.
///
/// Layout (little-endian), header first, then the bytes:
///
/// ```
/// "SPMC"  version: u16  reserved: u16 (0)  chunkSize: u32  keyLength: u32  chunk: u64  sequence: u64
/// runCount: u32  payloadLength: u32  payloadChecksum: u64  key: UTF-8  runs: runCount × (start: u32, length: u32)
/// headerChecksum: u64   payload: the runs' bytes, one after another
/// ```
///
/// The header checksum covers the key, the chunk, the runs and the payload's checksum, so a payload is tied to its
/// medium and offsets: bytes moved to another file, torn, truncated or flipped fail one of the two checksums. Runs
/// are sorted, non-empty, separated by at least one byte, and inside the chunk. Opening the cache reads headers
/// only; every read checks both checksums.
struct ChunkRecord: Hashable, Sendable {
    static let magic: [UInt8] = Array("SPMC".utf8)
    static let version: UInt16 = 1
    /// The longest key, in UTF-8 bytes.
    static let maximumKeyBytes = 16 * 1024
    /// The bytes before the key.
    static let fixedHeaderLength = 48

    /// What a header says: everything but the payload.
    struct Header: Hashable, Sendable {
        var key: String
        var chunk: Int64
        var chunkSize: Int
        /// When it was written, in the cache's clock: orders chunks for eviction across runs.
        var sequence: UInt64
        /// The cached offsets within the chunk.
        var runs: [Range<Int>]
        var payloadLength: Int
        var payloadChecksum: UInt64
        var headerLength: Int

        /// The cached offsets within the medium.
        var rangesInMedium: RangeSet<Int64> {
            let start = Int64(chunk) * Int64(chunkSize)
            var ranges = RangeSet<Int64>()
            for run in runs { ranges.insert(contentsOf: start + Int64(run.lowerBound)..<start + Int64(run.upperBound)) }
            return ranges
        }

        /// The whole file's length.
        var fileLength: Int { headerLength + payloadLength }
    }

    var key: String
    var chunk: Int64
    var chunkSize: Int
    var sequence: UInt64
    var runs: [Range<Int>]
    /// The runs' bytes, one after another.
    var payload: [UInt8]

    /// A record with no bytes yet.
    init(key: String, chunk: Int64, chunkSize: Int, sequence: UInt64) {
        self.key = key
        self.chunk = chunk
        self.chunkSize = chunkSize
        self.sequence = sequence
        self.runs = []
        self.payload = []
    }

    /// The cached offsets within the medium.
    var rangesInMedium: RangeSet<Int64> { header.rangesInMedium }

    /// The bytes at `range` (offsets in the chunk), or `nil` unless they are all here.
    func bytes(in range: Range<Int>) -> ArraySlice<UInt8>? {
        var payloadStart = 0
        for run in runs {
            if run.lowerBound <= range.lowerBound && range.upperBound <= run.upperBound {
                let start = payloadStart + range.lowerBound - run.lowerBound
                return payload[start..<start + range.count]
            }
            payloadStart += run.count
        }
        return nil
    }

    /// This record with `bytes` at `range` (offsets in the chunk), which win over bytes already there.
    func replacing(_ range: Range<Int>, with bytes: some Collection<UInt8>, sequence: UInt64) -> ChunkRecord {
        var image = [UInt8](repeating: 0, count: chunkSize)
        var cached = RangeSet<Int>()
        var payloadStart = 0
        for run in runs {
            image.replaceSubrange(run, with: payload[payloadStart..<payloadStart + run.count])
            cached.insert(contentsOf: run)
            payloadStart += run.count
        }
        image.replaceSubrange(range, with: bytes)
        cached.insert(contentsOf: range)
        var result = ChunkRecord(key: key, chunk: chunk, chunkSize: chunkSize, sequence: sequence)
        result.runs = Array(cached.ranges)
        result.payload.reserveCapacity(cached.ranges.reduce(0) { $0 + $1.count })
        for run in result.runs { result.payload.append(contentsOf: image[run]) }
        return result
    }

    private var header: Header {
        let keyLength = key.utf8.count
        return Header(
            key: key, chunk: chunk, chunkSize: chunkSize, sequence: sequence, runs: runs,
            payloadLength: payload.count, payloadChecksum: XXHash64.hash(of: payload),
            headerLength: Self.headerLength(keyBytes: keyLength, runCount: runs.count))
    }

    /// The length of a header with a key of `keyBytes` UTF-8 bytes and `runCount` runs.
    static func headerLength(keyBytes: Int, runCount: Int) -> Int {
        fixedHeaderLength + keyBytes + runCount * 8 + 8
    }

    /// The length of a whole file with a key of `keyBytes` UTF-8 bytes and `runCount` runs holding `payloadLength`
    /// bytes: what ``encoded()`` returns, header and payload.
    static func fileLength(keyBytes: Int, runCount: Int, payloadLength: Int) -> Int {
        headerLength(keyBytes: keyBytes, runCount: runCount) + payloadLength
    }

    /// The file's bytes.
    func encoded() -> [UInt8] {
        let header = self.header
        var writer = CacheRecordWriter(capacity: header.fileLength)
        writer.append(contentsOf: Self.magic)
        writer.append(Self.version)
        writer.append(UInt16(0))
        writer.append(UInt32(truncatingIfNeeded: chunkSize))
        writer.append(UInt32(truncatingIfNeeded: key.utf8.count))
        writer.append(UInt64(bitPattern: chunk))
        writer.append(sequence)
        writer.append(UInt32(truncatingIfNeeded: runs.count))
        writer.append(UInt32(truncatingIfNeeded: payload.count))
        writer.append(header.payloadChecksum)
        writer.append(contentsOf: key.utf8)
        for run in runs {
            writer.append(UInt32(truncatingIfNeeded: run.lowerBound))
            writer.append(UInt32(truncatingIfNeeded: run.count))
        }
        writer.appendChecksum()
        writer.append(contentsOf: payload)
        return writer.bytes
    }

    /// The header's length, from a file's first ``fixedHeaderLength`` bytes (or more); `nil` when they cannot start
    /// a chunk file.
    static func headerLength(fromPrefix bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBytes { buffer in
            var reader = CacheRecordReader(buffer)
            guard let magic = reader.bytes(4), magic.elementsEqual(Self.magic),
                reader.uint16() == version, reader.uint16() == 0, reader.uint32() != nil,
                let keyLength = reader.uint32().map(Int.init), (1...maximumKeyBytes).contains(keyLength),
                reader.uint64() != nil, reader.uint64() != nil,
                let runCount = reader.uint32().map(Int.init), runCount <= maximumChunkSizeRuns
            else { return nil }
            return Self.headerLength(keyBytes: keyLength, runCount: runCount)
        }
    }

    private static let maximumChunkSizeRuns = ChunkLayout.maximumChunkSize / 2

    /// The header at the start of `bytes`, checked: `nil` unless it is whole, well formed and matches its checksum.
    static func decodeHeader(_ bytes: [UInt8]) -> Header? {
        bytes.withUnsafeBytes { decodeHeader($0) }
    }

    private static func decodeHeader(_ buffer: UnsafeRawBufferPointer) -> Header? {
        var reader = CacheRecordReader(buffer)
        guard let magic = reader.bytes(4), magic.elementsEqual(Self.magic),
            reader.uint16() == version, reader.uint16() == 0,
            let chunkSize = reader.uint32().map(Int.init), ChunkLayout(chunkSize: chunkSize) != nil,
            let keyLength = reader.uint32().map(Int.init), (1...maximumKeyBytes).contains(keyLength),
            let chunk = reader.uint64().map(Int64.init(bitPattern:)),
            let chunkStart = ChunkLayout(chunkSize: chunkSize)?.start(ofChunk: chunk),
            let sequence = reader.uint64(),
            let runCount = reader.uint32().map(Int.init), (1...chunkSize).contains(runCount),
            let payloadLength = reader.uint32().map(Int.init),
            let payloadChecksum = reader.uint64(),
            let keyBytes = reader.bytes(keyLength), let key = String(validating: keyBytes, as: UTF8.self),
            reader.remaining >= runCount * 8 + 8
        else { return nil }
        var runs: [Range<Int>] = []
        runs.reserveCapacity(runCount)
        var total = 0
        for _ in 0..<runCount {
            guard let start = reader.uint32().map(Int.init), let length = reader.uint32().map(Int.init),
                length > 0, start >= (runs.last.map { $0.upperBound + 1 } ?? 0), start + length <= chunkSize,
                Int64(start + length) <= Int64.max - chunkStart
            else { return nil }
            runs.append(start..<start + length)
            total += length
        }
        guard total == payloadLength, reader.checksumMatches() else { return nil }
        return Header(
            key: key, chunk: chunk, chunkSize: chunkSize, sequence: sequence, runs: runs,
            payloadLength: payloadLength, payloadChecksum: payloadChecksum, headerLength: reader.offset)
    }

    /// The record a whole file holds, checked: `nil` unless header and payload are whole and match their checksums.
    static func decode(_ bytes: [UInt8]) -> ChunkRecord? {
        guard let header = decodeHeader(bytes), bytes.count == header.fileLength else { return nil }
        let payload = bytes[header.headerLength...]
        guard XXHash64.hash(of: payload) == header.payloadChecksum else { return nil }
        var record = ChunkRecord(
            key: header.key, chunk: header.chunk, chunkSize: header.chunkSize, sequence: header.sequence)
        record.runs = header.runs
        record.payload = Array(payload)
        return record
    }
}
