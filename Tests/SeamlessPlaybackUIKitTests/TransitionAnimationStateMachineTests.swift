import SeamlessPlayback
import Testing

@testable import SeamlessPlaybackUIKit

/// The animator's decisions, step by step, on the feed-cell-to-detail-page plan of the demo.
@Suite("TransitionAnimationStateMachine: the seed's transition, reversible and interruptible")
struct TransitionAnimationStateMachineTests {
    typealias Machine = TransitionAnimationStateMachine
    typealias ID = Machine.AnimationID

    let plan: TransitionPlan
    let duration = Duration.milliseconds(400)

    init() throws {
        plan = try TransitionPlan(
            from: Rect(x: 16, y: 180, width: 358, height: 358), mode: .aspectFill,
            to: Rect(x: 0, y: 0, width: 390, height: 693.3), mode: .aspectFit,
            videoSize: Size(width: 1080, height: 1920))
    }

    func id(_ value: UInt64) -> ID { ID(value: value) }

    func entered() -> Machine {
        var m = Machine(plan: plan, duration: duration)
        _ = m.entryRequested(now: .zero)
        _ = m.animationEnded(id(1), finished: true)
        return m
    }

    @Test func theEntryPlacesTheViewAtItsFinalFrameSetsTheSourcesLookAndAnimatesToTheIdentity() {
        var m = Machine(plan: plan, duration: duration)
        #expect(
            m.entryRequested(now: .seconds(5)) == [
                .prepare(destination: plan.destination),
                .set(TransitionFrame(viewTransform: plan.viewTransform, maskTransform: plan.maskTransform)),
                .animate(id(1), to: .identity, duration: duration, fromCurrentState: false),
            ])
        #expect(m.entryRequested(now: .seconds(5)) == [])
        #expect(m.animationEnded(id(1), finished: true) == [.removeMask, .finished(.entry)])
        #expect(m.state == .entered)
    }

    @Test func theExitRunsThePlanReversedFromTheIdentityAndKeepsTheSourcesLookAtItsEnd() {
        var m = entered()
        #expect(
            m.exitRequested(now: .seconds(1)) == [
                .prepare(destination: plan.destination),
                .set(.identity),
                .animate(id(2), to: plan.frame(at: 0), duration: duration, fromCurrentState: false),
            ])
        #expect(m.exitRequested(now: .seconds(1)) == [])
        #expect(m.animationEnded(id(2), finished: true) == [.finished(.exit)])
        #expect(m.state == .exited)
    }

    /// After an exit the view keeps the source's transform; the next entry puts the identity back before it
    /// sets the frame (a frame set under another transform is undefined in UIKit).
    @Test func anEntryAfterAFinishedExitClearsTheTransformBeforeSettingTheFrame() {
        var m = entered()
        _ = m.exitRequested(now: .seconds(1))
        _ = m.animationEnded(id(2), finished: true)
        #expect(
            m.entryRequested(now: .seconds(2)) == [
                .set(.identity),
                .prepare(destination: plan.destination),
                .set(TransitionFrame(viewTransform: plan.viewTransform, maskTransform: plan.maskTransform)),
                .animate(id(3), to: .identity, duration: duration, fromCurrentState: false),
            ])
    }

    @Test func anExitDuringTheEntryReversesFromWhereTheViewIsForTheTimeItHadRun() {
        var m = Machine(plan: plan, duration: duration)
        _ = m.entryRequested(now: .seconds(10))
        #expect(
            m.exitRequested(now: .seconds(10) + .milliseconds(100)) == [
                .animate(id(2), to: plan.frame(at: 0), duration: .milliseconds(100), fromCurrentState: true)
            ])
        // The replaced entry's completion arrives unfinished: it is not the running animation.
        #expect(m.animationEnded(id(1), finished: false) == [])
        // Turning round again 50 ms later: the view is back at a quarter minus an eighth of the way.
        #expect(
            m.entryRequested(now: .seconds(10) + .milliseconds(150)) == [
                .animate(id(3), to: .identity, duration: .milliseconds(350), fromCurrentState: true)
            ])
        #expect(m.animationEnded(id(2), finished: false) == [])
        #expect(m.animationEnded(id(3), finished: true) == [.removeMask, .finished(.entry)])
    }

    @Test func interruptingTheEntryLeavesNoTransformAndNoMaskAndIgnoresTheLateCompletion() {
        var m = Machine(plan: plan, duration: duration)
        _ = m.entryRequested(now: .zero)
        #expect(m.interruptRequested() == [.stopAnimations, .set(.identity), .removeMask])
        #expect(m.animationEnded(id(1), finished: false) == [])
        #expect(m.state == .idle)
        #expect(m.interruptRequested() == [])
    }

    @Test func interruptingAfterTheExitClearsTheSourcesLook() {
        var m = entered()
        _ = m.exitRequested(now: .zero)
        _ = m.animationEnded(id(2), finished: true)
        #expect(m.interruptRequested() == [.stopAnimations, .set(.identity), .removeMask])
        #expect(m.state == .idle)
    }

    @Test func anEnteredViewHasNothingToInterrupt() {
        var m = entered()
        #expect(m.interruptRequested() == [])
        #expect(m.state == .entered)
    }

    @Test func anAnimationRemovedByUIKitLeavesNothingBehind() {
        var m = Machine(plan: plan, duration: duration)
        _ = m.entryRequested(now: .zero)
        #expect(m.animationEnded(id(1), finished: false) == [.set(.identity), .removeMask])
        #expect(m.state == .idle)
    }

    @Test func aReversalAfterTheEstimatedEndRunsTheWholeWayAndOneBeforeAnyTimeHasPassedTakesNone() {
        var late = Machine(plan: plan, duration: duration)
        _ = late.entryRequested(now: .zero)
        #expect(
            late.exitRequested(now: .seconds(3)) == [
                .animate(id(2), to: plan.frame(at: 0), duration: duration, fromCurrentState: true)
            ])
        var early = Machine(plan: plan, duration: duration)
        _ = early.entryRequested(now: .seconds(1))
        #expect(
            early.exitRequested(now: .zero) == [
                .animate(id(2), to: plan.frame(at: 0), duration: .zero, fromCurrentState: true)
            ])
    }

    @Test func aZeroDurationStillEndsThroughTheCompletion() {
        var m = Machine(plan: plan, duration: .seconds(-1))
        #expect(m.duration == .zero)
        #expect(
            m.entryRequested(now: .zero).last
                == .animate(id(1), to: .identity, duration: .zero, fromCurrentState: false))
        #expect(
            m.exitRequested(now: .zero) == [
                .animate(id(2), to: plan.frame(at: 0), duration: .zero, fromCurrentState: true)
            ])
    }
}
