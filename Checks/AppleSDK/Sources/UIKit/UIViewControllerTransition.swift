import Foundation

extension UIViewController {
    /// Stand-in for `UIViewControllerTransition`, `NS_SWIFT_NAME(UIViewController.Transition)` (iOS 18.0,
    /// unavailable on watchOS): no actor annotation, not `Sendable` (UIViewControllerTransition.h, inside
    /// `NS_HEADER_AUDIT_BEGIN(nullability, sendability)`). `final` here only so that the stand-in can return `Self`;
    /// its `init` is `NS_UNAVAILABLE`, so apps never make one but through the factory methods.
    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/transition
    @available(iOS 18.0, tvOS 18.0, visionOS 2.0, *)
    @available(watchOS, unavailable)
    public final class Transition: NSObject {
        override fileprivate init() { super.init() }

        /// `+ zoomWithOptions:sourceViewProvider: NS_REFINED_FOR_SWIFT`, refined in Swift as
        /// `static func zoom(options: UIViewController.Transition.ZoomOptions? = nil,
        /// sourceViewProvider: @escaping (UIViewController.Transition.ZoomSourceViewProviderContext) -> UIView?) -> Self`.
        /// https://developer.apple.com/documentation/uikit/uiviewcontroller/transition/zoom(options:sourceviewprovider:)
        public static func zoom(
            options: UIViewController.Transition.ZoomOptions? = nil,
            sourceViewProvider: @escaping (UIViewController.Transition.ZoomSourceViewProviderContext) -> UIView?
        ) -> Self {
            Self()
        }
    }
}

@available(iOS 18.0, tvOS 18.0, visionOS 2.0, *)
@available(watchOS, unavailable)
extension UIViewController.Transition {
    /// Stand-in for `UIZoomTransitionOptions` (UIZoomTransitionOptions.h); no member is used.
    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/transition/zoomoptions
    open class ZoomOptions: NSObject {}

    /// Stand-in for `UIZoomTransitionSourceViewProviderContext`,
    /// `NS_SWIFT_NAME(UIViewControllerTransition.ZoomSourceViewProviderContext)`; no member is used.
    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/transition/zoomsourceviewprovidercontext
    open class ZoomSourceViewProviderContext: NSObject {}
}
