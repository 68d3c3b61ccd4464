/// What a file of the cache takes on disk, as its capacity counts it: the file's whole length — header and bytes —
/// rounded up to the file system's allocation unit.
///
/// A file system stores a file in whole allocation units (blocks), so a chunk file holding one byte takes a whole
/// block on disk: counting media bytes alone, many small writes would take far more disk than the capacity says.
struct DiskFootprint: Hashable, Sendable {
    /// The allocation unit assumed when the file system does not report one.
    static let defaultAllocationUnit = 4096
    /// The largest allocation unit taken as reported; a larger one is counted as this.
    static let maximumAllocationUnit = 1 << 30

    /// The bytes of the file system's allocation unit, between 1 and ``maximumAllocationUnit``.
    let allocationUnit: Int64

    /// The footprint of files on a file system whose allocation unit is `allocationUnit` bytes:
    /// ``defaultAllocationUnit`` when it is `nil` or not positive, at most ``maximumAllocationUnit``.
    init(allocationUnit: Int?) {
        let unit = allocationUnit.flatMap { $0 > 0 ? $0 : nil } ?? Self.defaultAllocationUnit
        self.allocationUnit = Int64(min(unit, Self.maximumAllocationUnit))
    }

    /// The bytes on disk of a file `length` bytes long: none for an empty file, else whole allocation units.
    func bytes(ofFileLength length: Int) -> Int64 {
        guard length > 0 else { return 0 }
        let units = (Int64(length) - 1) / allocationUnit + 1
        return units * allocationUnit
    }

    /// The bytes on disk of the chunk file of `key` that holds `ranges` (offsets in the medium, all in one chunk).
    func chunkFile(key: String, ranges: RangeSet<Int64>) -> Int64 {
        let payloadLength = ranges.ranges.reduce(0) { $0 + $1.count }
        return chunkFile(key: key, runCount: ranges.ranges.count, payloadLength: payloadLength)
    }

    /// The bytes on disk of a chunk file of `key` with `runCount` runs holding `payloadLength` bytes.
    func chunkFile(key: String, runCount: Int, payloadLength: Int) -> Int64 {
        bytes(
            ofFileLength: ChunkRecord.fileLength(
                keyBytes: key.utf8.count, runCount: runCount, payloadLength: payloadLength))
    }

    /// The bytes on disk of the length file of `key`.
    func lengthFile(key: String) -> Int64 {
        bytes(ofFileLength: LengthRecord.fileLength(keyBytes: key.utf8.count))
    }
}
