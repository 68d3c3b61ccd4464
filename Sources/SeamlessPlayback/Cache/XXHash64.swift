/// The 64-bit xxHash (XXH64) of a byte buffer: the checksum of the cache's files.
///
/// A checksum, not a defence against an adversary: it catches truncated, torn, rewritten and bit-flipped files with
/// a false-match chance of about 2⁻⁶⁴ per check, at several gigabytes per second in a release build.
/// Follows the reference algorithm (github.com/Cyan4973/xxHash), so its values can be checked against any
/// implementation.
struct XXHash64 {
    private static let prime1: UInt64 = 0x9E37_79B1_85EB_CA87
    private static let prime2: UInt64 = 0xC2B2_AE3D_27D4_EB4F
    private static let prime3: UInt64 = 0x1656_67B1_9E37_79F9
    private static let prime4: UInt64 = 0x85EB_CA77_C2B2_AE63
    private static let prime5: UInt64 = 0x27D4_EB2F_1656_67C5

    /// The hash of `bytes` with `seed`.
    static func hash(_ bytes: UnsafeRawBufferPointer, seed: UInt64 = 0) -> UInt64 {
        let count = bytes.count
        var index = 0
        var hash: UInt64
        if count >= 32 {
            var v1 = seed &+ prime1 &+ prime2
            var v2 = seed &+ prime2
            var v3 = seed
            var v4 = seed &- prime1
            while index + 32 <= count {
                v1 = round(v1, word(bytes, index))
                v2 = round(v2, word(bytes, index + 8))
                v3 = round(v3, word(bytes, index + 16))
                v4 = round(v4, word(bytes, index + 24))
                index += 32
            }
            hash = rotate(v1, 1) &+ rotate(v2, 7) &+ rotate(v3, 12) &+ rotate(v4, 18)
            hash = merge(hash, v1)
            hash = merge(hash, v2)
            hash = merge(hash, v3)
            hash = merge(hash, v4)
        } else {
            hash = seed &+ prime5
        }
        hash &+= UInt64(count)
        while index + 8 <= count {
            hash ^= round(0, word(bytes, index))
            hash = rotate(hash, 27) &* prime1 &+ prime4
            index += 8
        }
        if index + 4 <= count {
            hash ^= UInt64(UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: UInt32.self))) &* prime1
            hash = rotate(hash, 23) &* prime2 &+ prime3
            index += 4
        }
        while index < count {
            hash ^= UInt64(bytes[index]) &* prime5
            hash = rotate(hash, 11) &* prime1
            index += 1
        }
        hash ^= hash >> 33
        hash &*= prime2
        hash ^= hash >> 29
        hash &*= prime3
        hash ^= hash >> 32
        return hash
    }

    /// The hash of the bytes of a collection (an array, `Data`, a string's UTF-8).
    static func hash(of bytes: some Sequence<UInt8>, seed: UInt64 = 0) -> UInt64 {
        if let hash = bytes.withContiguousStorageIfAvailable({ hash(UnsafeRawBufferPointer($0), seed: seed) }) {
            return hash
        }
        return Array(bytes).withUnsafeBytes { hash($0, seed: seed) }
    }

    private static func word(_ bytes: UnsafeRawBufferPointer, _ offset: Int) -> UInt64 {
        UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }

    private static func rotate(_ value: UInt64, _ count: UInt64) -> UInt64 {
        (value << count) | (value >> (64 - count))
    }

    private static func round(_ accumulator: UInt64, _ input: UInt64) -> UInt64 {
        rotate(accumulator &+ input &* prime2, 31) &* prime1
    }

    private static func merge(_ accumulator: UInt64, _ value: UInt64) -> UInt64 {
        (accumulator ^ round(0, value)) &* prime1 &+ prime4
    }
}
