import SeamlessPlayback
import Testing

@testable import SeamlessPlaybackAVFoundation

@Suite("LayerLayout")
struct LayerLayoutTests {
    typealias Layout = LayerLayout<String>
    let start = ContinuousClock.now

    /// The feed cell shows the layer in its own mode, fill.
    func feedShowing() -> Layout {
        var layout = Layout()
        _ = layout.applied(.aspectFill, at: start)
        #expect(layout.attached("cell", lastMode: nil, isActive: true) == .aspectFill)
        return layout
    }

    @Test("an apply no longer carries the gravity: the settings' commands never name the layer's scaling")
    func applyLeavesTheGravity() {
        var machine = Fixture.loaded()
        let actions = machine.applyRequested(PlaybackSettings(contentMode: .aspectFill))
        #expect(
            actions.first
                == .send([
                    .setMuted(false), .setVolume(1), .setDefaultRate(1), .setActionAtItemEnd(.pause),
                    .setPreferredForwardBufferDuration(0), .play,
                ])
        )
    }

    @Test("a borrow: the page's fit lands while the cell shows the layer, not set there; the page's host takes it")
    func borrowSetsTheModeWithTheMove() {
        var layout = feedShowing()
        #expect(layout.applied(.aspectFit, at: start) == .checkAt(start + Layout.grace))
        // The borrow returned, the pool recorded the page as the active holder: the page shows the player.
        #expect(layout.attached("page", lastMode: nil, isActive: true) == .aspectFit)
        #expect(layout.graceEnded(at: start + Layout.grace, shownIsActive: true) == nil, "the cell never turned fit")
        #expect(layout.shown == .init(host: "page", mode: .aspectFit, isAhead: false))
    }

    @Test("a change whose page is no longer the active holder at the grace's end was the next page's: dropped")
    func handoffChangeDropped() {
        var layout = feedShowing()
        #expect(layout.applied(.aspectFit, at: start) == .checkAt(start + Layout.grace))
        #expect(layout.graceEnded(at: start + Layout.grace, shownIsActive: false) == nil)
        #expect(layout.shown?.mode == .aspectFill)
    }

    @Test("a page's own change of mode while its host shows the layer is set after the grace")
    func ownChangeAfterGrace() {
        var layout = feedShowing()
        #expect(layout.applied(.aspectFit, at: start) == .checkAt(start + Layout.grace))
        #expect(layout.graceEnded(at: start + .milliseconds(50), shownIsActive: true) == nil, "too early")
        #expect(layout.graceEnded(at: start + Layout.grace, shownIsActive: true) == .aspectFit)
        #expect(layout.applied(.aspectFit, at: start + .seconds(1)) == LayerLayout<String>.Action.none)
    }

    @Test("a later change replaces the earlier: only its own grace's end sets it")
    func laterChangeWins() {
        var layout = feedShowing()
        _ = layout.applied(.aspectFit, at: start)
        #expect(layout.applied(.aspectFill, at: start + .milliseconds(60)) == .none, "back to the host's mode")
        #expect(layout.graceEnded(at: start + Layout.grace, shownIsActive: true) == nil)
    }

    @Test("back: the page closes while its host shows the layer; the feed's fill is not set in the page's exit")
    func closeWhilePageShows() {
        var layout = feedShowing()
        _ = layout.applied(.aspectFit, at: start)
        _ = layout.attached("page", lastMode: nil, isActive: true)
        let closeAt = start + .seconds(5)
        #expect(layout.applied(.aspectFill, at: closeAt) == .checkAt(closeAt + Layout.grace))
        // The record now names the feed: the surfaces attach the cell, which takes fill with the move.
        #expect(layout.attached("cell", lastMode: .aspectFill, isActive: true) == .aspectFill)
        layout.detached("page")
        #expect(layout.graceEnded(at: closeAt + Layout.grace, shownIsActive: true) == nil)
        #expect(layout.shown == .init(host: "cell", mode: .aspectFill, isAhead: false))
    }

    @Test("back, the cell given the picture as the exit completes: it keeps its fill, then takes the feed's settings")
    func cellAttachedAhead() {
        var layout = feedShowing()
        _ = layout.applied(.aspectFit, at: start)
        _ = layout.attached("page", lastMode: nil, isActive: true)
        // The zoom's completion: the cell shows the layer again before the close lands (the page is still active).
        #expect(layout.attached("cell", lastMode: .aspectFill, isActive: false) == .aspectFill)
        layout.detached("page")
        #expect(layout.applied(.aspectFill, at: start + .seconds(5)) == .none, "the feed's settings: already its mode")
        #expect(layout.shown == .init(host: "cell", mode: .aspectFill, isAhead: true))
    }

    @Test("a host attached ahead with no mode of its own takes the engine's, then its page's once it is active")
    func aheadWithoutMemory() {
        var layout = Layout()
        _ = layout.applied(.aspectFit, at: start)
        #expect(layout.attached("cell", lastMode: nil, isActive: false) == .aspectFit)
        #expect(layout.applied(.aspectFill, at: start) == .checkAt(start + Layout.grace))
        #expect(layout.graceEnded(at: start + Layout.grace, shownIsActive: true) == .aspectFill)
        #expect(layout.shown == .init(host: "cell", mode: .aspectFill, isAhead: false))
    }

    @Test("a page that pauses as it disappears, still the active holder, never lays its aspect-fit out in the cell")
    func leavingPagesApplyStaysOutOfTheCell() {
        var layout = feedShowing()
        _ = layout.applied(.aspectFit, at: start)
        _ = layout.attached("page", lastMode: nil, isActive: true)
        #expect(layout.attached("cell", lastMode: .aspectFill, isActive: false) == .aspectFill)
        layout.detached("page")
        // `viewDidDisappear`: the detail page pauses; its settings (aspect-fit) land while it is still active.
        let pauseAt = start + .seconds(5)
        #expect(layout.applied(.aspectFit, at: pauseAt) == .checkAt(pauseAt + Layout.grace))
        #expect(layout.graceEnded(at: pauseAt + Layout.grace, shownIsActive: false) == nil)
        #expect(layout.shown == .init(host: "cell", mode: .aspectFill, isAhead: true))
        // The close lands; the feed's settings come back: the cell's own mode.
        #expect(layout.applied(.aspectFill, at: pauseAt + .seconds(1)) == .none)
    }

    @Test("a detach from a host the layer has left changes nothing; the layer's own host's detach ends the layout")
    func detach() {
        var layout = feedShowing()
        _ = layout.attached("page", lastMode: nil, isActive: true)
        layout.detached("cell")
        #expect(layout.shown?.host == "page")
        layout.detached("page")
        #expect(layout.shown == nil)
        #expect(layout.applied(.aspectFit, at: start) == .none)
    }
}
