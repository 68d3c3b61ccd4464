/// A width and a height, in points.
///
/// The same meaning as `CGSize`, kept free of Core Graphics so the transition geometry builds and tests
/// on every platform.
public struct Size: Hashable, Sendable {
    /// The horizontal extent.
    public var width: Double
    /// The vertical extent.
    public var height: Double

    /// Creates a size.
    /// - Parameters:
    ///   - width: The horizontal extent.
    ///   - height: The vertical extent.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// The size whose width and height are both zero.
    public static let zero = Size(width: 0, height: 0)

    /// Whether the width and the height are both finite: neither NaN nor infinite.
    public var isFinite: Bool {
        width.isFinite && height.isFinite
    }
}
