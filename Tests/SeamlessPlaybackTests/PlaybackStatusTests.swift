@_spi(EngineSupport) import SeamlessPlayback
import Testing

@testable import SeamlessPlayback

@Suite("PlaybackStatus")
struct PlaybackStatusTests {
    func status(
        _ phase: PlaybackPhase, at position: Duration = .seconds(2), duration: Duration? = .seconds(10),
        ahead: Duration?
    ) -> PlaybackStatus {
        PlaybackStatus(phase: phase, position: position, duration: duration, bufferedAhead: ahead)
    }

    @Test func aPlayingClipIsShortOfBufferBelowTheTargetAndShortOfItsEnd() {
        let target = Duration.seconds(4)
        #expect(status(.playing, ahead: .milliseconds(3_999)).isShortOfBuffer(target))
        #expect(status(.playing, ahead: .zero).isShortOfBuffer(target))
        #expect(status(.playing, ahead: .seconds(4)).isShortOfBuffer(target) == false)
        // Its end in hand: 7.8 s + 2 s of 10 s is within the slack of a last packet.
        #expect(status(.playing, at: .milliseconds(7_800), ahead: .seconds(2)).isShortOfBuffer(target) == false)
        #expect(status(.playing, at: .milliseconds(7_700), ahead: .seconds(2)).isShortOfBuffer(target))
    }

    @Test func aStallIsShortWhateverItHolds() {
        #expect(status(.buffering, ahead: nil).isShortOfBuffer(.seconds(4)))
        #expect(status(.buffering, ahead: .seconds(9)).isShortOfBuffer(.zero))
    }

    @Test func pausedEndedLoadingSilentOrLiveClipsAreNeverShort() {
        let target = Duration.seconds(4)
        #expect(status(.paused(.requested), ahead: .zero).isShortOfBuffer(target) == false)
        #expect(status(.paused(.system), ahead: .zero).isShortOfBuffer(target) == false)
        #expect(status(.ended, ahead: .zero).isShortOfBuffer(target) == false)
        #expect(status(.loading, ahead: .zero).isShortOfBuffer(target) == false)
        #expect(status(.playing, ahead: nil).isShortOfBuffer(target) == false, "the engine does not say")
        #expect(status(.playing, duration: nil, ahead: .zero).isShortOfBuffer(target) == false, "live")
        #expect(status(.playing, ahead: .zero).isShortOfBuffer(.zero) == false, "a target of zero")
    }

    @Test func absurdValuesNeitherOverflowNorHoldTheEnd() {
        let huge = Duration.seconds(Int64.max) * 18
        let far = PlaybackStatus(phase: .playing, position: huge, duration: .seconds(30), bufferedAhead: huge)
        #expect(far.holdsItsEnd)
        #expect(far.bufferedAheadStep == .max)
        let negative = status(.playing, ahead: .seconds(-5))
        #expect(negative.holdsItsEnd == false)
        #expect(negative.bufferedAheadStep == 0, "a negative buffer holds nothing")
        #expect(negative.isShortOfBuffer(.seconds(4)))
        #expect(status(.playing, ahead: .seconds(Int64.max)).isShortOfBuffer(.seconds(4)) == false)
    }
}
