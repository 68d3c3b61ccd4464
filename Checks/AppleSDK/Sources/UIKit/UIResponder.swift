import Foundation

/// Stand-in for `UIResponder`, only as `UIView`'s superclass: main-actor isolated (`NS_SWIFT_UI_ACTOR` in
/// UIResponder.h), iOS 2.0.
/// https://developer.apple.com/documentation/uikit/uiresponder
@MainActor
@available(iOS 2.0, tvOS 9.0, visionOS 1.0, *)
open class UIResponder: NSObject {
    /// https://developer.apple.com/documentation/uikit/uiresponder/init()
    override public init() { super.init() }
}
