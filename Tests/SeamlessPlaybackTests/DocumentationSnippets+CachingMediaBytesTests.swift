import Foundation
import SeamlessPlayback
import Testing

// The code block of CachingMediaBytes.md, compiled and run (see DocumentationSnippetsTests.swift for how the blocks
// and the snippets are kept the same).

@Suite("Documentation: Caching Media Bytes")
struct DocumentationSnippetsCachingMediaBytesTests {
    @Test func aWriteIsReadBackWhole() throws {
        let cachesDirectory = FileManager.default.temporaryDirectory
            .appendingPathComponent("CachingMediaBytes-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: cachesDirectory) }
        let url = try #require(URL(string: "https://example.com/clips/42.mp4"))
        let totalLength: Int64 = 4096
        let delivered = Data((0..<1024).map { UInt8(truncatingIfNeeded: $0) })
        let offset: Int64 = 0
        var played: [Data] = []
        func play(_ bytes: Data) { played.append(bytes) }

        // snippet CachingMediaBytes/write-read
        let cache = try MediaCache(directory: cachesDirectory.appendingPathComponent("media"), capacity: 512 << 20)
        try cache.setLength(totalLength, for: url.absoluteString)  // when the server says it
        try cache.write(delivered, for: url.absoluteString, at: offset)  // any size, any offset
        if let bytes = try cache.read(url.absoluteString, range: 0..<1024) {
            play(bytes)  // exactly the bytes written for these offsets
        }
        // end snippet

        #expect(played == [delivered])
        #expect(cache.cachedRanges(for: url.absoluteString) == RangeSet(0..<1024))
        #expect(cache.length(for: url.absoluteString) == totalLength)
    }
}
