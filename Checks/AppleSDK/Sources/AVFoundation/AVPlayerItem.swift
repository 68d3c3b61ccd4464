import AVFoundationEnums
import Foundation

/// Stand-in for `AVPlayerItem`: main-actor isolated (`NS_SWIFT_UI_ACTOR` in AVPlayerItem.h); `init()` is
/// unavailable (`AV_INIT_UNAVAILABLE`), so an item is made from a URL. Read against
/// `iPhoneOS18.0.sdk/System/Library/Frameworks/AVFoundation.framework/Headers/AVPlayerItem.h`
/// (xiangfeidexiaohuo/iOS-SDKs), whose note says its notifications may be posted on another thread than the observer's.
/// https://developer.apple.com/documentation/avfoundation/avplayeritem (header: AVFoundation/AVPlayerItem.h)
@MainActor
@available(iOS 4.0, macOS 10.7, tvOS 9.0, watchOS 1.0, visionOS 1.0, *)
open class AVPlayerItem: NSObject {
    /// `AVPlayerItemStatus`: `NS_ENUM(NSInteger)` with unknown = 0, readyToPlay = 1, failed = 2, imported as a
    /// non-frozen enum; declared in `AVFoundationEnums`, built with library evolution, so that a `switch` over it needs
    /// `@unknown default` here as on iOS (`Checks/MustNotCompile/StatusSwitch.swift`).
    /// https://developer.apple.com/documentation/avfoundation/avplayeritem/status-swift.enum
    public typealias Status = AVPlayerItemStatus

    /// `- (instancetype)initWithURL:(NSURL *)URL NS_SWIFT_NONISOLATED;`
    /// https://developer.apple.com/documentation/avfoundation/avplayeritem/init(url:)
    nonisolated public init(url URL: URL) { super.init() }

    /// `- (instancetype)initWithAsset:(AVAsset *)asset;`: main-actor isolated, as the header's note says ("because
    /// AVAsset is not Sendable"; the SDK's nonisolated overload for `AVURLAsset` is not declared here).
    /// https://developer.apple.com/documentation/avfoundation/avplayeritem/init(asset:)
    public init(asset: AVAsset) { super.init() }

    /// `@property (readonly) AVPlayerItemStatus status NS_SWIFT_NONISOLATED;` (key-value observable)
    /// https://developer.apple.com/documentation/avfoundation/avplayeritem/status-swift.property
    nonisolated open var status: Status { .unknown }

    /// `@property (readonly, nullable) NSError *error NS_SWIFT_NONISOLATED;`
    /// https://developer.apple.com/documentation/avfoundation/avplayeritem/error
    nonisolated open var error: (any Error)? { nil }

    /// `@property (readonly) CMTime duration API_AVAILABLE(ios(4.3) …) NS_SWIFT_NONISOLATED;` (key-value observable):
    /// `kCMTimeIndefinite` until the duration is loaded, and for a live stream.
    /// https://developer.apple.com/documentation/avfoundation/avplayeritem/duration
    @available(iOS 4.3, macOS 10.7, tvOS 9.0, watchOS 1.0, visionOS 1.0, *)
    nonisolated open var duration: CMTime { CMTime() }

    /// `@property (readonly) BOOL canPlayFastForward NS_SWIFT_NONISOLATED API_AVAILABLE(macos(10.8), ios(5.0),
    /// tvos(9.0), watchos(1.0), visionos(1.0));` (AVPlayerItem.h, `AVPlayerItemRateAndSteppingSupport`, iOS 18 SDK):
    /// every item ready to play plays at 1.0–2.0; this says whether it plays above 2.0.
    /// https://developer.apple.com/documentation/avfoundation/avplayeritem/canplayfastforward
    @available(iOS 5.0, macOS 10.8, tvOS 9.0, watchOS 1.0, visionOS 1.0, *)
    nonisolated open var canPlayFastForward: Bool { false }

