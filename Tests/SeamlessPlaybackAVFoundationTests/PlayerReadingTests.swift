import Testing

@testable import SeamlessPlaybackAVFoundation

@Suite("PlayerReading")
struct PlayerReadingTests {
    @Test(
        "the rate says whether the player stands still; the status, how it moves",
        arguments: [
            (Float(0), PlayerReading.TimeControl.playing, PlayerReading.Motion.stopped), (0, .paused, .stopped),
            (0, .waiting(.toMinimizeStalls), .stopped), (1, .playing, .playing), (2, .playing, .playing),
            (1, .waiting(.toMinimizeStalls), .buffering), (1, .waiting(.noItemToPlay), .buffering),
            (1, .waiting(.other), .buffering), (1, .waiting(.evaluatingBufferingRate), .settling),
            (1, .paused, .settling), (1, .unknown, .settling),
        ])
    func motion(rate: Float, timeControl: PlayerReading.TimeControl, expected: PlayerReading.Motion) {
        #expect(PlayerReading(rate: rate, timeControl: timeControl, position: 1).motion == expected)
    }

    @Test(
        "at the end: within 50 ms of a known duration, with a valid position",
        arguments: [
            (10.0, Duration?.some(.seconds(10)), true), (9.96, .seconds(10), true), (9.94, .seconds(10), false),
            (10.2, .seconds(10), true), (.nan, .seconds(10), false), (10, nil, false),
        ])
    func end(position: Double, duration: Duration?, expected: Bool) {
        #expect(PlayerReading(rate: 0, timeControl: .paused, position: position).isAtEnd(of: duration) == expected)
    }
}
