/// Stand-in for Core Graphics' `CGAffineTransform`: a C struct of six `CGFloat`s (CGAffineTransform.h),
/// imported as a `Sendable` value type. Only its components and its memberwise initializer are declared.
/// https://developer.apple.com/documentation/coregraphics/cgaffinetransform
@available(iOS 2.0, macOS 10.0, tvOS 9.0, watchOS 1.0, visionOS 1.0, *)
public struct CGAffineTransform: Sendable {
    /// https://developer.apple.com/documentation/coregraphics/cgaffinetransform/a
    public var a: CGFloat
    /// https://developer.apple.com/documentation/coregraphics/cgaffinetransform/b
    public var b: CGFloat
    /// https://developer.apple.com/documentation/coregraphics/cgaffinetransform/c
    public var c: CGFloat
    /// https://developer.apple.com/documentation/coregraphics/cgaffinetransform/d
    public var d: CGFloat
    /// https://developer.apple.com/documentation/coregraphics/cgaffinetransform/tx
    public var tx: CGFloat
    /// https://developer.apple.com/documentation/coregraphics/cgaffinetransform/ty
    public var ty: CGFloat

    /// The C struct's memberwise initializer.
    /// https://developer.apple.com/documentation/coregraphics/cgaffinetransform/init(a:b:c:d:tx:ty:)
    public init(a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat) {
        self.a = a
        self.b = b
        self.c = c
        self.d = d
        self.tx = tx
        self.ty = ty
    }
}
