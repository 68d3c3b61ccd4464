import SeamlessPlayback
import Testing

@testable import SeamlessPlaybackMPV

@Suite("StatusWatch: the phase from what mpv reports")
struct StatusWatchTests {
    typealias Inputs = StatusWatch.Inputs
    static let playing = Inputs(
        hasMedia: true, pause: .init(isPaused: false, isOutside: false), position: 1, duration: 6)

    static let phases: [(String, Inputs, PlaybackPhase?)] = [
        ("nothing loaded", Inputs(), nil),
        ("a load waits", Inputs(isLoading: true, hasMedia: true, isAtEnd: true), .loading),
        ("playing", playing, .playing),
        (
            "paused by the engine", with(playing) { $0.pause = .init(isPaused: true, isOutside: false) },
            .paused(.requested)
        ),
        ("paused from outside", with(playing) { $0.pause = .init(isPaused: true, isOutside: true) }, .paused(.system)),
        ("unpaused from outside", with(playing) { $0.pause = .init(isPaused: false, isOutside: true) }, .playing),
        ("at the end", with(playing) { $0.isAtEnd = true }, .ended),
        (
            "at the end, paused",
            with(playing) {
                $0.isAtEnd = true
                $0.pause = .init(isPaused: true, isOutside: false)
            }, .ended
        ),
        ("nothing known of pause", with(playing) { $0.pause = nil }, .playing),
    ]

    static func with(_ inputs: Inputs, _ change: (inout Inputs) -> Void) -> Inputs {
        var inputs = inputs
        change(&inputs)
        return inputs
    }

    @Test("each state gives its phase")
    func phaseTable() {
        let watch = StatusWatch()
        for (name, inputs, phase) in Self.phases {
            #expect(watch.phase(inputs) == phase, "\(name)")
        }
    }

    @Test("waiting for data is buffering, unless paused or at the end")
    func buffering() {
        var watch = StatusWatch()
        watch.bufferingChanged(to: true)
        #expect(watch.phase(Self.playing) == .buffering)
        #expect(watch.phase(Self.with(Self.playing) { $0.isAtEnd = true }) == .ended)
        #expect(
            watch.phase(Self.with(Self.playing) { $0.pause = .init(isPaused: true, isOutside: false) })
                == .paused(.requested))
        watch.bufferingChanged(to: nil)
        #expect(watch.phase(Self.playing) == .playing, "no file: not waiting")
    }

    @Test("the end of a looping file is no end, once mpv took loop-file; a refused loop-file changes nothing")
    func loops() {
        var watch = StatusWatch()
        let atEnd = Self.with(Self.playing) { $0.isAtEnd = true }
        watch.loopSent(true, request: 1)
        #expect(watch.phase(atEnd) == .ended, "not before mpv's reply")
        watch.loopAnswered(request: 1, succeeded: true)
        #expect(watch.phase(atEnd) == .playing)
        watch.loopSent(false, request: 2)
        watch.loopAnswered(request: 2, succeeded: false)
        #expect(watch.phase(atEnd) == .playing)
        watch.loopSent(false, request: 3)
        watch.loopAnswered(request: 3, succeeded: true)
        #expect(watch.phase(atEnd) == .ended)
        #expect(watch.loopSets.isEmpty)
    }

    @Test("a duration that grows past the live margin is a live stream's: reported unknown until the next load")
    func liveDuration() {
        var watch = StatusWatch()
        var inputs = Self.with(Self.playing) { $0.duration = 0.233 }
        #expect(watch.report(inputs)?.duration == .seconds(0.233))
        inputs.duration = 0.5
        #expect(watch.report(inputs) == nil, "a refined estimate is not reported by itself")
        inputs.duration = 0.8
        #expect(watch.report(inputs) == PlaybackStatus(phase: .playing, position: .seconds(1), duration: nil))
        inputs.duration = 5
        #expect(watch.report(inputs) == nil)
        inputs.pause = .init(isPaused: true, isOutside: false)
        #expect(watch.report(inputs)?.duration == nil, "still live")
        #expect(watch.report(Inputs(isLoading: true))?.phase == .loading)
        #expect(watch.report(Self.playing)?.duration == .seconds(6), "a new load has its own length")
    }

    @Test("a status is reported when its phase changes or its duration becomes known, not when only the position moves")
    func reportsOnChange() {
        var watch = StatusWatch()
        #expect(watch.report(Inputs()) == nil)
        let loading = watch.report(Inputs(isLoading: true, position: 4, duration: 6))
        #expect(loading == PlaybackStatus(phase: .loading, position: .zero, duration: nil))
        var inputs = Self.with(Self.playing) { $0.duration = nil }
        #expect(watch.report(inputs) == PlaybackStatus(phase: .playing, position: .seconds(1), duration: nil))
        inputs.position = 1.5
        #expect(watch.report(inputs) == nil)
        inputs.duration = 6
        #expect(watch.report(inputs) == PlaybackStatus(phase: .playing, position: .seconds(1.5), duration: .seconds(6)))
        #expect(watch.report(inputs) == nil)
        inputs.duration = 6.016
        #expect(watch.report(inputs) == nil, "a refined length is carried by the next report, not reported alone")
        inputs.isAtEnd = true
        inputs.position = 5.967
        #expect(watch.report(inputs)?.phase == .ended)
        #expect(watch.lastReported?.position == .seconds(5.967))
        #expect(watch.report(Inputs()) == nil, "nothing plays: nothing to report, the last report stays")
        #expect(watch.lastReported?.phase == .ended)
    }

    @Test("what mpv holds ahead is reported when it crosses a whole second or holds the end, never while loading")
    func reportsTheBufferAheadInSteps() {
        var watch = StatusWatch()
        var inputs = Self.playing  // 1 s into a 6 s clip
        watch.cachedAheadChanged(to: 0.4)
        #expect(watch.report(Inputs(isLoading: true, hasMedia: true, duration: 6))?.bufferedAhead == nil)
        #expect(watch.report(inputs)?.bufferedAhead == .seconds(0.4))
        watch.cachedAheadChanged(to: 0.9)
        #expect(watch.report(inputs) == nil, "within the same second")
        watch.cachedAheadChanged(to: 1.2)
        #expect(watch.report(inputs)?.bufferedAhead == .seconds(1.2))
        watch.cachedAheadChanged(to: 3.9)
        #expect(watch.report(inputs)?.bufferedAhead == .seconds(3.9))
        // 1 s + 4.8 s of a 6 s clip: the end is in hand, within a frame or two, though the seconds did not change.
        watch.cachedAheadChanged(to: 4.8)
        let end = watch.report(inputs)
        #expect(end?.bufferedAhead == .seconds(4.8))
        #expect(end?.holdsItsEnd == true)
        watch.cachedAheadChanged(to: 4.9)
        #expect(watch.report(inputs) == nil, "still the end")
        watch.cachedAheadChanged(to: .nan)
        #expect(watch.report(inputs)?.bufferedAhead == nil, "a value that is no time is unknown")
        watch.cachedAheadChanged(to: nil)
        #expect(watch.report(inputs) == nil)
        inputs.pause = .init(isPaused: true, isOutside: false)
        #expect(watch.report(inputs)?.phase == .paused(.requested))
    }
}
