import Testing

@testable import SeamlessPlayback

@Suite("XXHash64: the reference algorithm's values")
struct XXHash64Tests {
    @Test(arguments: [
        ("", UInt64(0xEF46_DB37_51D8_E999)),
        ("a", 0xD24E_C4F1_A98C_6E5B),
        ("abc", 0x44BC_2CF5_AD77_0999),
        ("Nobody inspects the spammish repetition", 0xFBCE_A83C_8A37_8BF1),
    ])
    func matchesTheReferenceValues(text: String, expected: UInt64) {
        #expect(XXHash64.hash(of: Array(text.utf8)) == expected)
    }

    @Test func everyLengthAndEveryFlippedBitChangesTheHash() {
        let bytes = (0..<100).map { UInt8(truncatingIfNeeded: $0 &* 13) }
        var seen = Set<UInt64>()
        for count in 0...bytes.count { seen.insert(XXHash64.hash(of: bytes.prefix(count))) }
        #expect(seen.count == bytes.count + 1)
        let original = XXHash64.hash(of: bytes)
        for index in bytes.indices {
            for bit in 0..<8 {
                var flipped = bytes
                flipped[index] ^= 1 << bit
                #expect(XXHash64.hash(of: flipped) != original)
            }
        }
        #expect(XXHash64.hash(of: bytes, seed: 1) != original)
    }
}
