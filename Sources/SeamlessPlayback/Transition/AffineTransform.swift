/// A two-dimensional affine transform, with the same meaning and layout as `CGAffineTransform`.
///
/// A point `(x, y)` maps to `(a·x + c·y + tx, b·x + d·y + ty)`. Set as a view's transform, it applies about the
/// view's centre, as `UIView.transform` does; ``Rect/applying(_:about:)`` reproduces that.
public struct AffineTransform: Hashable, Sendable {
    /// The horizontal scale (and rotation) component.
    public var a: Double
    /// The vertical shear (and rotation) component.
    public var b: Double
    /// The horizontal shear (and rotation) component.
    public var c: Double
    /// The vertical scale (and rotation) component.
    public var d: Double
    /// The horizontal translation.
    public var tx: Double
    /// The vertical translation.
    public var ty: Double

    /// The transform that leaves every point where it is.
    public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// Creates a transform from its six components.
    /// - Parameters:
    ///   - a: The horizontal scale component.
    ///   - b: The vertical shear component.
    ///   - c: The horizontal shear component.
    ///   - d: The vertical scale component.
    ///   - tx: The horizontal translation.
    ///   - ty: The vertical translation.
    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a
        self.b = b
        self.c = c
        self.d = d
        self.tx = tx
        self.ty = ty
    }

    /// Creates a transform that scales each axis, with no translation.
    /// - Parameters:
    ///   - sx: The horizontal scale factor.
    ///   - sy: The vertical scale factor.
    public init(scaleX sx: Double, y sy: Double) {
        self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }

    /// Creates a transform that only translates.
    /// - Parameters:
    ///   - tx: The horizontal translation.
    ///   - ty: The vertical translation.
    public init(translationX tx: Double, y ty: Double) {
        self.init(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty)
    }

    /// Whether this is exactly ``identity``.
    public var isIdentity: Bool {
        self == .identity
    }

    /// Whether all six components are finite: neither NaN nor infinite.
    public var isFinite: Bool {
        a.isFinite && b.isFinite && c.isFinite && d.isFinite && tx.isFinite && ty.isFinite
    }

    /// The transform that applies `self` first and then `other`, as `CGAffineTransform.concatenating(_:)` does.
    ///
    /// - Parameter other: The transform applied after this one.
    /// - Returns: The combined transform; `p.applying(t1.concatenating(t2))` equals
    ///   `p.applying(t1).applying(t2)` up to rounding.
    public func concatenating(_ other: AffineTransform) -> AffineTransform {
        AffineTransform(
            a: a * other.a + b * other.c,
            b: a * other.b + b * other.d,
            c: c * other.a + d * other.c,
            d: c * other.b + d * other.d,
            tx: tx * other.a + ty * other.c + other.tx,
            ty: tx * other.b + ty * other.d + other.ty
        )
    }

    /// Each component moved linearly towards `end`; `fraction` is not clamped.
    func interpolated(to end: AffineTransform, fraction: Double) -> AffineTransform {
        func mix(_ start: Double, _ end: Double) -> Double {
            start + (end - start) * fraction
        }
        return AffineTransform(
            a: mix(a, end.a),
            b: mix(b, end.b),
            c: mix(c, end.c),
            d: mix(d, end.d),
            tx: mix(tx, end.tx),
            ty: mix(ty, end.ty)
        )
    }
}
