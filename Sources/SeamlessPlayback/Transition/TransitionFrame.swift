/// The transforms to set on the player view and on its mask view at one moment of a transition.
///
/// The player view keeps its destination frame throughout; ``viewTransform`` is its `UIView.transform`,
/// applied about its centre. The mask view fills the player view's bounds (`mask.frame = view.bounds`) and
/// ``maskTransform`` is the mask view's own transform, also applied about its centre, so on screen the mask
/// is moved by both.
public struct TransitionFrame: Hashable, Sendable {
    /// The player view's transform.
    public var viewTransform: AffineTransform
    /// The mask view's transform, inside the player view.
    public var maskTransform: AffineTransform

    /// Creates a frame from its two transforms.
    /// - Parameters:
    ///   - viewTransform: The player view's transform.
    ///   - maskTransform: The mask view's transform, inside the player view.
    public init(viewTransform: AffineTransform, maskTransform: AffineTransform) {
        self.viewTransform = viewTransform
        self.maskTransform = maskTransform
    }

    /// The frame in which neither view is transformed: the end of an entry, the start of an exit.
    public static let identity = TransitionFrame(viewTransform: .identity, maskTransform: .identity)

    /// Where the player view appears on screen.
    ///
    /// - Parameter frame: The player view's frame, the transition's destination.
    /// - Returns: `frame` moved by ``viewTransform`` about its centre; exactly `frame` when that is the identity.
    public func viewRect(placedAt frame: Rect) -> Rect {
        frame.applying(viewTransform, about: frame.center)
    }

    /// Where the mask, the window through which the player view shows, appears on screen.
    ///
    /// - Parameter frame: The player view's frame, the transition's destination.
    /// - Returns: `frame` moved by ``maskTransform`` and then ``viewTransform``, both about its centre.
    public func maskRect(placedAt frame: Rect) -> Rect {
        frame.applying(maskTransform.concatenating(viewTransform), about: frame.center)
    }
}
