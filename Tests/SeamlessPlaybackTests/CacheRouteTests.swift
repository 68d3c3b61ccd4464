import Foundation
import SeamlessPlayback
import Testing

@Suite("CacheRoute: which media an engine reads through the cache")
struct CacheRouteTests {
    @Test(arguments: [
        ("https://cdn.example/a/clip.mp4", true), ("http://cdn.example/clip.MOV?sig=1", true),
        ("https://cdn.example/live/index.m3u8", false), ("https://cdn.example/list.M3U", false),
        ("file:///tmp/clip.mp4", false), ("rtsp://cam/stream", false),
    ])
    func progressiveHTTPGoesThroughTheCacheAndTheRestBypassesIt(url: String, isCached: Bool) throws {
        let url = try #require(URL(string: url))
        #expect(CacheRoute.route(for: url) == (isCached ? .cached(key: url.absoluteString) : .bypass))
    }
}
