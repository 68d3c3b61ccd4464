import PictureKit
import Testing

@Suite struct ChecksumsTests {
    @Test func crc32CheckValue() {
        #expect(CRC32.checksum(of: Array("123456789".utf8)) == 0xCBF4_3926)
    }

    @Test func adler32CheckValue() {
        #expect(Adler32.checksum(of: Array("123456789".utf8)) == 0x091E_01DE)
    }

    @Test func emptyInput() {
        #expect(CRC32.checksum(of: []) == 0)
        #expect(Adler32.checksum(of: []) == 1)
    }

    /// The CRC every PNG's IEND chunk carries, over its type alone.
    @Test func crc32OfIEND() {
        #expect(CRC32.checksum(of: Array("IEND".utf8)) == 0xAE42_6082)
    }

    /// Fed in pieces, the sums are those of the whole, across Adler-32's 5552-byte modulo runs too.
    @Test(arguments: [1, 7, 5552, 5553, 20000])
    func updatesInPiecesMatchTheWhole(piece: Int) {
        let bytes = (0..<20000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 3) }
        var crc = CRC32()
        var adler = Adler32()
        for start in stride(from: 0, to: bytes.count, by: piece) {
            let chunk = bytes[start..<min(start + piece, bytes.count)]
            crc.update(chunk)
            adler.update(chunk)
        }
        #expect(crc.value == CRC32.checksum(of: bytes))
        #expect(adler.value == Adler32.checksum(of: bytes))
        #expect(adler.value == Self.slowAdler32(bytes))
    }

    /// Adler-32 straight from RFC 1950's definition, the modulo after every byte.
    private static func slowAdler32(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in bytes {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        return b << 16 | a
    }
}
