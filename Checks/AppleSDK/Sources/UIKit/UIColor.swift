import Foundation

/// Stand-in for `UIColor`: `NS_SWIFT_SENDABLE` and no actor annotation in UIColor.h (iOS 2.0, watchOS 2.0), so
/// `Sendable`; `@unchecked` only because a stand-in class cannot prove it.
/// https://developer.apple.com/documentation/uikit/uicolor
@available(iOS 2.0, tvOS 9.0, watchOS 2.0, visionOS 1.0, *)
open class UIColor: NSObject, @unchecked Sendable {
    /// `@property(class, nonatomic, readonly) UIColor *blackColor;`
    /// https://developer.apple.com/documentation/uikit/uicolor/black
    open class var black: UIColor { UIColor() }
}
