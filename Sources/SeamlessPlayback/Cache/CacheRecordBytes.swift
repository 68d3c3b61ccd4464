/// Little-endian fields written one after another: how the cache's records are laid out in their files.
struct CacheRecordWriter {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int) {
        bytes.reserveCapacity(capacity)
    }

    mutating func append(_ value: UInt16) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func append(_ value: UInt32) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func append(_ value: UInt64) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func append(contentsOf data: some Sequence<UInt8>) {
        bytes.append(contentsOf: data)
    }

    /// Appends the checksum of everything written so far.
    mutating func appendChecksum() {
        append(XXHash64.hash(of: bytes))
    }
}

/// Reads the fields a ``CacheRecordWriter`` wrote; every read past the end returns `nil`, never traps.
struct CacheRecordReader {
    let bytes: UnsafeRawBufferPointer
    private(set) var offset = 0

    init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    var remaining: Int { bytes.count - offset }

    mutating func uint16() -> UInt16? {
        guard remaining >= 2 else { return nil }
        defer { offset += 2 }
        return UInt16(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt16.self))
    }

    mutating func uint32() -> UInt32? {
        guard remaining >= 4 else { return nil }
        defer { offset += 4 }
        return UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
    }

    mutating func uint64() -> UInt64? {
        guard remaining >= 8 else { return nil }
        defer { offset += 8 }
        return UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }

    mutating func bytes(_ count: Int) -> UnsafeRawBufferPointer? {
        guard count >= 0, remaining >= count else { return nil }
        defer { offset += count }
        return UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + count])
    }

    /// Reads a checksum and checks that it is the checksum of everything before it.
    mutating func checksumMatches() -> Bool {
        let covered = UnsafeRawBufferPointer(rebasing: bytes[0..<offset])
        guard let stored = uint64() else { return false }
        return stored == XXHash64.hash(covered)
    }
}
