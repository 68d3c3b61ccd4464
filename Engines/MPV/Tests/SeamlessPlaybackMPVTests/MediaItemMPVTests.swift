import Foundation
import SeamlessPlayback
import Testing

@testable import SeamlessPlaybackMPV

@Suite("MediaItem as an mpv source")
struct MediaItemMPVTests {
    @Test(
        "the URL wins; a file URL is its path",
        arguments: [
            (MediaItem(id: "x", url: URL(fileURLWithPath: "/tmp/a b.mp4")), "/tmp/a b.mp4"),
            (MediaItem(id: "x", url: URL(string: "https://example.com/v.m3u8")), "https://example.com/v.m3u8"),
            (MediaItem(id: "/srv/clip.mkv"), "/srv/clip.mkv"),
            (MediaItem(id: "./clip.mkv"), "./clip.mkv"),
            (MediaItem(id: "av://lavfi:testsrc"), "av://lavfi:testsrc"),
        ])
    func source(item: MediaItem, expected: String) throws {
        #expect(try item.mpvSource() == expected)
    }

    @Test("an identifier that is neither a path nor a URL is refused")
    func noSource() {
        #expect(throws: MPVError.noSource(mediaID: "clip-42")) { try MediaItem(id: "clip-42").mpvSource() }
    }
}
