import CoreGraphics
import Foundation

/// Stand-in for `UIScrollView`: a `UIView` subclass, main-actor isolated like every UIKit view (`NS_SWIFT_UI_ACTOR`
/// in UIScrollView.h of the iOS 18.0 SDK), iOS 2.0, unavailable on watchOS. Only the members the shells use; the
/// viewport is the inherited `bounds` (its origin is `contentOffset`).
/// https://developer.apple.com/documentation/uikit/uiscrollview
@MainActor
@available(iOS 2.0, tvOS 9.0, visionOS 1.0, *)
@available(watchOS, unavailable)
open class UIScrollView: UIView {
    /// `@property(nonatomic,readonly,getter=isDragging) BOOL dragging;` (UIScrollView.h)
    /// https://developer.apple.com/documentation/uikit/uiscrollview/isdragging
    open var isDragging: Bool { false }

    /// `@property(nonatomic,readonly,getter=isDecelerating) BOOL decelerating;` (UIScrollView.h)
    /// https://developer.apple.com/documentation/uikit/uiscrollview/isdecelerating
    open var isDecelerating: Bool { false }
}