    /// `@property (readonly) BOOL canPlaySlowForward NS_SWIFT_NONISOLATED API_AVAILABLE(macos(10.8), ios(6.0),
    /// tvos(9.0), watchos(1.0), visionos(1.0));` (AVPlayerItem.h): whether the item plays at rates between 0.0 and 1.0.
    /// https://developer.apple.com/documentation/avfoundation/avplayeritem/canplayslowforward
    @available(iOS 6.0, macOS 10.8, tvOS 9.0, watchOS 1.0, visionOS 1.0, *)
    nonisolated open var canPlaySlowForward: Bool { false }

    /// `@property (readonly, getter=isPlaybackLikelyToKeepUp) BOOL playbackLikelyToKeepUp NS_SWIFT_NONISOLATED;`
    /// (AVPlayerItem.h, category `AVPlayerItemPlayability`, iOS 18.0 SDK, xiangfeidexiaohuo/iOS-SDKs): a prediction
    /// that the item will play through without stalling; key-value observable.
    /// https://developer.apple.com/documentation/avfoundation/avplayeritem/isplaybacklikelytokeepup
    nonisolated open var isPlaybackLikelyToKeepUp: Bool { false }

    /// `@property (readonly) NSArray<NSValue *> *loadedTimeRanges NS_SWIFT_NONISOLATED;` (AVPlayerItem.h, category
    /// `AVPlayerItemPlayability`, iOS 18.0 SDK): the time ranges whose media data the player has readily available,
    /// possibly discontinuous, each an `NSValue` holding a `CMTimeRange`; key-value observable.
    /// https://developer.apple.com/documentation/avfoundation/avplayeritem/loadedtimeranges
    nonisolated open var loadedTimeRanges: [NSValue] { [] }

    /// `@property NSTimeInterval preferredForwardBufferDuration NS_SWIFT_NONISOLATED API_AVAILABLE(macos(10.12),
    /// ios(10.0), tvos(10.0), watchos(3.0), visionos(1.0));` (AVPlayerItem.h, category `AVPlayerItemPlayability`, iOS
    /// 18.0 SDK, xiangfeidexiaohuo/iOS-SDKs): the media duration, in seconds, the caller prefers the player to buffer
    /// from the network ahead of the playhead; 0 lets the player choose, and the system may buffer less.
    /// https://developer.apple.com/documentation/avfoundation/avplayeritem/preferredforwardbufferduration
    @available(iOS 10.0, macOS 10.12, tvOS 10.0, watchOS 3.0, visionOS 1.0, *)
    nonisolated open var preferredForwardBufferDuration: TimeInterval {
        get { 0 }
        set {}
    }

    /// `- (nullable AVPlayerItemErrorLog *)errorLog NS_SWIFT_NONISOLATED API_AVAILABLE(ios(4.3) …);`
    /// https://developer.apple.com/documentation/avfoundation/avplayeritem/errorlog()
    @available(iOS 4.3, macOS 10.7, tvOS 9.0, watchOS 1.0, visionOS 1.0, *)
    nonisolated open func errorLog() -> AVPlayerItemErrorLog? { nil }
}

/// The item notifications the shell observes: global `NSNotificationName` constants in AVPlayerItem.h, which
/// Swift imports as class constants of `AVPlayerItem` (not isolated: they are not members of the class's
/// `@interface`). Apple documents that they may arrive on a thread other than the observer's.
extension AVPlayerItem {
    /// `AVPlayerItemDidPlayToEndTimeNotification`, `API_AVAILABLE(ios(4.0) …)`; the object is the item.
    /// https://developer.apple.com/documentation/avfoundation/avplayeritem/didplaytoendtimenotification
    @available(iOS 4.0, macOS 10.7, tvOS 9.0, watchOS 1.0, visionOS 1.0, *)
    nonisolated public static let didPlayToEndTimeNotification = NSNotification.Name(
        "AVPlayerItemDidPlayToEndTimeNotification"
    )

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
