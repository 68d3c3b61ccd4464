import Testing

@testable import SeamlessPlayback

@Suite("DiskFootprint: a file counts its whole length, rounded up to the allocation unit")
struct DiskFootprintTests {
    @Test(arguments: [
        (4096, 0, Int64(0)), (4096, 1, 4096), (4096, 4096, 4096), (4096, 4097, 8192), (1, 65, 65), (512, 513, 1024),
    ])
    func roundsUpToWholeUnits(unit: Int, length: Int, bytes: Int64) {
        #expect(DiskFootprint(allocationUnit: unit).bytes(ofFileLength: length) == bytes)
    }

    @Test func aMissingOrNonsensicalUnitIsTakenAsFourKiB() {
        #expect(DiskFootprint(allocationUnit: nil).allocationUnit == 4096)
        #expect(DiskFootprint(allocationUnit: 0).allocationUnit == 4096)
        #expect(DiskFootprint(allocationUnit: -1).allocationUnit == 4096)
        #expect(DiskFootprint(allocationUnit: .max).allocationUnit == Int64(DiskFootprint.maximumAllocationUnit))
    }

    @Test func countsTheFilesTheCacheWrites() {
        let exact = DiskFootprint(allocationUnit: 1)
        var record = ChunkRecord(key: "key", chunk: 2, chunkSize: 64, sequence: 1)
        record = record.replacing(3..<9, with: [1, 2, 3, 4, 5, 6], sequence: 2)
        record = record.replacing(20..<21, with: [7], sequence: 3)
        #expect(exact.chunkFile(key: "key", ranges: record.rangesInMedium) == Int64(record.encoded().count))
        #expect(exact.chunkFile(key: "key", runCount: 2, payloadLength: 7) == Int64(record.encoded().count))
        #expect(exact.lengthFile(key: "key") == Int64(LengthRecord(key: "key", length: 9).encoded().count))
        #expect(DiskFootprint(allocationUnit: 4096).chunkFile(key: "key", ranges: record.rangesInMedium) == 4096)
    }
}
