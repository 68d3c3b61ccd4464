import SeamlessPlayback
import Testing

@testable import SeamlessPlaybackMPV

@Suite("PlaybackSettings as mpv properties")
struct PlaybackSettingsMPVTests {
    @Test("properties go in the documented order with mpv's units; volume is the cube root of the gain, times 100")
    func properties() {
        let settings = PlaybackSettings(isMuted: true, volume: 1, rate: 1.5, isPaused: true, contentMode: .aspectFill)
        let properties = settings.mpvProperties
        #expect(properties.map(\.name) == ["mute", "volume", "speed", "pause", "panscan", "loop-file"])
        #expect(
            properties.map(\.value) == [
                .flag(true), .double(100), .double(1.5), .flag(true), .double(1), .string("no"),
            ])
    }

    @Test("the end action is loop-file: inf loops, no stops on the last frame", arguments: EndAction.allCases)
    func endAction(action: EndAction) {
        let properties = PlaybackSettings(endAction: action).mpvProperties
        #expect(properties.last?.name == "loop-file")
        #expect(properties.last?.value == .string(action == .loop ? "inf" : "no"))
    }

    @Test(
        "a linear gain maps to mpv's cubic volume and back",
        arguments: [
            (gain: 0.0, mpv: 0.0), (gain: 1, mpv: 100), (gain: 0.125, mpv: 50), (gain: 0.001, mpv: 10),
            (gain: 0.5, mpv: 79.370052598),
        ])
    func volumeMapping(gain: Double, mpv: Double) {
        #expect(abs(PlaybackSettings.mpvVolume(gain) - mpv) < 1e-6)
        #expect(abs(PlaybackSettings.linearVolume(mpv: mpv) - gain) < 1e-9)
    }

    @Test("settings read back from those properties are the same settings")
    func roundTrip() {
        for mode in ContentMode.allCases {
            for action in EndAction.allCases {
                let settings = PlaybackSettings(
                    isMuted: false, volume: 0.25, rate: 0.5, isPaused: false, contentMode: mode, endAction: action)
                let values = Dictionary(uniqueKeysWithValues: settings.mpvProperties.map { ($0.name, $0.value) })
                guard case .string(let loopFile)? = values["loop-file"] else {
                    Issue.record("no loop-file")
                    continue
                }
                let back = PlaybackSettings(
                    mute: values["mute"]?.flagValue ?? true, volume: values["volume"]?.doubleValue ?? -1,
                    speed: values["speed"]?.doubleValue ?? -1, pause: values["pause"]?.flagValue ?? true,
                    panscan: values["panscan"]?.doubleValue ?? -1, loopFile: loopFile
                )
                #expect(back.isClose(to: settings))
                #expect(back.endAction == action)
            }
        }
    }
}
