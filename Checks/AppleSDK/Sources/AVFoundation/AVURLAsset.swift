import Foundation

/// Stand-in for `AVAsset`: `API_AVAILABLE(macos(10.7), ios(4.0), tvos(9.0), watchos(1.0), visionos(1.0))
/// @interface AVAsset : NSObject <NSCopying, AVAsynchronousKeyValueLoading>`, no actor, not `Sendable` (which is why
/// `AVPlayerItem.init(asset:)` is main-actor isolated). Read against
/// `iPhoneOS18.0.sdk/System/Library/Frameworks/AVFoundation.framework/Headers/AVAsset.h` (xiangfeidexiaohuo/iOS-SDKs).
/// https://developer.apple.com/documentation/avfoundation/avasset
@available(iOS 4.0, macOS 10.7, tvOS 9.0, watchOS 1.0, visionOS 1.0, *)
open class AVAsset: NSObject {}

/// Stand-in for `AVURLAsset`: `NS_SWIFT_SENDABLE API_AVAILABLE(… ios(4.0) …) @interface AVURLAsset : AVAsset`,
/// `AV_INIT_UNAVAILABLE` (AVAsset.h, iOS 18.0 SDK).
/// https://developer.apple.com/documentation/avfoundation/avurlasset
@available(iOS 4.0, macOS 10.7, tvOS 9.0, watchOS 1.0, visionOS 1.0, *)
open class AVURLAsset: AVAsset, @unchecked Sendable {
    /// `- (instancetype)initWithURL:(NSURL *)URL options:(nullable NSDictionary<NSString *, id> *)options
    /// NS_DESIGNATED_INITIALIZER;`
    /// https://developer.apple.com/documentation/avfoundation/avurlasset/init(url:options:)
    public init(url URL: URL, options: [String: Any]? = nil) { super.init() }

    /// `@property (nonatomic, readonly) AVAssetResourceLoader *resourceLoader API_AVAILABLE(macos(10.9), ios(6.0),
    /// tvos(9.0), visionos(1.0)) API_UNAVAILABLE(watchos);` (category `AVURLAssetURLHandling`): file URLs are never
    /// mediated by it.
    /// https://developer.apple.com/documentation/avfoundation/avurlasset/resourceloader
    @available(iOS 6.0, macOS 10.9, tvOS 9.0, visionOS 1.0, *)
    @available(watchOS, unavailable)
    open var resourceLoader: AVAssetResourceLoader { AVAssetResourceLoader() }
}
