import SeamlessPlayback
import Testing

@testable import SeamlessPlaybackAVFoundation

@Suite("PlayerCommand")
struct PlayerCommandTests {
    @Test(
        "a playing page: sound, defaultRate, actionAtItemEnd, then play()",
        arguments: [
            (
                PlaybackSettings(),
                [
                    PlayerCommand.setMuted(false), .setVolume(1), .setDefaultRate(1),
                    .setActionAtItemEnd(.pause), .play,
                ]
            ),
            (
                PlaybackSettings(isMuted: true, volume: 0.25, rate: 1.5, contentMode: .aspectFill, endAction: .loop),
                [
                    .setMuted(true), .setVolume(0.25), .setDefaultRate(1.5),
                    .setActionAtItemEnd(.none), .play,
                ]
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
                .setMuted(false), .setVolume(0.5), .setDefaultRate(0.25),
                .setActionAtItemEnd(.pause), .pause,
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

    @Test(
        "each end action maps to its actionAtItemEnd: a loop keeps the one player going past the end",
        arguments: [(EndAction.pause, PlayerCommand.ActionAtItemEnd.pause), (.loop, .none)])
    func actionAtItemEnd(action: EndAction, expected: PlayerCommand.ActionAtItemEnd) {
        #expect(PlayerCommand.ActionAtItemEnd(action) == expected)
    }

    @Test(
        "a seek position is a whole number of nanoseconds, rounded toward zero and clamped to Int64",
        arguments: [
            (Duration.zero, Int64(0)), (.seconds(30), 30_000_000_000), (.milliseconds(1500), 1_500_000_000),
            (.nanoseconds(7), 7), (.seconds(1) + .nanoseconds(1) / 2, 1_000_000_000),
            (.seconds(Int64.max), .max), (.seconds(Int64.min), .min),
        ])
    func nanoseconds(duration: Duration, expected: Int64) {
        #expect(PlayerCommand.nanoseconds(duration) == expected)
    }
}
