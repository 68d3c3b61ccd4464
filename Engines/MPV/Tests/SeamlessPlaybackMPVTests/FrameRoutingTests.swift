import SeamlessPlayback
import Testing

@testable import SeamlessPlaybackMPV

@Suite("FrameRouting: one picture, one host, never an empty host, moves at frame boundaries, a layout per host")
struct FrameRoutingTests {
    typealias Routing = FrameRouting<String>
    let start = ContinuousClock.now

    /// `milliseconds` after the start.
    func at(_ milliseconds: Double) -> ContinuousClock.Instant {
        start + .microseconds(Int(milliseconds * 1000))
    }

    /// A routing whose picture plays in `host` (fill) at 30 frames a second, its last new frame at 66.6 ms.
    func playing(in host: String = "cell") -> Routing {
        var routing = Routing(appliedMode: .aspectFill)
        _ = routing.attached(host, at: at(0))
        for frame in 0..<3 { _ = routing.wake(pending: .newFrame, at: at(Double(frame) * 33.3)) }
        return routing
    }

    @Test func withNoHostEveryFrameIsStillDrawnForMPVsPaceAndKeptByNobody() {
        var routing = Routing()
        #expect(routing.wake(pending: .newFrame, at: at(0)) == [.scratch])
        #expect(routing.wake(pending: .redraw, at: at(1)) == [.scratch])
        #expect(routing.wake(pending: .none, at: at(2)) == [])
    }

    @Test func aHostAttachedBeforeThePictureWaitsForTheFirstFrameAndIsOwedNoRedraw() {
        var routing = Routing()
        #expect(routing.attached("cell", at: at(0)) == false)
        #expect(routing.wake(pending: .none, at: at(1)) == [])
        // mpv asks for a redraw before it has a picture: there is nothing to draw again.
        #expect(routing.wake(pending: .redraw, at: at(2)) == [.scratch])
        #expect(routing.wake(pending: .newFrame, at: at(3)) == [.into("cell", .newFrame, .aspectFit)])
    }

    @Test func aMoveEarlyInAFrameIsMadeAtOnceWithTheCurrentPictureDrawnAgainInTheNewHost() {
        var routing = playing()
        // 10 ms after the last frame, of 33.3: within the first half.
        #expect(routing.attached("page", at: at(76.6)) == true)
        #expect(routing.target?.host == "page" && routing.move == nil)
        #expect(routing.wake(pending: .none, at: at(77)) == [.into("page", .redraw, .aspectFill)])
        // Owed once only; the next frames go to the page.
        #expect(routing.wake(pending: .none, at: at(78)) == [])
        #expect(routing.wake(pending: .newFrame, at: at(99.9)) == [.into("page", .newFrame, .aspectFill)])
    }

