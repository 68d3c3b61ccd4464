import SeamlessPlayback
import Testing

@testable import SeamlessPlaybackAVFoundation

@Suite("AVPlayerEngineStateMachine: a paused item's forward buffer is bounded at the depth the pool told")
struct AVPlayerEngineStateMachineForwardBufferTests {
    typealias Machine = AVPlayerEngineStateMachine

    /// The forward buffers a list of actions sets, in order.
    private func buffers(_ actions: [Machine.Action]) -> [Double] {
        actions.flatMap { action -> [Double] in
            guard case .send(let commands) = action else { return [] }
            return commands.compactMap { command in
                if case .setPreferredForwardBufferDuration(let seconds) = command { return seconds }
                return nil
            }
        }
    }

    @Test("paused: the standard or lean bound; playing: the player's choice (0); lean never above standard")
    func pausedBuffering() {
        let buffering = PausedBuffering()
        #expect(buffering.forwardBuffer(isPaused: true, depth: .standard) == 1)
        #expect(buffering.forwardBuffer(isPaused: true, depth: .lean) == 0.25)
        for depth in PreloadDepth.allCases { #expect(buffering.forwardBuffer(isPaused: false, depth: depth) == 0) }
        let inverted = PausedBuffering(standard: .milliseconds(500), lean: .seconds(2))
        #expect(inverted.forwardBuffer(isPaused: true, depth: .lean) == 0.5)
        let zero = PausedBuffering(standard: .zero, lean: .seconds(-1))
        for depth in PreloadDepth.allCases {
            #expect(zero.forwardBuffer(isPaused: true, depth: depth) == PausedBuffering.least, "0 would be no bound")
        }
    }

    @Test("a load bounds its new item at the depth told before it: standard, then lean")
    func loadBoundsTheItem() {
        var machine = Machine()
        let (_, standard) = machine.loadRequested()
        #expect(buffers(standard) == [1])
        machine.itemReplaced(1)
        #expect(buffers(machine.preloadDepthTold(.lean)) == [0.25], "the paused item now on the player at once")
        let (_, lean) = machine.loadRequested()
        #expect(buffers(lean) == [0.25], "every new item is set: AVFoundation's default is the player's choice")
    }

    @Test("a page's playing apply lifts the bound before play(); a paused apply sets it again; the same is not resent")
    func applyFollowsTheSettings() {
        var machine = Fixture.loaded()
        _ = machine.preloadDepthTold(.lean)
        let playing = machine.applyRequested(PlaybackSettings())
        #expect(playing.contains(.send(Fixture.applying(PlaybackSettings(), buffer: 0))), "0 comes before play()")
        #expect(buffers(machine.applyRequested(PlaybackSettings(isMuted: true))) == [], "still 0: nothing sent")
        #expect(buffers(machine.preloadDepthTold(.standard)) == [], "a playing item keeps the player's choice")
        #expect(buffers(machine.applyRequested(PlaybackSettings(isPaused: true))) == [1])
        #expect(buffers(machine.preloadDepthTold(.lean)) == [0.25])
        #expect(buffers(machine.preloadDepthTold(.lean)) == [], "the same depth again sends nothing")
    }

    @Test("a playing page's item stays unbounded while the system pauses it or it stalls; its next load is bounded")
    func systemPauseKeepsTheChoice() {
        var machine = Fixture.playing()
        #expect(buffers(machine.systemEvent(.interruptionBegan(.other))) == [])
        #expect(buffers(machine.preloadDepthTold(.lean)) == [], "its settings play: it is meant to move")
        let (_, next) = machine.loadRequested()
        #expect(buffers(next) == [0.25], "a load holds the player paused")
        var stalled = Fixture.following(PlaybackSettings(), source: .loader)
        #expect(stalled.rateChanged(to: 0, reason: .other).contains(Fixture.report(.buffering)), "a stall")
        #expect(buffers(stalled.preloadDepthTold(.lean)) == [], "its settings play: it is meant to move")
    }

    @Test("no item, no bound: before a load, after an unload, a cancelled or failed load, and after the shutdown")
    func noItem() {
        var fresh = Machine()
        #expect(buffers(fresh.preloadDepthTold(.lean)) == [])
        #expect(buffers(fresh.applyRequested(PlaybackSettings(isPaused: true))) == [])
        var unloaded = Fixture.pausedByPage()
        _ = unloaded.unloadRequested()
        #expect(buffers(unloaded.preloadDepthTold(.lean)) == [])
        var cancelled = Machine()
        _ = cancelled.loadRequested()
        cancelled.itemReplaced(1)
        _ = cancelled.loadCancelled(1)
        #expect(buffers(cancelled.preloadDepthTold(.lean)) == [])
        var failed = Machine()
        _ = failed.loadRequested()
        failed.itemReplaced(1)
        _ = failed.observed(.itemStatus(.failed(ItemError(domain: .url, code: -1_009, description: "offline"))), for: 1)
        #expect(buffers(failed.preloadDepthTold(.lean)) == [])
        var shutDown = Fixture.pausedByPage()
        _ = shutDown.shutdownRequested()
        #expect(shutDown.preloadDepthTold(.lean) == [])
        let (_, afterShutdown) = shutDown.loadRequested()
        #expect(buffers(afterShutdown) == [])
    }

    /// Whether an action tells the resource loader to fetch leanly, and which.
    private func leanly(_ action: Machine.Action) -> Bool? {
        if case .fetchLeanly(let isLean) = action { return isLean }
        return nil
    }

    @Test("the resource loader fetches leanly exactly while the player stands paused at the lean depth")
    func leanFetches() {
        var machine = Machine()
        #expect(machine.preloadDepthTold(.lean).compactMap(leanly) == [true], "an idle engine: paused")
        let (_, load) = machine.loadRequested(source: .loader)
        #expect(load.compactMap(leanly) == [], "still lean: nothing to tell")
        machine.itemReplaced(1)
        _ = machine.observed(.itemStatus(.readyToPlay), for: 1)
        _ = machine.observed(.layerReadyForDisplay(false), for: 1)
        _ = machine.observed(.layerReadyForDisplay(true), for: 1)
        let playing = machine.applyRequested(PlaybackSettings())
        #expect(playing.compactMap(leanly) == [false], "a page plays it")
        #expect(playing.first == .fetchLeanly(false), "the loader hears it before the player's commands")
        #expect(machine.preloadDepthTold(.standard).compactMap(leanly) == [])
        #expect(machine.applyRequested(PlaybackSettings(isPaused: true)).compactMap(leanly) == [])
        #expect(machine.preloadDepthTold(.lean).compactMap(leanly) == [true], "paused and lean")
        let (_, next) = machine.loadRequested(source: .loader)
        #expect(next.compactMap(leanly) == [], "a load holds it paused: lean still")
    }

    @Test("a load's depth reaches the loader before the item exists; the load then tells nothing more")
    func loadPrepared() {
        var machine = Fixture.playing()
        #expect(machine.loadPrepared(depth: .lean) == [.fetchLeanly(true)], "a load holds the player paused")
        let (_, lean) = machine.loadRequested(source: .loader)
        #expect(lean.compactMap(leanly) == [])
        #expect(buffers(lean) == [0.25], "the item at the depth prepared")
        machine.itemReplaced(2)
        #expect(machine.loadPrepared(depth: .standard) == [.fetchLeanly(false)], "the focused item's load: standard")
        let (_, standard) = machine.loadRequested(source: .loader)
        #expect(standard.compactMap(leanly) == [] && buffers(standard) == [1])
        #expect(machine.loadPrepared(depth: .standard) == [], "told already")
        var failed = Fixture.playing()
        _ = failed.playerFailed("the player failed")
        #expect(failed.loadPrepared(depth: .lean) == [], "the load fails at once: nothing to size")
        let (_, refused) = failed.loadRequested()
        #expect(buffers(refused) == [] && refused.compactMap(leanly) == [])
    }

    @Test("an apply takes the depth the shell read with it: one input, one decision")
    func applyWithDepth() {
        var machine = Fixture.loaded()
        let paused = machine.applyRequested(PlaybackSettings(isPaused: true), depth: .lean)
        #expect(buffers(paused) == [0.25] && paused.compactMap(leanly) == [true])
        let playing = machine.applyRequested(PlaybackSettings(), depth: .lean)
        #expect(buffers(playing) == [0] && playing.compactMap(leanly) == [false], "no lean step in between")
        #expect(buffers(machine.applyRequested(PlaybackSettings(isPaused: true), depth: .standard)) == [1])
    }

    @Test("rates learnt after a playing apply hold the player paused, and its buffer stays the player's choice")
    func unsupportedRateKeepsTheChoice() {
        var machine = Fixture.loaded()
        _ = machine.applyRequested(PlaybackSettings(rate: 4))
        let held = machine.rateCapabilitiesKnown(.init(canPlayFastForward: false, canPlaySlowForward: false))
        #expect(held.contains(Fixture.report(.paused(.unsupportedRate))))
        #expect(buffers(held) == [] && buffers(machine.preloadDepthTold(.lean)) == [], "its settings play")
    }

    @Test("with the layer detached for the background the load still bounds its item")
    func detachedLayer() {
        var machine = Machine(
            backgroundPolicy: .keepAudioInBackground, isInBackground: true,
            pausedBuffering: PausedBuffering(standard: .seconds(2)))
        let (_, actions) = machine.loadRequested()
        #expect(buffers(actions) == [2])
    }
}
