import SeamlessPlayback
import Testing

@testable import SeamlessPlaybackAVFoundation

/// Rates outside 1–2×: played only where the item says it can, else held paused and reported, never played at another
/// rate.
@Suite("AVPlayerEngineStateMachine: rates the item can play")
struct AVPlayerEngineStateMachineRateCapabilitiesTests {
    typealias Machine = AVPlayerEngineStateMachine
    static let neither = Machine.RateCapabilities(canPlayFastForward: false, canPlaySlowForward: false)
    static let both = Machine.RateCapabilities(canPlayFastForward: true, canPlaySlowForward: true)

    /// A loaded item whose rates are `capabilities`.
    func loaded(_ capabilities: Machine.RateCapabilities) -> Machine {
        var machine = Fixture.loaded()
        #expect(machine.observed(.rateCapabilities(capabilities), for: 1) == [])
        return machine
    }

    @Test("1-2x always plays; above 2x needs canPlayFastForward, below 1x canPlaySlowForward")
    func allows() {
        #expect([1, 1.5, 2].allSatisfy(Self.neither.allows))
        #expect(![0.25, 0.5, 2.5, 4].contains(where: Self.neither.allows))
        #expect([0.25, 0.5, 2.5, 4].allSatisfy(Self.both.allows))
    }

    @Test("a page playing at 4x an item that cannot play fast: held paused, reported paused(.unsupportedRate)")
    func tooFast() {
        var machine = loaded(Self.neither)
        let settings = PlaybackSettings(rate: 4)
        #expect(
            machine.applyRequested(settings) == [
                .send(Fixture.applying(settings, buffer: 0, last: .pause)), Fixture.report(.paused(.unsupportedRate)),
            ])
        #expect(machine.playerRead(Fixture.stopped(at: 0)) == [])
        #expect(machine.systemEvent(.interruptionBegan(.other)) == [], "nothing of the system's to hold")
        #expect(machine.systemEvent(.interruptionEnded(shouldResume: true)) == [], "and nothing to resume")
        let playable = PlaybackSettings(rate: 2)
        #expect(machine.applyRequested(playable) == [.send(Fixture.applying(playable, last: .play))])
    }

    @Test("slow motion on an item that can play slow forward plays")
    func slowAllowed() {
        var machine = loaded(Self.both)
        let settings = PlaybackSettings(rate: 0.5)
        #expect(machine.applyRequested(settings) == [.send(Fixture.applying(settings, buffer: 0))])
    }

    @Test("rates learnt after the page's apply: a playing player at a rate the item cannot play is paused then")
    func learntLate() {
        var machine = Fixture.following(PlaybackSettings(rate: 0.5))
        #expect(
            machine.observed(.rateCapabilities(Self.neither), for: 1) == [
                .send([.pause]), Fixture.report(.paused(.unsupportedRate)),
            ])
    }

    @Test("a paused page's rate is never judged; a new load forgets the old item's rates")
    func pausedAndNewLoad() {
        var machine = loaded(Self.neither)
        let paused = PlaybackSettings(rate: 4, isPaused: true)
        #expect(machine.applyRequested(paused) == [.send(Fixture.applying(paused, last: .pause))])
        _ = machine.loadRequested()
        #expect(machine.playback.capabilities == nil)
    }
}
