/// A rectangle: an origin and a size, in points.
///
/// The same meaning as `CGRect`. The edge accessors (``minX``, ``maxX``, ``width``, …) read the rect as
/// ``standardized``, as `CGRect`'s do, so a negative size still gives `minX <= maxX` and a non-negative width.
public struct Rect: Hashable, Sendable {
    /// The corner with the smallest coordinates, for a rect with a non-negative size.
    public var origin: Point
    /// The extent from ``origin``.
    public var size: Size

    /// Creates a rect from an origin and a size.
    /// - Parameters:
    ///   - origin: The corner with the smallest coordinates.
    ///   - size: The extent from `origin`.
    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    /// Creates a rect from its origin's coordinates and its size's extents.
    /// - Parameters:
    ///   - x: The origin's horizontal coordinate.
    ///   - y: The origin's vertical coordinate.
    ///   - width: The horizontal extent.
    ///   - height: The vertical extent.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    /// Creates a rect of the given size centred on a point.
    /// - Parameters:
    ///   - center: The point the rect is centred on.
    ///   - size: The rect's size.
    public init(center: Point, size: Size) {
        self.init(
            x: center.x - size.width / 2,
            y: center.y - size.height / 2,
            width: size.width,
            height: size.height
        )
    }

    /// The rect at the origin with a zero size.
    public static let zero = Rect(origin: .zero, size: .zero)

    /// The smallest horizontal coordinate.
    public var minX: Double { min(origin.x, origin.x + size.width) }
    /// The horizontal coordinate of the centre.
    public var midX: Double { origin.x + size.width / 2 }
    /// The largest horizontal coordinate.
    public var maxX: Double { max(origin.x, origin.x + size.width) }
    /// The smallest vertical coordinate.
    public var minY: Double { min(origin.y, origin.y + size.height) }
    /// The vertical coordinate of the centre.
    public var midY: Double { origin.y + size.height / 2 }
    /// The largest vertical coordinate.
    public var maxY: Double { max(origin.y, origin.y + size.height) }
    /// The horizontal extent, never negative.
    public var width: Double { abs(size.width) }
    /// The vertical extent, never negative.
    public var height: Double { abs(size.height) }

    /// The centre: ``midX``, ``midY``. A view's transform applies about this point.
    public var center: Point { Point(x: midX, y: midY) }

    /// The same rect with a non-negative width and height.
    public var standardized: Rect {
        Rect(x: minX, y: minY, width: width, height: height)
    }

    /// Whether the origin and the size are all finite: neither NaN nor infinite.
    public var isFinite: Bool {
        origin.isFinite && size.isFinite
    }

    /// The overlap of two rects.
    ///
    /// - Parameter other: The rect to intersect with.
    /// - Returns: The standardized overlap; `nil` when the rects are disjoint. Rects that only share an edge
    ///   give a rect of zero width or height.
    public func intersection(_ other: Rect) -> Rect? {
        let left = max(minX, other.minX)
        let right = min(maxX, other.maxX)
        let top = max(minY, other.minY)
        let bottom = min(maxY, other.maxY)
        guard left <= right, top <= bottom else { return nil }
        return Rect(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// The smallest rect that contains this rect's corners moved by a transform applied about the
    /// coordinate origin, as `CGRect.applying(_:)` does.
    ///
    /// - Parameter transform: The transform to apply.
    /// - Returns: The standardized bounding rect of the four moved corners.
    public func applying(_ transform: AffineTransform) -> Rect {
        applying(transform, about: .zero)
    }

    /// The smallest rect that contains this rect's corners moved by a transform applied about `anchor`.
    ///
    /// With `anchor` set to the rect's ``center`` this is where a view whose frame is this rect appears on
    /// screen when `transform` is its `UIView.transform`: each point `p` moves to
    /// `anchor + (p − anchor)·(a b; c d) + (tx, ty)`.
    ///
    /// - Parameters:
    ///   - transform: The transform to apply.
    ///   - anchor: The point the transform's scale and rotation are centred on.
    /// - Returns: The standardized bounding rect of the four moved corners; exactly `self` when `transform`
    ///   is ``AffineTransform/identity``, so a finished animation lands on the exact frame.
    public func applying(_ transform: AffineTransform, about anchor: Point) -> Rect {
        if transform.isIdentity { return self }
        var left = Double.infinity
        var right = -Double.infinity
        var top = Double.infinity
        var bottom = -Double.infinity
        for corner in [
            Point(x: minX, y: minY), Point(x: maxX, y: minY),
            Point(x: minX, y: maxY), Point(x: maxX, y: maxY),
        ] {
            let moved = Point(x: corner.x - anchor.x, y: corner.y - anchor.y).applying(transform)
            let x = moved.x + anchor.x
            let y = moved.y + anchor.y
            left = min(left, x)
            right = max(right, x)
            top = min(top, y)
            bottom = max(bottom, y)
        }
        return Rect(x: left, y: top, width: right - left, height: bottom - top)
    }
}
