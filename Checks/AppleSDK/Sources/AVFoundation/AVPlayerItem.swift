import Foundation

/// Stand-in for `AVPlayerItem`: main-actor isolated (`NS_SWIFT_UI_ACTOR` in AVPlayerItem.h); `init()` is
/// unavailable (`AV_INIT_UNAVAILABLE`), so an item is made from a URL.
/// https://developer.apple.com/documentation/avfoundation/avplayeritem (header: AVFoundation/AVPlayerItem.h)
@MainActor
@available(iOS 4.0, macOS 10.7, tvOS 9.0, watchOS 1.0, visionOS 1.0, *)
open class AVPlayerItem: NSObject {
    /// `AVPlayerItemStatus`: `NS_ENUM(NSInteger)` with unknown = 0, readyToPlay = 1, failed = 2.
    /// https://developer.apple.com/documentation/avfoundation/avplayeritem/status-swift.enum
    public enum Status: Int, Sendable {
        case unknown = 0
        case readyToPlay = 1
        case failed = 2
    }

    /// `- (instancetype)initWithURL:(NSURL *)URL NS_SWIFT_NONISOLATED;`
    /// https://developer.apple.com/documentation/avfoundation/avplayeritem/init(url:)
    nonisolated public init(url URL: URL) { super.init() }

    /// `@property (readonly) AVPlayerItemStatus status NS_SWIFT_NONISOLATED;` (key-value observable)
    /// https://developer.apple.com/documentation/avfoundation/avplayeritem/status-swift.property
    nonisolated open var status: Status { .unknown }

    /// `@property (readonly, nullable) NSError *error NS_SWIFT_NONISOLATED;`
    /// https://developer.apple.com/documentation/avfoundation/avplayeritem/error
    nonisolated open var error: (any Error)? { nil }

    /// `- (nullable AVPlayerItemErrorLog *)errorLog NS_SWIFT_NONISOLATED API_AVAILABLE(ios(4.3) …);`
    /// https://developer.apple.com/documentation/avfoundation/avplayeritem/errorlog()
    @available(iOS 4.3, macOS 10.7, tvOS 9.0, watchOS 1.0, visionOS 1.0, *)
    nonisolated open func errorLog() -> AVPlayerItemErrorLog? { nil }
}

/// The item notifications the shell observes: global `NSNotificationName` constants in AVPlayerItem.h, which
/// Swift imports as class constants of `AVPlayerItem` (not isolated: they are not members of the class's
/// `@interface`). Apple documents that they may arrive on a thread other than the observer's.
extension AVPlayerItem {
    /// `AVPlayerItemFailedToPlayToEndTimeNotification`, `API_AVAILABLE(ios(4.3) …)`; the object is the item.
    /// https://developer.apple.com/documentation/avfoundation/avplayeritem/failedtoplaytoendtimenotification
    @available(iOS 4.3, macOS 10.7, tvOS 9.0, watchOS 1.0, visionOS 1.0, *)
    nonisolated public static let failedToPlayToEndTimeNotification = NSNotification.Name(
        "AVPlayerItemFailedToPlayToEndTimeNotification"
    )

    /// `AVPlayerItemNewErrorLogEntryNotification`, `API_AVAILABLE(ios(6.0) …)`; the object is the item.
    /// https://developer.apple.com/documentation/avfoundation/avplayeritem/newerrorlogentrynotification
    @available(iOS 6.0, macOS 10.9, tvOS 9.0, watchOS 1.0, visionOS 1.0, *)
    nonisolated public static let newErrorLogEntryNotification = NSNotification.Name(
        "AVPlayerItemNewErrorLogEntryNotification"
    )
}

/// `AVPlayerItemFailedToPlayToEndTimeErrorKey`: the notification's `userInfo` key for its `NSError`.
/// https://developer.apple.com/documentation/avfoundation/avplayeritemfailedtoplaytoendtimeerrorkey
@available(iOS 4.3, macOS 10.7, tvOS 9.0, watchOS 1.0, visionOS 1.0, *)
public let AVPlayerItemFailedToPlayToEndTimeErrorKey = "AVPlayerItemFailedToPlayToEndTimeErrorKey"
