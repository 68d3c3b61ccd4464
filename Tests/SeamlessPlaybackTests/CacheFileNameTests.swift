import Testing

@testable import SeamlessPlayback

@Suite("CacheFileName: names the cache writes, and what any name is taken for")
struct CacheFileNameTests {
    @Test func parsesTheNamesItMakes() {
        let hash = CacheFileName.keyHash("a")
        #expect(CacheFileName(parsing: CacheFileName.chunk(key: "a", chunk: 42)) == .chunk(keyHash: hash, chunk: 42))
        #expect(CacheFileName(parsing: CacheFileName.length(key: "a")) == .length(keyHash: hash))
        #expect(CacheFileName(parsing: CacheFileName.chunk(key: "a", chunk: 1) + ".tmp") == .temporary)
        #expect(CacheFileName(parsing: CacheFileName.length(key: "a") + ".tmp") == .temporary)
        #expect(CacheFileName.keyHash("a") != CacheFileName.keyHash("b"))
    }

    @Test(arguments: [
        "notes.txt", ".tmp", "notes.tmp", "0123456789abcdef.chunk", "0123456789ABCDEF.length",
        "0123456789abcdef-8000000000000000.chunk", "0123456789abcdef_0000000000000000.chunk",
        "0123456789abcde.length", "0123456789abcdefg.length", "é123456789abcdef.length",
    ])
    func leavesOtherNamesAlone(name: String) {
        #expect(CacheFileName(parsing: name) == .unknown)
    }
}
