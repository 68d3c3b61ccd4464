import Foundation
import Testing

@testable import SeamlessPlaybackAVFoundation

@Suite("CachedResourceURL: the loader's scheme, both ways, and the content type")
struct CachedResourceURLTests {
    static let mapped: [(String, String)] = [
        ("https://cdn.example.com/v/clip.mp4", "seamlesscache-https://cdn.example.com/v/clip.mp4"),
        ("http://cdn.example.com/v/clip.mov", "seamlesscache-http://cdn.example.com/v/clip.mov"),
        (
            "HTTPS://cdn.example.com:8443/a%20b/clip.M4V?t=1&s=x#f",
            "seamlesscache-https://cdn.example.com:8443/a%20b/clip.M4V?t=1&s=x#f"
        ),
    ]

    @Test("progressive http(s) media of a known type get the loader's scheme, the rest unchanged", arguments: mapped)
    func mapsToTheLoadersScheme(origin: String, loader: String) throws {
        let url = try #require(URL(string: origin))
        #expect(CachedResourceURL.loaderURL(for: url, allowsPlainHTTP: true)?.absoluteString == loader)
    }

    @Test("plain http plays directly unless the app says its App Transport Security lets URLSession load it")
    func plainHTTPBypassesByDefault() throws {
        let http = try #require(URL(string: "http://cdn.example.com/v/clip.mp4"))
        #expect(CachedResourceURL.loaderURL(for: http, allowsPlainHTTP: false) == nil)
        #expect(
            CachedResourceURL.loaderURL(for: http, allowsPlainHTTP: true)?.absoluteString
                == "seamlesscache-http://cdn.example.com/v/clip.mp4")
        let https = try #require(URL(string: "https://cdn.example.com/v/clip.mp4"))
        #expect(CachedResourceURL.loaderURL(for: https, allowsPlainHTTP: false) != nil)
    }

    @Test("the loader's URL maps back to the origin's", arguments: mapped)
    func mapsBack(origin: String, loader: String) throws {
        let url = try #require(URL(string: loader))
        let back = try #require(CachedResourceURL.originURL(for: url))
        #expect(back.absoluteString.lowercased() == origin.lowercased())
        #expect(back.scheme == URL(string: origin)?.scheme?.lowercased())
    }

    @Test(
        "HLS, files, other schemes and unknown types play directly",
        arguments: [
            "https://cdn.example.com/live/index.m3u8", "https://cdn.example.com/a.m3u", "file:///tmp/clip.mp4",
            "rtsp://cam.example.com/clip.mp4", "https://cdn.example.com/clip.webm", "https://cdn.example.com/clip",
            "seamlesscache-https://cdn.example.com/clip.mp4",
        ])
    func bypasses(origin: String) throws {
        #expect(CachedResourceURL.loaderURL(for: try #require(URL(string: origin)), allowsPlainHTTP: true) == nil)
    }

    @Test(
        "URLs the engine did not make are refused",
        arguments: [
            "https://cdn.example.com/clip.mp4", "seamlesscache-ftp://cdn.example.com/clip.mp4",
            "seamlesscache-://cdn.example.com/clip.mp4", "skd://key", "file:///tmp/clip.mp4",
            "seamlesscache-httpss://cdn.example.com/clip.mp4",
        ])
    func refusesUnknownSchemes(loader: String) throws {
        #expect(CachedResourceURL.originURL(for: try #require(URL(string: loader))) == nil)
    }

    @Test(
        "content types by extension",
        arguments: [
            ("clip.mp4", "public.mpeg-4"), ("clip.MOV", "com.apple.quicktime-movie"),
            ("a/clip.m4v", "com.apple.m4v-video"),
            ("clip.m4a", nil), ("clip", nil), ("clip.mp4.part", nil),
        ] as [(String, String?)])
    func contentTypes(path: String, expected: String?) throws {
        let url = try #require(URL(string: "https://cdn.example.com/\(path)"))
        #expect(CachedResourceURL.contentType(for: url) == expected)
    }
}
