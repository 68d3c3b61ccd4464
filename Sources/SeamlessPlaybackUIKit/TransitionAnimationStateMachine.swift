import SeamlessPlayback

/// Decides what a ``PlayerTransitionAnimator`` does to its view, and when: pure, synchronous, compiled and
/// tested on every platform. The animator only carries out its actions with UIKit.
///
/// The seed's way: the view is placed at its final frame (the plan's destination) at once, with a mask view
/// inside it; the entry sets the plan's transforms at progress 0 without animation and animates them to
/// progress 1 (the identity); the exit animates from the identity back to progress 0 (the plan reversed).
///
/// States and their moves:
/// - `idle`: the animator has left nothing on the view (identity transforms, no mask). → `running` (entry or exit).
/// - `running(id, direction, from, startedAt)`: one animation in flight. → `running` of the other direction
///   (a reversal, from where the view is now), `entered`, `exited`, or `idle` (interrupted).
/// - `entered`: the entry finished; identity, no mask. → `running(exit)`, `idle` (interrupt: nothing to undo).
/// - `exited`: the exit finished; the view keeps the source's look until it goes away. → `running(entry)`,
///   `idle` (interrupt: transforms back to the identity, mask removed).
///
/// Every animation has an ID; a completion that does not carry the running animation's ID (one that was
/// reversed or interrupted) changes nothing. Progress is estimated from time, linearly, only to choose the
/// length of a reversal: a reversal at estimated progress `p` takes `p × duration` (or `(1 − p) × duration`).
struct TransitionAnimationStateMachine: Sendable {
    /// Names one animation, so that its completion can be told from a later one's.
    struct AnimationID: Hashable, Sendable {
        let value: UInt64
    }

    /// What the animator must do, in order.
    enum Action: Hashable, Sendable {
        /// Set the view's frame to the rect and put a mask view filling its bounds inside it.
        case prepare(destination: Rect)
        /// Set both transforms now, without animation.
        case set(TransitionFrame)
        /// Animate both transforms to the frame. With `fromCurrentState`, start from what is on screen now.
        case animate(AnimationID, to: TransitionFrame, duration: Duration, fromCurrentState: Bool)
        /// Remove the animations in flight on the view and its mask (their completions report unfinished).
        case stopAnimations
        /// Take the mask view out of the view.
        case removeMask
        /// Tell the caller that a transition ran to its end.
        case finished(TransitionDirection)
    }

    enum State: Hashable, Sendable {
        case idle
        /// `from` is the entry progress (0: the source's look, 1: identity) when the animation started.
        case running(AnimationID, TransitionDirection, from: Double, startedAt: Duration)
        case entered
        case exited
    }

    /// The entry's plan; the exit runs it reversed.
    let plan: TransitionPlan
    /// How long a whole entry or exit takes.
    let duration: Duration
    private(set) var state = State.idle
    private var lastID: UInt64 = 0

    /// - Parameters:
    ///   - plan: The entry's plan.
    ///   - duration: How long a whole entry or exit takes; negative counts as zero.
    init(plan: TransitionPlan, duration: Duration) {
        self.plan = plan
        self.duration = max(duration, .zero)
    }

    /// The caller asks for the entry.
    mutating func entryRequested(now: Duration) -> [Action] {
        switch state {
        case .idle, .exited:
            let wasExited = state == .exited
            let id = newID()
            state = .running(id, .entry, from: 0, startedAt: now)
            // After an exit the view still carries the source's transform; a frame set under a transform
            // other than the identity is undefined in UIKit, so the identity goes back first.
            return (wasExited ? [.set(plan.frame(at: 1))] : []) + [
                .prepare(destination: plan.destination), .set(plan.frame(at: 0)),
                .animate(id, to: plan.frame(at: 1), duration: duration, fromCurrentState: false),
            ]
        case .running(_, .exit, let from, let startedAt):
            return reverse(
                to: .entry, at: progress(from: from, direction: .exit, startedAt: startedAt, now: now),
                now: now)
        case .running(_, .entry, _, _), .entered:
            return []
        }
    }

    /// The caller asks for the exit, the way back.
    mutating func exitRequested(now: Duration) -> [Action] {
        let exit = plan.reversed()
        switch state {
        case .idle, .entered:
            let id = newID()
            state = .running(id, .exit, from: 1, startedAt: now)
            return [
                .prepare(destination: plan.destination), .set(exit.frame(at: 0)),
                .animate(id, to: exit.frame(at: 1), duration: duration, fromCurrentState: false),
            ]
        case .running(_, .entry, let from, let startedAt):
            return reverse(
                to: .exit, at: progress(from: from, direction: .entry, startedAt: startedAt, now: now),
                now: now)
        case .running(_, .exit, _, _), .exited:
            return []
        }
    }

    /// The caller stops the transition where it is: nothing is left on the view.
    mutating func interruptRequested() -> [Action] {
        switch state {
        case .idle, .entered:
            return []
        case .running, .exited:
            state = .idle
            return [.stopAnimations, .set(.identity), .removeMask]
        }
    }

    /// UIKit reports that an animation ended.
    /// - Parameters:
    ///   - id: The animation's ID.
    ///   - finished: Whether it ran to its end (`false` when it was removed or replaced).
    mutating func animationEnded(_ id: AnimationID, finished: Bool) -> [Action] {
        guard case .running(let running, let direction, _, _) = state, running == id else { return [] }
        guard finished else {
            // Removed by someone else (the view left the window): leave nothing behind.
            state = .idle
            return [.set(.identity), .removeMask]
        }
        switch direction {
        case .entry:
            state = .entered
            return [.removeMask, .finished(.entry)]
        case .exit:
            state = .exited
            return [.finished(.exit)]
        }
    }

    /// The entry progress now, estimated linearly from the time since the animation started.
    private func progress(from: Double, direction: TransitionDirection, startedAt: Duration, now: Duration) -> Double {
        guard duration > .zero else { return direction == .entry ? 1 : 0 }
        let moved = max(now - startedAt, .zero) / duration
        let progress = direction == .entry ? from + moved : from - moved
        return min(max(progress, 0), 1)
    }

    private mutating func reverse(to direction: TransitionDirection, at progress: Double, now: Duration) -> [Action] {
        let id = newID()
        state = .running(id, direction, from: progress, startedAt: now)
        let (target, remaining) =
            direction == .entry
            ? (plan.frame(at: 1), 1 - progress)
            : (plan.reversed().frame(at: 1), progress)
        return [.animate(id, to: target, duration: duration * remaining, fromCurrentState: true)]
    }

    private mutating func newID() -> AnimationID {
        lastID += 1
        return AnimationID(value: lastID)
    }
}
