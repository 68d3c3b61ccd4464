/// Every way a ``TransitionPlan`` can refuse its geometry.
///
/// When several apply, ``nonFinite`` wins over ``emptyRect``, which wins over ``emptyVideoSize``: a NaN
/// compares false with everything, so checking finiteness first keeps the other answers meaningful.
public enum TransitionError: Error, Hashable, Sendable {
    /// The source or destination rect has a zero or negative width or height.
    case emptyRect
    /// The video size has a zero or negative width or height.
    case emptyVideoSize
    /// A coordinate or size is NaN or infinite, or the geometry is so extreme that a transform derived from
    /// it would not be finite (or would scale by zero).
    case nonFinite
}

extension TransitionError: CustomStringConvertible {
    /// A sentence for logs and alerts.
    public var description: String {
        switch self {
        case .emptyRect: "the source or destination rect is empty"
        case .emptyVideoSize: "the video size is empty"
        case .nonFinite: "the transition geometry is not finite"
        }
    }
}
