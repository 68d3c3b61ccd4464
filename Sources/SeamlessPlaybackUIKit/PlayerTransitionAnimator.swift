#if canImport(UIKit) && !os(watchOS)
import SeamlessPlayback
import UIKit

/// Runs a ``SeamlessPlayback/TransitionPlan`` on a player's host view the seed's way: the view sits at its
/// final frame from the first moment, so the live layer is already in its destination and no snapshot is
/// ever shown; its `transform` (scale and translation) and its mask view's `transform` are animated.
///
/// ``enter()`` runs the plan, ``exit()`` runs it reversed (the way back), and either one called while the
/// other runs turns the animation round from where the view is. ``interrupt()`` stops it and leaves the view
/// with identity transforms and no mask. Every decision is made by a pure state machine tested on every
/// platform; this class only makes the UIKit calls.
///
/// ```swift
/// let animator = PlayerTransitionAnimator(view: hostView, plan: plan)
/// animator.enter()          // in the detail page's viewWillAppear, after surfaces.show(...)
/// animator.exit()           // when the page closes
/// ```
@MainActor
public final class PlayerTransitionAnimator {
    private let view: UIView
    private let maskView = UIView(frame: .zero)
    private var machine: TransitionAnimationStateMachine
    private let onFinish: (TransitionDirection) -> Void
    private let clock = ContinuousClock()
    private let origin: ContinuousClock.Instant

    /// Creates an animator for one view and one plan.
    /// - Parameters:
    ///   - view: The player's host view, in the superview whose coordinates the plan uses.
    ///   - plan: The entry's plan; the exit runs it reversed.
    ///   - duration: How long a whole entry or exit takes. Defaults to 0.35 s.
    ///   - onFinish: Called when an entry or exit runs to its end (not when turned round or interrupted).
    public init(
        view: UIView, plan: TransitionPlan, duration: Duration = .milliseconds(350),
        onFinish: @escaping (TransitionDirection) -> Void = { _ in }
    ) {
        self.view = view
        machine = TransitionAnimationStateMachine(plan: plan, duration: duration)
        self.onFinish = onFinish
        origin = clock.now
        maskView.backgroundColor = .black
    }

    /// Runs the entry: from the source's look to the view's own frame.
    public func enter() {
        perform(machine.entryRequested(now: origin.duration(to: clock.now)))
    }

    /// Runs the exit: from the view's own frame back to the source's look.
    public func exit() {
        perform(machine.exitRequested(now: origin.duration(to: clock.now)))
    }

    /// Stops any animation and leaves the view with identity transforms and no mask.
    public func interrupt() {
        perform(machine.interruptRequested())
    }

    private func perform(_ actions: [TransitionAnimationStateMachine.Action]) {
        for action in actions {
            switch action {
            case .prepare(let destination):
                UIView.performWithoutAnimation {
                    view.frame = CGRect(destination)
                    maskView.frame = view.bounds
                    view.mask = maskView
                }
            case .set(let frame):
                UIView.performWithoutAnimation { show(frame) }
            case .animate(let id, let frame, let duration, let fromCurrentState):
                UIView.animate(
                    withDuration: duration / .seconds(1), delay: 0,
                    options: fromCurrentState ? [.beginFromCurrentState] : [],
                    animations: { self.show(frame) },
                    completion: { finished in
                        // UIKit calls it on the main thread; said so, it also compiles where the completion is
                        // imported as `@Sendable`.
                        MainActor.assumeIsolated { self.perform(self.machine.animationEnded(id, finished: finished)) }
                    })
            case .stopAnimations:
                view.layer.removeAllAnimations()
                maskView.layer.removeAllAnimations()
            case .removeMask:
                view.mask = nil
            case .finished(let direction):
                onFinish(direction)
            }
        }
    }

    private func show(_ frame: TransitionFrame) {
        view.transform = CGAffineTransform(frame.viewTransform)
        maskView.transform = CGAffineTransform(frame.maskTransform)
    }
}
#endif
