import Foundation

/// Stand-in for `UIApplication`: main-actor isolated (`UIKIT_EXTERN API_AVAILABLE(ios(2.0)) API_UNAVAILABLE(watchos)
/// NS_SWIFT_UI_ACTOR` in UIApplication.h, iPhoneOS18.0.sdk, xiangfeidexiaohuo/iOS-SDKs). Only the two notifications
/// the shell observes are declared: the shell never touches the application object itself (its `shared` is
/// unavailable in app extensions).
/// https://developer.apple.com/documentation/uikit/uiapplication
@MainActor
@available(iOS 2.0, tvOS 9.0, visionOS 1.0, *)
@available(watchOS, unavailable)
open class UIApplication: UIResponder {
    /// `UIKIT_EXTERN NSNotificationName const UIApplicationDidEnterBackgroundNotification API_AVAILABLE(ios(4.0))
    /// API_UNAVAILABLE(watchos) NS_SWIFT_NONISOLATED;` posted after the delegate's `applicationDidEnterBackground(_:)`.
    /// https://developer.apple.com/documentation/uikit/uiapplication/didenterbackgroundnotification
    @available(iOS 4.0, tvOS 9.0, visionOS 1.0, *)
    nonisolated public static let didEnterBackgroundNotification = NSNotification.Name(
        "UIApplicationDidEnterBackgroundNotification"
    )

    /// `UIKIT_EXTERN NSNotificationName const UIApplicationWillEnterForegroundNotification API_AVAILABLE(ios(4.0))
    /// API_UNAVAILABLE(watchos) NS_SWIFT_NONISOLATED;` posted after the delegate's
    /// `applicationWillEnterForeground(_:)`.
    /// https://developer.apple.com/documentation/uikit/uiapplication/willenterforegroundnotification
    @available(iOS 4.0, tvOS 9.0, visionOS 1.0, *)
    nonisolated public static let willEnterForegroundNotification = NSNotification.Name(
        "UIApplicationWillEnterForegroundNotification"
    )
}
