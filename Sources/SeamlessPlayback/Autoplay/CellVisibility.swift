/// How much of one feed cell is on screen, and how far its centre is from the viewport's, for
/// ``AutoplaySelector/visibilityChanged(_:phase:at:)``.
public struct CellVisibility: Hashable, Sendable {
    /// The cell's index in the feed.
    public var index: Int
    /// The share of the cell's area on screen, 0...1. NaN and values below 0 count as 0; values above 1 as 1.
    public var visibleFraction: Double
    /// The distance of the cell's centre from the viewport's centre, in points. Negative values count as 0; NaN
    /// counts as farther than any other.
    public var distanceFromCenter: Double

    /// Creates a cell's visibility.
    /// - Parameters:
    ///   - index: The cell's index in the feed.
    ///   - visibleFraction: The share of the cell's area on screen, 0...1.
    ///   - distanceFromCenter: The distance of the cell's centre from the viewport's centre, in points, ≥ 0.
    public init(index: Int, visibleFraction: Double, distanceFromCenter: Double) {
        self.index = index
        self.visibleFraction = visibleFraction
        self.distanceFromCenter = distanceFromCenter
    }

    /// The visible share as the selector reads it: within 0...1, NaN as 0.
    var share: Double { visibleFraction.isNaN ? 0 : min(max(visibleFraction, 0), 1) }

    /// The distance as the selector reads it: negative as 0, NaN as infinity.
    var distance: Double { distanceFromCenter.isNaN ? .infinity : max(distanceFromCenter, 0) }
}
