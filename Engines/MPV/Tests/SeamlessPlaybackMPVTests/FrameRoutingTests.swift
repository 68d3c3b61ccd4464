import Testing

@testable import SeamlessPlaybackMPV

@Suite("FrameRouting: one picture, one host, never an empty host")
struct FrameRoutingTests {
    typealias Routing = FrameRouting<String>

    @Test func withNoHostEveryFrameIsStillDrawnForMPVsPaceAndKeptByNobody() {
        var routing = Routing()
        #expect(routing.wake(pending: .newFrame) == .scratch)
        #expect(routing.wake(pending: .redraw) == .scratch)
        #expect(routing.wake(pending: .none) == nil)
    }

    @Test func aHostAttachedBeforeThePictureWaitsForTheFirstFrameAndIsOwedNoRedraw() {
        var routing = Routing()
        #expect(routing.attached("cell") == false)
        #expect(routing.wake(pending: .none) == nil)
        // mpv asks for a redraw before it has a picture: there is nothing to draw again.
        #expect(routing.wake(pending: .redraw) == .scratch)
        #expect(routing.wake(pending: .newFrame) == .into("cell", .newFrame))
    }

    @Test func aHostAttachedWhilePlayingGetsTheCurrentPictureAtOnceThenTheNewFrames() {
        var routing = Routing()
        _ = routing.attached("cell")
        _ = routing.wake(pending: .newFrame)
        #expect(routing.attached("page") == true)
        #expect(routing.wake(pending: .none) == .into("page", .redraw))
        // Owed once only.
        #expect(routing.wake(pending: .none) == nil)
        #expect(routing.wake(pending: .newFrame) == .into("page", .newFrame))
    }

    @Test func aNewFrameDueAtTheAttachIsDrawnAsTheNewFrameItIsAndPaysTheRedraw() {
        var routing = Routing()
        _ = routing.attached("cell")
        _ = routing.wake(pending: .newFrame)
        _ = routing.attached("page")
        #expect(routing.wake(pending: .newFrame) == .into("page", .newFrame))
        #expect(routing.owesRedraw == false)
        #expect(routing.wake(pending: .none) == nil)
    }

    @Test func detachingAHostThePictureLeftChangesNothingDetachingTheTargetStopsIt() {
        var routing = Routing()
        _ = routing.attached("cell")
        _ = routing.wake(pending: .newFrame)
        _ = routing.attached("page")
        routing.detached("cell")
        #expect(routing.target == "page")
        #expect(routing.wake(pending: .none) == .into("page", .redraw))
        routing.detached("page")
        #expect(routing.target == nil)
        #expect(routing.wake(pending: .newFrame) == .scratch)
    }

    @Test func mpvsOwnRedrawRequestGoesToTheTargetAsARedraw() {
        var routing = Routing()
        _ = routing.attached("page")
        _ = routing.wake(pending: .newFrame)
        // The page's content mode changed (panscan): mpv asks for the same picture again.
        #expect(routing.wake(pending: .redraw) == .into("page", .redraw))
    }

    @Test func detachingBeforeTheOwedRedrawCancelsIt() {
        var routing = Routing()
        _ = routing.wake(pending: .newFrame)
        #expect(routing.attached("page") == true)
        routing.detached("page")
        #expect(routing.wake(pending: .none) == nil)
    }
}
