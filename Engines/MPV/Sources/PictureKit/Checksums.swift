/// The CRC-32 of ISO 3309 and ITU-T V.42, as PNG's chunks and zlib's gzip carry it.
///
/// The bits are processed least significant first with the reversed polynomial `0xEDB88320`, the register
/// starts as all ones and the result is inverted, so the check value of the ASCII bytes `"123456789"` is
/// `0xCBF43926`. One table of 256 remainders makes it a byte at a time.
///
/// ```swift
/// var crc = CRC32()
/// crc.update(Array("IEND".utf8))
/// crc.value  // 0xAE426082
/// ```
public struct CRC32: Hashable, Sendable {
    /// The register, not yet inverted.
    private var register: UInt32 = 0xFFFF_FFFF

    /// A checksum of no bytes yet.
    public init() {}

    /// The checksum of the bytes seen so far.
    public var value: UInt32 { register ^ 0xFFFF_FFFF }

    /// Adds bytes to the checksum.
    /// - Parameter bytes: The next bytes, in order.
    public mutating func update(_ bytes: some Sequence<UInt8>) {
        var crc = register
        // Read once: a static's accessor per byte dominated a debug build's encoding of a filmstrip.
        let table = Self.table
        for byte in bytes {
            crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8)
        }
        register = crc
    }

    /// The checksum of some bytes.
    /// - Parameter bytes: The bytes.
    /// - Returns: Their CRC-32.
    public static func checksum(of bytes: some Sequence<UInt8>) -> UInt32 {
        var crc = CRC32()
        crc.update(bytes)
        return crc.value
    }

    /// The remainder of each byte value divided by the polynomial, eight shifts each.
    private static let table: [UInt32] = (0..<256).map { index in
        var remainder = UInt32(index)
        for _ in 0..<8 {
            remainder = remainder & 1 == 1 ? 0xEDB8_8320 ^ (remainder >> 1) : remainder >> 1
        }
        return remainder
    }
}

/// The Adler-32 checksum of RFC 1950, which ends every zlib stream.
///
/// Two sums modulo 65521, the largest prime below 2¹⁶: `a`, 1 plus every byte, and `b`, the sum of every `a`
/// after each byte; the value is `b << 16 | a`. The check value of `"123456789"` is `0x091E01DE`. The modulo is
/// taken once per 5552 bytes, the longest run after which `b` cannot yet overflow 32 bits.
public struct Adler32: Hashable, Sendable {
    private var a: UInt32 = 1
    private var b: UInt32 = 0

    /// A checksum of no bytes yet.
    public init() {}

    /// The checksum of the bytes seen so far.
    public var value: UInt32 { b << 16 | a }

    /// Adds bytes to the checksum.
    /// - Parameter bytes: The next bytes, in order.
    public mutating func update(_ bytes: some Sequence<UInt8>) {
        var a = self.a
        var b = self.b
        var pending = 0
        for byte in bytes {
            a += UInt32(byte)
            b += a
            pending += 1
            if pending == 5552 {
                a %= 65521
                b %= 65521
                pending = 0
            }
        }
        self.a = a % 65521
        self.b = b % 65521
    }

    /// The checksum of some bytes.
    /// - Parameter bytes: The bytes.
    /// - Returns: Their Adler-32.
    public static func checksum(of bytes: some Sequence<UInt8>) -> UInt32 {
        var adler = Adler32()
        adler.update(bytes)
        return adler.value
    }
}
