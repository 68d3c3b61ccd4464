#if canImport(CoreGraphics)
import CoreGraphics

// Conversions between the transition geometry and Core Graphics, for apps that hand the plan to UIKit or
// Core Animation. Each pair round-trips exactly where `CGFloat` is a `Double`.
//
// Apple SDKs also declare `Point` and `Rect` (MacTypes.h) and Foundation declares `AffineTransform`, so a file
// that imports them and this module must spell ours `SeamlessPlayback.Rect`; the plan initializer below lets
// app code pass `CGRect`s and never name our types at all.

extension TransitionPlan {
    /// Plans a transition from Core Graphics geometry, such as two `UIView.frame`s and a video's
    /// `presentationSize`, exactly as the initializer taking ``Rect``s does.
    /// - Parameters:
    ///   - source: Where the video is shown now.
    ///   - sourceMode: How the video is laid out there.
    ///   - destination: The player view's final frame.
    ///   - destinationMode: How the video is laid out there.
    ///   - videoSize: The natural size of the video.
    /// - Throws: The same ``TransitionError``s as the initializer taking ``Rect``s.
    public init(
        from source: CGRect,
        mode sourceMode: ContentMode,
        to destination: CGRect,
        mode destinationMode: ContentMode,
        videoSize: CGSize
    ) throws(TransitionError) {
        try self.init(
            from: Rect(source),
            mode: sourceMode,
            to: Rect(destination),
            mode: destinationMode,
            videoSize: Size(videoSize)
        )
    }
}

extension Size {
    /// Creates a size from a Core Graphics size.
    /// - Parameter size: The size to convert.
    public init(_ size: CGSize) {
        self.init(width: Double(size.width), height: Double(size.height))
    }
}

extension CGSize {
    /// Creates a Core Graphics size from a ``Size``.
    /// - Parameter size: The size to convert.
    public init(_ size: Size) {
        self.init(width: CGFloat(size.width), height: CGFloat(size.height))
    }
}

extension Point {
    /// Creates a point from a Core Graphics point.
    /// - Parameter point: The point to convert.
    public init(_ point: CGPoint) {
        self.init(x: Double(point.x), y: Double(point.y))
    }
}

extension CGPoint {
    /// Creates a Core Graphics point from a ``Point``.
    /// - Parameter point: The point to convert.
    public init(_ point: Point) {
        self.init(x: CGFloat(point.x), y: CGFloat(point.y))
    }
}

extension Rect {
    /// Creates a rect from a Core Graphics rect, keeping its origin and size as they are.
    /// - Parameter rect: The rect to convert.
    public init(_ rect: CGRect) {
        self.init(origin: Point(rect.origin), size: Size(rect.size))
    }
}

extension CGRect {
    /// Creates a Core Graphics rect from a ``Rect``, keeping its origin and size as they are.
    /// - Parameter rect: The rect to convert.
    public init(_ rect: Rect) {
        self.init(origin: CGPoint(rect.origin), size: CGSize(rect.size))
    }
}

extension AffineTransform {
    /// Creates a transform from a Core Graphics transform; the components mean the same.
    /// - Parameter transform: The transform to convert.
    public init(_ transform: CGAffineTransform) {
        self.init(
            a: Double(transform.a), b: Double(transform.b),
            c: Double(transform.c), d: Double(transform.d),
            tx: Double(transform.tx), ty: Double(transform.ty)
        )
    }
}

extension CGAffineTransform {
    /// Creates a Core Graphics transform from an ``AffineTransform``, ready for `UIView.transform`.
    /// - Parameter transform: The transform to convert.
    public init(_ transform: AffineTransform) {
        self.init(
            a: CGFloat(transform.a), b: CGFloat(transform.b),
            c: CGFloat(transform.c), d: CGFloat(transform.d),
            tx: CGFloat(transform.tx), ty: CGFloat(transform.ty)
        )
    }
}
#endif
