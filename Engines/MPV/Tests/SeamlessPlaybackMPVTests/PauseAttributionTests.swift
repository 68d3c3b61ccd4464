import Testing

@testable import SeamlessPlaybackMPV

@Suite("PauseAttribution: who set mpv's pause")
struct PauseAttributionTests {
    typealias Judged = PauseAttribution.Judged
    static let ownPause = Judged(isPaused: true, isOutside: false)
    static let ownPlay = Judged(isPaused: false, isOutside: false)
    static let outsidePause = Judged(isPaused: true, isOutside: true)
    static let outsidePlay = Judged(isPaused: false, isOutside: true)

    /// An attribution whose own set of `pause` to `value` has landed and been reported back.
    private func settled(_ value: Bool) -> PauseAttribution {
        var attribution = PauseAttribution()
        attribution.setSent(value, request: 1)
        attribution.setAnswered(request: 1, succeeded: true)
        attribution.changed(to: value)
        return attribution
    }

    @Test("before the engine sets pause, mpv's reports are the starting state, not an outside change")
    func baseline() {
        var attribution = PauseAttribution()
        #expect(attribution.current == nil)
        attribution.changed(to: false)
        #expect(attribution.current == Self.ownPlay)
        attribution.changed(to: true)
        #expect(attribution.current == Self.ownPause)
    }

    @Test("an own set is the engine's: its echo before the reply, and the value once mpv took it")
    func ownSet() {
        var attribution = settled(false)
        attribution.setSent(true, request: 2)
        #expect(attribution.current == Self.ownPlay, "nothing changes before mpv reports")
        attribution.changed(to: true)
        #expect(attribution.current == Self.ownPause)
        attribution.setAnswered(request: 2, succeeded: true)
        #expect(attribution.own == true)
        attribution.changed(to: true)
        #expect(attribution.current == Self.ownPause)
        #expect(!attribution.needsCheckNow)
    }

    @Test("once settled, a pause the engine did not set is outside, and so is an unpause of its own pause")
    func outsideChanges() {
        var playing = settled(false)
        playing.changed(to: true)
        #expect(playing.current == Self.outsidePause)
        var paused = settled(true)
        paused.changed(to: false)
        #expect(paused.current == Self.outsidePlay)
        paused.changed(to: true)
        #expect(paused.current == Self.ownPause, "back where the engine set it")
    }

    @Test("the first report after a reply that differs from the set is checked with a read, not judged outside")
    func staleReportIsChecked() {
        for pausedOutside in [false, true] {
            var attribution = settled(false)
            attribution.setSent(true, request: 2)
            attribution.setAnswered(request: 2, succeeded: true)
            attribution.changed(to: false)
            #expect(attribution.current == Self.ownPlay, "not judged yet")
            #expect(attribution.needsCheckNow)
            attribution.checkSent(request: 3)
            #expect(!attribution.needsCheckNow, "one read at a time")
            attribution.checkAnswered(request: 3, value: !pausedOutside)
            #expect(attribution.current == (pausedOutside ? Self.outsidePlay : Self.ownPause))
        }
    }

    @Test("a quick pause-then-play from the engine is its own, though mpv reports the pause after both replies")
    func quickHandoff() {
        var attribution = settled(false)
        attribution.setSent(true, request: 2)
        attribution.setAnswered(request: 2, succeeded: true)
        attribution.setSent(false, request: 3)
        attribution.setAnswered(request: 3, succeeded: true)
        attribution.changed(to: true)
        #expect(attribution.current != Self.outsidePause, "the late report of the engine's own pause")
        attribution.changed(to: false)
        #expect(attribution.current == Self.ownPlay)
        #expect(attribution.needsCheckNow, "the doubtful report is still checked")
        attribution.checkSent(request: 4)
        attribution.checkAnswered(request: 4, value: false)
        #expect(attribution.current == Self.ownPlay)
    }

    @Test("a report during a set that shows neither the set nor the state before it is checked after the reply")
    func reportDuringSetIsCheckedAfterIt() {
        var attribution = settled(true)
        attribution.setSent(true, request: 2)
        attribution.changed(to: false)
        #expect(attribution.current == Self.ownPause)
        #expect(!attribution.needsCheckNow, "not while the set is in flight")
        attribution.setAnswered(request: 2, succeeded: true)
        #expect(attribution.needsCheckNow)
    }

    @Test("a check sent before a newer set is dropped and sent again after the set")
    func checkOvertakenBySet() {
        var attribution = settled(false)
        attribution.setSent(true, request: 2)
        attribution.setAnswered(request: 2, succeeded: true)
        attribution.changed(to: false)
        attribution.checkSent(request: 3)
        attribution.setSent(false, request: 4)
        attribution.checkAnswered(request: 3, value: true)
        #expect(attribution.current == Self.ownPlay, "the dropped read changes nothing")
        #expect(!attribution.needsCheckNow)
        attribution.setAnswered(request: 4, succeeded: true)
        #expect(attribution.needsCheckNow)
    }

    @Test("a system pause becomes the page's own when the engine sets pause on: mpv took a value it already had")
    func systemPauseBecomesRequested() {
        var attribution = settled(false)
        attribution.changed(to: true)
        #expect(attribution.current == Self.outsidePause)
        attribution.setSent(true, request: 2)
        attribution.setAnswered(request: 2, succeeded: true)
        #expect(attribution.current == Self.ownPause)
    }

    @Test("a set mpv refused changes nothing the engine counts as its own")
    func refusedSet() {
        var attribution = settled(false)
        attribution.setSent(true, request: 2)
        attribution.setAnswered(request: 2, succeeded: false)
        #expect(attribution.own == false)
        #expect(attribution.pendingSets.isEmpty)
        attribution.changed(to: true)
        #expect(attribution.current == Self.outsidePause)
    }
}
