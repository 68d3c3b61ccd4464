import SeamlessPlayback
import Testing

@testable import SeamlessPlaybackAVFoundation

@Suite("PlayerCommand")
struct PlayerCommandTests {
    @Test(
        "a playing page: sound, picture, defaultRate, then play()",
        arguments: [
            (
                PlaybackSettings(),
                [
                    PlayerCommand.setMuted(false), .setVolume(1), .setVideoGravity(.resizeAspect), .setDefaultRate(1),
                    .play,
                ]
            ),
            (
                PlaybackSettings(isMuted: true, volume: 0.25, rate: 1.5, contentMode: .aspectFill),
                [.setMuted(true), .setVolume(0.25), .setVideoGravity(.resizeAspectFill), .setDefaultRate(1.5), .play]
            ),
        ])
    func playing(settings: PlaybackSettings, expected: [PlayerCommand]) {
        #expect(PlayerCommand.applying(settings) == expected)
    }

    @Test("a paused page keeps its rate as defaultRate and ends with pause(), never play()")
    func paused() {
        let commands = PlayerCommand.applying(PlaybackSettings(volume: 0.5, rate: 0.25, isPaused: true))
        #expect(
            commands == [
                .setMuted(false), .setVolume(0.5), .setVideoGravity(.resizeAspect), .setDefaultRate(0.25), .pause,
            ])
        #expect(!commands.contains(.play))
    }

    @Test("defaultRate is always set before play(), so play() starts at the page's rate")
    func rateBeforePlay() throws {
        let commands = PlayerCommand.applying(PlaybackSettings(rate: 4))
        let rate = try #require(commands.firstIndex(of: .setDefaultRate(4)))
        let play = try #require(commands.firstIndex(of: .play))
        #expect(rate < play)
        #expect(play == commands.count - 1)
    }

    @Test(
        "each content mode maps to its video gravity",
        arguments: [
            (ContentMode.aspectFit, PlayerCommand.VideoGravity.resizeAspect), (.aspectFill, .resizeAspectFill),
        ])
    func gravity(mode: ContentMode, expected: PlayerCommand.VideoGravity) {
        #expect(PlayerCommand.VideoGravity(mode) == expected)
    }
}
