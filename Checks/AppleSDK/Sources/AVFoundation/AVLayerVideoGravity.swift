/// Stand-in for `AVLayerVideoGravity` (`typedef NSString * AVLayerVideoGravity NS_STRING_ENUM` in AVAnimation.h),
/// imported as a `Sendable` string-backed struct. Only the two values the shell sets are declared.
/// https://developer.apple.com/documentation/avfoundation/avlayervideogravity
@available(iOS 4.0, macOS 10.7, tvOS 9.0, watchOS 1.0, visionOS 1.0, *)
public struct AVLayerVideoGravity: Hashable, RawRepresentable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// `AVLayerVideoGravityResizeAspect`: the whole picture, letterboxed.
    /// https://developer.apple.com/documentation/avfoundation/avlayervideogravity/resizeaspect
    public static let resizeAspect = AVLayerVideoGravity(rawValue: "AVLayerVideoGravityResizeAspect")

    /// `AVLayerVideoGravityResizeAspectFill`: fills the bounds, cropped.
    /// https://developer.apple.com/documentation/avfoundation/avlayervideogravity/resizeaspectfill
    public static let resizeAspectFill = AVLayerVideoGravity(rawValue: "AVLayerVideoGravityResizeAspectFill")
}
