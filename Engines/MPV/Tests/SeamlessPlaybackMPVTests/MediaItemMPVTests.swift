import Foundation
import SeamlessPlayback
@testable import SeamlessPlaybackMPV
import Testing

@Suite("MediaItem as an mpv source")
struct MediaItemMPVTests {
    @Test("the URL wins; a file URL is its path", arguments: [
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

@Suite("PlaybackSettings as mpv properties")
struct PlaybackSettingsMPVTests {
    @Test("properties go in the documented order with mpv's units")
    func properties() {
        let settings = PlaybackSettings(isMuted: true, volume: 0.4, rate: 1.5, isPaused: true, contentMode: .aspectFill)
        let properties = settings.mpvProperties
        #expect(properties.map(\.name) == ["mute", "volume", "speed", "pause", "panscan"])
        #expect(properties.map(\.value) == [.flag(true), .double(40), .double(1.5), .flag(true), .double(1)])
    }

    @Test("settings read back from those properties are the same settings")
    func roundTrip() {
        for mode in ContentMode.allCases {
            let settings = PlaybackSettings(isMuted: false, volume: 0.25, rate: 0.5, isPaused: false, contentMode: mode)
            let values = Dictionary(uniqueKeysWithValues: settings.mpvProperties.map { ($0.name, $0.value) })
            let back = PlaybackSettings(
                mute: values["mute"]?.flagValue ?? true, volume: values["volume"]?.doubleValue ?? -1,
                speed: values["speed"]?.doubleValue ?? -1, pause: values["pause"]?.flagValue ?? true,
                panscan: values["panscan"]?.doubleValue ?? -1
            )
            #expect(back.isClose(to: settings))
        }
    }
}
