import Testing

@testable import SeamlessPlayback

@Suite("CacheRecordBytes: little-endian fields written and read back; reads past the end return nil")
struct CacheRecordBytesTests {
    @Test func readsBackWhatWasWrittenThenNothing() {
        var writer = CacheRecordWriter(capacity: 32)
        writer.append(UInt16(0x0102))
        writer.append(UInt32(0x0304_0506))
        writer.append(UInt64(0x0708_090A_0B0C_0D0E))
        writer.append(contentsOf: [9, 8, 7])
        writer.appendChecksum()
        #expect(writer.bytes.prefix(3) == [0x02, 0x01, 0x06])
        writer.bytes.withUnsafeBytes { buffer in
            var reader = CacheRecordReader(buffer)
            #expect(reader.uint16() == 0x0102)
            #expect(reader.uint32() == 0x0304_0506)
            #expect(reader.uint64() == 0x0708_090A_0B0C_0D0E)
            #expect(reader.bytes(3).map(Array.init) == [9, 8, 7])
            let matches = reader.checksumMatches()
            #expect(matches)
            #expect(reader.remaining == 0)
            #expect(reader.uint16() == nil)
            #expect(reader.bytes(1) == nil)
            #expect(reader.bytes(-1) == nil)
        }
    }

    @Test func aWrongChecksumDoesNotMatch() {
        var writer = CacheRecordWriter(capacity: 16)
        writer.append(UInt32(7))
        writer.appendChecksum()
        var bytes = writer.bytes
        bytes[0] ^= 1
        bytes.withUnsafeBytes { buffer in
            var reader = CacheRecordReader(buffer)
            _ = reader.uint32()
            let matches = reader.checksumMatches()
            #expect(!matches)
        }
        bytes.prefix(6).withUnsafeBytes { buffer in
            var reader = CacheRecordReader(buffer)
            _ = reader.uint32()
            let matches = reader.checksumMatches()
            #expect(!matches)
        }
    }
}
