/// One length file: a medium's total length, with its key and a checksum.
///
/// Layout (little-endian): `"SPML"  version: u16  reserved: u16 (0)  keyLength: u32  reserved: u32 (0)
/// length: u64  key: UTF-8  checksum: u64`, the checksum covering everything before it.
struct LengthRecord: Hashable, Sendable {
    static let magic: [UInt8] = Array("SPML".utf8)
    static let version: UInt16 = 1

    var key: String
    var length: Int64

    /// The length of the file of a key of `keyBytes` UTF-8 bytes: what ``encoded()`` returns.
    static func fileLength(keyBytes: Int) -> Int {
        32 + keyBytes
    }

    /// The file's bytes.
    func encoded() -> [UInt8] {
        var writer = CacheRecordWriter(capacity: Self.fileLength(keyBytes: key.utf8.count))
        writer.append(contentsOf: Self.magic)
        writer.append(Self.version)
        writer.append(UInt16(0))
        writer.append(UInt32(truncatingIfNeeded: key.utf8.count))
        writer.append(UInt32(0))
        writer.append(UInt64(bitPattern: length))
        writer.append(contentsOf: key.utf8)
        writer.appendChecksum()
        return writer.bytes
    }

    /// The record a whole file holds: `nil` unless it is whole, well formed and matches its checksum.
    static func decode(_ bytes: [UInt8]) -> LengthRecord? {
        bytes.withUnsafeBytes { buffer in
            var reader = CacheRecordReader(buffer)
            guard let magic = reader.bytes(4), magic.elementsEqual(Self.magic),
                reader.uint16() == version, reader.uint16() == 0,
                let keyLength = reader.uint32().map(Int.init), (1...ChunkRecord.maximumKeyBytes).contains(keyLength),
                reader.uint32() == 0,
                let length = reader.uint64().map(Int64.init(bitPattern:)), length >= 0,
                let keyBytes = reader.bytes(keyLength), let key = String(validating: keyBytes, as: UTF8.self),
                reader.checksumMatches(), reader.remaining == 0
            else { return nil }
            return LengthRecord(key: key, length: length)
        }
    }
}
