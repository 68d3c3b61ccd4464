/// A location in a two-dimensional coordinate system, in points.
///
/// The same meaning as `CGPoint`.
public struct Point: Hashable, Sendable {
    /// The horizontal coordinate.
    public var x: Double
    /// The vertical coordinate.
    public var y: Double

    /// Creates a point.
    /// - Parameters:
    ///   - x: The horizontal coordinate.
    ///   - y: The vertical coordinate.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The origin of the coordinate system.
    public static let zero = Point(x: 0, y: 0)

    /// Whether both coordinates are finite: neither NaN nor infinite.
    public var isFinite: Bool {
        x.isFinite && y.isFinite
    }

    /// The point moved by an affine transform, as `CGPoint.applying(_:)` does.
    ///
    /// - Parameter transform: The transform to apply about the coordinate origin.
    /// - Returns: `(a·x + c·y + tx, b·x + d·y + ty)`.
    public func applying(_ transform: AffineTransform) -> Point {
        Point(
            x: transform.a * x + transform.c * y + transform.tx,
            y: transform.b * x + transform.d * y + transform.ty
        )
    }
}