    @Test func aMoveLateInAFrameWaitsForItThenDrawsItInTheOldHostAndAgainInTheNew() {
        var routing = playing()
        // 25 ms after the last frame: the next is due in 8.
        #expect(routing.attached("page", at: at(91.6)) == true)
        #expect(routing.target?.host == "cell" && routing.move?.host == "page")
        #expect(routing.deadline == at(66.6) + .microseconds(49_950))
        // The surfaces detach the old host right after: it keeps the picture until the move is made.
        routing.detached("cell")
        #expect(routing.target?.host == "cell")
        #expect(routing.wake(pending: .none, at: at(92)) == [])
        #expect(
            routing.wake(pending: .newFrame, at: at(99.9)) == [
                .into("cell", .newFrame, .aspectFill), .into("page", .redraw, .aspectFill),
            ])
        #expect(routing.target?.host == "page" && routing.move == nil && routing.deadline == nil)
        #expect(routing.wake(pending: .newFrame, at: at(133.2)) == [.into("page", .newFrame, .aspectFill)])
    }

    @Test func aMoveWaitingForAFrameThatDoesNotComeIsMadeAtItsDeadline() throws {
        var routing = playing()
        _ = routing.attached("page", at: at(91.6))
        let deadline = try #require(routing.deadline)
        #expect(routing.wake(pending: .none, at: deadline - .milliseconds(1)) == [])
        #expect(routing.wake(pending: .none, at: deadline) == [.into("page", .redraw, .aspectFill)])
        #expect(routing.target?.host == "page" && routing.deadline == nil)
    }

    @Test func aStillPictureOrASlowOneMovesAtOnce() {
        var paused = playing()
        // 60 ms after the last frame: more than one and a half intervals, the picture stands still.
        #expect(paused.attached("page", at: at(126.6)) == true)
        #expect(paused.target?.host == "page")
        var slow = Routing()
        _ = slow.attached("cell", at: at(0))
        _ = slow.wake(pending: .newFrame, at: at(0))
        _ = slow.wake(pending: .newFrame, at: at(100))  // 10 frames a second: not worth waiting for
        #expect(slow.frameInterval == nil)
        _ = slow.attached("page", at: at(180))
        #expect(slow.target?.host == "page")
    }

    @Test func theNewHostOfAWaitingMoveDetachedBeforeItCancelsTheMoveAndAReattachedOldHostKeepsIt() {
        var routing = playing()
        _ = routing.attached("page", at: at(91.6))
        routing.detached("page")
        #expect(routing.move == nil && routing.target?.host == "cell")
        _ = routing.attached("page", at: at(92))
        _ = routing.attached("cell", at: at(93))
        #expect(routing.move == nil && routing.target?.host == "cell" && routing.owesRedraw)
    }

    @Test func detachingAHostThePictureLeftChangesNothingDetachingTheTargetStopsIt() {
        var routing = playing()
        _ = routing.attached("page", at: at(70))
        routing.detached("cell")
        #expect(routing.target?.host == "page")
        #expect(routing.wake(pending: .none, at: at(71)) == [.into("page", .redraw, .aspectFill)])
        routing.detached("page")
        #expect(routing.target == nil)
        #expect(routing.wake(pending: .newFrame, at: at(99.9)) == [.scratch])
    }

    @Test func mpvsOwnRedrawRequestGoesToTheTargetAsARedraw() {
        var routing = playing()
        #expect(routing.wake(pending: .redraw, at: at(70)) == [.into("cell", .redraw, .aspectFill)])
    }

    @Test func eachHostTakesTheModeOnTheEngineWhenAttachedAndTheOldHostKeepsItsOwnThroughAHandoff() {
        var routing = playing()
        // The borrower's settings land first (fit), then its host is attached.
        routing.applied(.aspectFit, at: at(70))
        #expect(routing.modeChange == FrameRouting.ModeChange(mode: .aspectFit, at: at(70)))
        // The pool has recorded the borrower: the change is not the cell's.
        #expect(
            routing.wake(pending: .newFrame, at: at(99.9), targetIsActive: false) == [
                .into("cell", .newFrame, .aspectFill)
            ])
        #expect(routing.modeChange == nil)
        _ = routing.attached("page", at: at(100))
        #expect(routing.target == FrameRouting.Placement(host: "page", mode: .aspectFit))
    }

    @Test func aChangeStillUnsettledWhenTheNextHostIsAttachedIsThatHostsAndTheOldOneNeverTakesIt() {
        var routing = playing()
        routing.applied(.aspectFit, at: at(70))
        // Within the grace, with the record not told (or not known), the cell draws its own layout.
        #expect(routing.wake(pending: .newFrame, at: at(99.9)) == [.into("cell", .newFrame, .aspectFill)])
        _ = routing.attached("page", at: at(120))  // late in the frame: the move waits
        #expect(routing.move == FrameRouting.Placement(host: "page", mode: .aspectFit) && routing.modeChange == nil)
        #expect(
            routing.wake(pending: .newFrame, at: at(133.2)) == [
                .into("cell", .newFrame, .aspectFill), .into("page", .redraw, .aspectFit),
            ])
    }

    @Test func thePagesOwnChangeOfModeIsTakenAfterTheGraceAndDrawnAgainAtOnceEvenWhenPaused() {
        var routing = playing()
        routing.applied(.aspectFit, at: at(70))
        #expect(routing.deadline == at(70) + Routing.modeGrace)
        let graceEnd = at(70) + Routing.modeGrace
        #expect(routing.wake(pending: .none, at: graceEnd - .milliseconds(1)) == [])
        #expect(routing.wake(pending: .none, at: graceEnd) == [.into("cell", .redraw, .aspectFit)])
        #expect(routing.target == FrameRouting.Placement(host: "cell", mode: .aspectFit) && routing.deadline == nil)
        // Applying the mode the host already has changes nothing.
        routing.applied(.aspectFit, at: at(200))
        #expect(routing.modeChange == nil)
    }

    @Test func aChangeAppliedWhileAMoveWaitsIsTheMovingHostsOwn() {
        var routing = playing()
        _ = routing.attached("page", at: at(91.6))
        routing.applied(.aspectFit, at: at(92))
        #expect(routing.modeChange == nil && routing.move?.mode == .aspectFit && routing.target?.mode == .aspectFill)
    }

    @Test func theFrameIntervalIsTheStepBetweenTheLastTwoNewFrames() {
        var routing = playing()
        #expect(routing.frameInterval == .microseconds(33_300))
        #expect(routing.lastNewFrameAt == at(66.6))
        _ = routing.wake(pending: .newFrame, at: at(86.6))
        #expect(routing.frameInterval == .milliseconds(20))
    }
}
