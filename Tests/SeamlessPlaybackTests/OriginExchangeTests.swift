import Testing

@testable import SeamlessPlaybackTesting

@Suite("OriginExchange: what the test origin reads from a request and answers")
struct OriginExchangeTests {
    @Test(arguments: [
        ("bytes=0-9", 100, OriginExchange.RangeAnswer.partial(0..<10)),
        ("bytes=10-", 100, .partial(10..<100)),
        ("bytes=90-200", 100, .partial(90..<100)),
        ("bytes=-10", 100, .partial(90..<100)),
        ("bytes=-200", 100, .partial(0..<100)),
        ("bytes=100-", 100, .unsatisfiable),
        ("bytes=150-160", 100, .unsatisfiable),
        ("bytes=-0", 100, .unsatisfiable),
        ("bytes=0-0", 0, .unsatisfiable),
        ("bytes=5-2", 100, .whole),
        ("bytes=0-1,5-6", 100, .whole),
        ("items=0-9", 100, .whole),
        ("bytes=x-9", 100, .whole),
        ("bytes=9", 100, .whole),
    ])
    func rangeHeaders(header: String, length: Int, answer: OriginExchange.RangeAnswer) {
        #expect(OriginExchange.range(header, length: length) == answer)
    }

    @Test func noRangeHeaderAsksForTheWholeBody() {
        #expect(OriginExchange.range(nil, length: 10) == .whole)
    }

    @Test func aHeadEndsAfterItsBlankLine() {
        let bytes = Array("GET / HTTP/1.1\r\nHost: x\r\n\r\nGET".utf8)
        #expect(OriginExchange.headEnd(in: bytes) == bytes.count - 3)
        #expect(OriginExchange.headEnd(in: Array("GET / HTTP/1.1\r\nHost: x\r\n".utf8)) == nil)
        #expect(OriginExchange.headEnd(in: []) == nil)
    }

    @Test func aHeadGivesItsPathRangeAndWhetherItCloses() {
        let head = OriginExchange.parseHead(
            Array("GET /a/clip.mp4?x=1 HTTP/1.1\r\nHost: h\r\nrange:  bytes=0-9 \r\nConnection: Close".utf8))
        #expect(head == .init(method: "GET", path: "/a/clip.mp4", range: "bytes=0-9", closes: true))
        let old = OriginExchange.parseHead(Array("HEAD / HTTP/1.0".utf8))
        #expect(old == .init(method: "HEAD", path: "/", range: nil, closes: true))
        let kept = OriginExchange.parseHead(Array("GET / HTTP/1.1\r\nConnection: keep-alive".utf8))
        #expect(kept?.closes == false)
    }

    @Test(arguments: ["", "GET", "GET clip HTTP/1.1", "GET / HTTP/1.1 extra"])
    func malformedRequestLinesAreRefused(line: String) {
        #expect(OriginExchange.parseHead(Array(line.utf8)) == nil)
    }

    @Test func aResponseHeadListsItsHeadersInOrder() {
        let head = OriginExchange.responseHead(status: 206, headers: [("Content-Length", "3"), ("A", "b")])
        let text = String(decoding: head, as: UTF8.self)
        #expect(text == "HTTP/1.1 206 Partial Content\r\nContent-Length: 3\r\nA: b\r\n\r\n")
        #expect(OriginExchange.reason(299) == "Status")
    }
}
