import Foundation

/// Stand-in for `AVPlayer`: main-actor isolated (`NS_SWIFT_UI_ACTOR` in AVPlayer.h), with the members the
/// shell calls, each `nonisolated` where the iOS 18 header marks it `NS_SWIFT_NONISOLATED` (for `play`, `pause`
/// and `rate`-family members, when deploying to the 2022 releases or later, as iOS 18 is).
/// https://developer.apple.com/documentation/avfoundation/avplayer (header: AVFoundation/AVPlayer.h)
@MainActor
@available(iOS 4.0, macOS 10.7, tvOS 9.0, watchOS 1.0, visionOS 1.0, *)
open class AVPlayer: NSObject {
    /// `- (instancetype)init NS_SWIFT_NONISOLATED;`
    /// https://developer.apple.com/documentation/avfoundation/avplayer/init()
    nonisolated override public init() { super.init() }

    /// `- (void)replaceCurrentItemWithPlayerItem:(nullable AVPlayerItem *)item NS_SWIFT_NONISOLATED;`
    /// https://developer.apple.com/documentation/avfoundation/avplayer/replacecurrentitem(with:)
    nonisolated open func replaceCurrentItem(with item: AVPlayerItem?) {}

    /// `@property (getter=isMuted) BOOL muted NS_SWIFT_NONISOLATED API_AVAILABLE(ios(7.0) …);`
    /// https://developer.apple.com/documentation/avfoundation/avplayer/ismuted
    @available(iOS 7.0, macOS 10.7, tvOS 9.0, watchOS 1.0, visionOS 1.0, *)
    nonisolated open var isMuted: Bool {
        get { false }
        set {}
    }

    /// `@property float volume NS_SWIFT_NONISOLATED API_AVAILABLE(ios(7.0) …);`
    /// https://developer.apple.com/documentation/avfoundation/avplayer/volume
    @available(iOS 7.0, macOS 10.7, tvOS 9.0, watchOS 1.0, visionOS 1.0, *)
    nonisolated open var volume: Float {
        get { 1 }
        set {}
    }

    /// `@property (nonatomic) float defaultRate NS_SWIFT_NONISOLATED API_AVAILABLE(ios(16.0) …);`
    /// https://developer.apple.com/documentation/avfoundation/avplayer/defaultrate
    @available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, visionOS 1.0, *)
    nonisolated open var defaultRate: Float {
        get { 1 }
        set {}
    }

    /// `- (void)play` (`NS_SWIFT_NONISOLATED` when deploying to the 2022 releases or later): plays at `defaultRate`.
    /// https://developer.apple.com/documentation/avfoundation/avplayer/play()
    nonisolated open func play() {}

    /// `- (void)pause` (`NS_SWIFT_NONISOLATED` when deploying to the 2022 releases or later).
    /// https://developer.apple.com/documentation/avfoundation/avplayer/pause()
    nonisolated open func pause() {}

    /// `- (CMTime)currentTime NS_SWIFT_NONISOLATED;`
    /// https://developer.apple.com/documentation/avfoundation/avplayer/currenttime()
    nonisolated open func currentTime() -> CMTime { CMTime() }
}
