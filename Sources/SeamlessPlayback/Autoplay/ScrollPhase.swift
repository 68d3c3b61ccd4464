/// Whether a feed's list is still or moving, for ``AutoplaySelector/visibilityChanged(_:phase:at:)``.
public enum ScrollPhase: Hashable, Sendable {
    /// The list is at rest: the best candidate starts at once.
    case idle
    /// The user's finger moves the list.
    case dragging
    /// The list moves on after the finger has left it (a fling).
    case decelerating
}
