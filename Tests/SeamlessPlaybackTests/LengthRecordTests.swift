import Testing

@testable import SeamlessPlayback

@Suite("LengthRecord: a length file's bytes and their checks")
struct LengthRecordTests {
    @Test func decodesWhatItEncodesAndNothingDamaged() {
        let record = LengthRecord(key: "https://example.com/a.mp4", length: 123_456_789)
        let bytes = record.encoded()
        #expect(LengthRecord.decode(bytes) == record)
        for count in 0..<bytes.count { #expect(LengthRecord.decode(Array(bytes.prefix(count))) == nil) }
        #expect(LengthRecord.decode(bytes + [0]) == nil)
        for index in bytes.indices {
            var flipped = bytes
            flipped[index] ^= 0x01
            #expect(LengthRecord.decode(flipped) == nil, "byte \(index)")
        }
    }

    @Test func refusesANegativeLengthAndAnEmptyKey() {
        #expect(LengthRecord.decode(LengthRecord(key: "k", length: -1).encoded()) == nil)
        #expect(LengthRecord.decode(LengthRecord(key: "", length: 1).encoded()) == nil)
        #expect(LengthRecord.decode(ChunkRecordTests.sample().encoded()) == nil)
    }
}
