import AVFoundationEnums
import Foundation

/// Stand-in for `AVPlayer`: main-actor isolated (`NS_SWIFT_UI_ACTOR` in AVPlayer.h), with the members the
/// shell calls, each `nonisolated` where the iOS 18 header marks it `NS_SWIFT_NONISOLATED` (for `play`, `pause`
/// and `rate`-family members, when deploying to the 2022 releases or later, as iOS 18 is). Read against
/// `iPhoneOS18.0.sdk/System/Library/Frameworks/AVFoundation.framework/Headers/AVPlayer.h` (xybp888/iOS-SDKs).
/// https://developer.apple.com/documentation/avfoundation/avplayer (header: AVFoundation/AVPlayer.h)
@MainActor
@available(iOS 4.0, macOS 10.7, tvOS 9.0, watchOS 1.0, visionOS 1.0, *)
open class AVPlayer: NSObject {
    /// `- (instancetype)init NS_SWIFT_NONISOLATED;`
    /// https://developer.apple.com/documentation/avfoundation/avplayer/init()
    nonisolated override public init() { super.init() }

    /// `@property (readonly) AVPlayerStatus status NS_SWIFT_NONISOLATED;` (AVPlayer.h): `.failed` means the player
    /// "can no longer be used for playback and a new instance needs to be created in its place"; key-value
    /// observable.
    /// https://developer.apple.com/documentation/avfoundation/avplayer/status-swift.property
    nonisolated open var status: AVPlayer.Status { .unknown }

    /// `@property (readonly, nullable) NSError *error NS_SWIFT_NONISOLATED;` (AVPlayer.h): the failure's error when
    /// `status` is `.failed`, else `nil`.
    /// https://developer.apple.com/documentation/avfoundation/avplayer/error
    nonisolated open var error: (any Error)? { nil }

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

    /// `@property float rate` (`NS_SWIFT_NONISOLATED` when deploying to the 2022 releases or later, AVPlayer.h): the
    /// rate asked for, 0 when paused; AVPlayer resets it to 0 for an interruption. (The header does not call it
    /// key-value observable in so many words, as it does `timeControlStatus`; the shell observes both.)
    /// https://developer.apple.com/documentation/avfoundation/avplayer/rate
    nonisolated open var rate: Float {
        get { 0 }
        set {}
    }

    /// `@property (readonly) AVPlayerTimeControlStatus timeControlStatus NS_SWIFT_NONISOLATED
    /// API_AVAILABLE(ios(10.0) …);` key-value observable.
    /// https://developer.apple.com/documentation/avfoundation/avplayer/timecontrolstatus-swift.property
    @available(iOS 10.0, macOS 10.12, tvOS 10.0, watchOS 3.0, visionOS 1.0, *)
    nonisolated open var timeControlStatus: AVPlayer.TimeControlStatus { .paused }

    /// `@property (readonly, nullable) AVPlayerWaitingReason reasonForWaitingToPlay NS_SWIFT_NONISOLATED
    /// API_AVAILABLE(ios(10.0) …);` key-value observable; `nil` unless the player waits.
    /// https://developer.apple.com/documentation/avfoundation/avplayer/reasonforwaitingtoplay
    @available(iOS 10.0, macOS 10.12, tvOS 10.0, watchOS 3.0, visionOS 1.0, *)
    nonisolated open var reasonForWaitingToPlay: AVPlayer.WaitingReason? { nil }

    /// `@property (readonly, getter=isExternalPlaybackActive) BOOL externalPlaybackActive NS_SWIFT_NONISOLATED
    /// API_AVAILABLE(macos(10.11), ios(6.0), tvos(9.0)) API_UNAVAILABLE(watchos, visionos);` (AVPlayer.h, category
    /// `AVPlayerExternalPlaybackSupport`): whether the video plays on an external device (AirPlay video). Apple's page
    /// calls it key-value observable. `allowsExternalPlayback`, its switch, defaults to `YES`.
    /// https://developer.apple.com/documentation/avfoundation/avplayer/isexternalplaybackactive
    @available(iOS 6.0, macOS 10.11, tvOS 9.0, *)
    @available(watchOS, unavailable)
    @available(visionOS, unavailable)
    nonisolated open var isExternalPlaybackActive: Bool { false }

    /// `@property BOOL allowsExternalPlayback NS_SWIFT_NONISOLATED API_AVAILABLE(macos(10.11), ios(6.0), tvos(9.0))
    /// API_UNAVAILABLE(watchos, visionos);` (AVPlayer.h, category `AVPlayerExternalPlaybackSupport`, iOS 18.0 SDK,
    /// xybp888/iOS-SDKs): whether the player may switch to external playback (AirPlay video); default `YES`.
    /// https://developer.apple.com/documentation/avfoundation/avplayer/allowsexternalplayback
    @available(iOS 6.0, macOS 10.11, tvOS 9.0, *)
    @available(watchOS, unavailable)
    @available(visionOS, unavailable)
    nonisolated open var allowsExternalPlayback: Bool {
        get { true }
        set {}
    }

    /// `@property (nonatomic) BOOL automaticallyWaitsToMinimizeStalling` (`NS_SWIFT_NONISOLATED` when deploying to
    /// the 2022 releases or later) `API_AVAILABLE(macos(10.12), ios(10.0), tvos(10.0), watchos(3.0), visionos(1.0));`
    /// (AVPlayer.h, category `AVPlayerAdvancedRateControl`, iOS 18.0 SDK, xybp888/iOS-SDKs): the header advises `NO`
    /// when an `AVAssetResourceLoader` delegate loads the media data; with `NO` a stall pauses the player (rate 0).
    /// https://developer.apple.com/documentation/avfoundation/avplayer/automaticallywaitstominimizestalling
    @available(iOS 10.0, macOS 10.12, tvOS 10.0, watchOS 3.0, visionOS 1.0, *)
    nonisolated open var automaticallyWaitsToMinimizeStalling: Bool {
        get { true }
        set {}
    }

    /// `@property (nonatomic) AVPlayerAudiovisualBackgroundPlaybackPolicy audiovisualBackgroundPlaybackPolicy
    /// NS_SWIFT_NONISOLATED API_AVAILABLE(macos(12.0), ios(15.0), tvos(15.0), watchos(8.0), visionos(1.0));`
    /// (AVPlayer.h, category `AVPlayerBackgroundSupport`): `.continuesIfPossible` asks the system to go on playing in
    /// the background (with the `UIBackgroundModes` it needs); `.pauses` pauses on going there; `.automatic` (the
    /// default) leaves it to the system.
    /// https://developer.apple.com/documentation/avfoundation/avplayer/audiovisualbackgroundplaybackpolicy
    @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, visionOS 1.0, *)
    nonisolated open var audiovisualBackgroundPlaybackPolicy: AVPlayerAudiovisualBackgroundPlaybackPolicy {
        get { .automatic }
        set {}
    }

    /// `@property AVPlayerActionAtItemEnd actionAtItemEnd NS_SWIFT_NONISOLATED;`
    /// https://developer.apple.com/documentation/avfoundation/avplayer/actionatitemend-swift.property
    nonisolated open var actionAtItemEnd: AVPlayer.ActionAtItemEnd {
        get { .pause }
        set {}
    }

    /// `- (void)seekToTime:(CMTime)time toleranceBefore:(CMTime)toleranceBefore toleranceAfter:(CMTime)toleranceAfter
    /// completionHandler:(void (^ NS_SWIFT_SENDABLE)(BOOL finished))completionHandler NS_SWIFT_NONISOLATED
    /// API_AVAILABLE(ios(5.0) …);` — the handler is `@Sendable` and called with `false` when another seek or
    /// operation interrupted this one, or no item is attached. (Swift also imports it as an `async` method returning
    /// `Bool`; the shell uses the handler.)
    /// https://developer.apple.com/documentation/avfoundation/avplayer/seek(to:tolerancebefore:toleranceafter:completionhandler:)
    @available(iOS 5.0, macOS 10.7, tvOS 9.0, watchOS 1.0, visionOS 1.0, *)
    nonisolated open func seek(
        to time: CMTime, toleranceBefore: CMTime, toleranceAfter: CMTime,
        completionHandler: @escaping @Sendable (Bool) -> Void
    ) {}
}

extension AVPlayer {
    /// `AVPlayerTimeControlStatus`, non-frozen (declared in `AVFoundationEnums`, built with library evolution).
    /// https://developer.apple.com/documentation/avfoundation/avplayer/timecontrolstatus-swift.enum
    @available(iOS 10.0, macOS 10.12, tvOS 10.0, watchOS 3.0, visionOS 1.0, *)
    public typealias TimeControlStatus = AVPlayerTimeControlStatus

    /// `AVPlayerStatus`, non-frozen (declared in `AVFoundationEnums`).
    /// https://developer.apple.com/documentation/avfoundation/avplayer/status-swift.enum
    public typealias Status = AVPlayerStatus

    /// `AVPlayerActionAtItemEnd`, non-frozen (declared in `AVFoundationEnums`).
    /// https://developer.apple.com/documentation/avfoundation/avplayer/actionatitemend-swift.enum
    public typealias ActionAtItemEnd = AVPlayerActionAtItemEnd

    /// `typedef NSString * AVPlayerWaitingReason NS_STRING_ENUM` (AVPlayer.h), imported as a `Sendable` string-backed
    /// struct. Only the three reasons the header lists for `reasonForWaitingToPlay` are declared.
    /// https://developer.apple.com/documentation/avfoundation/avplayer/waitingreason
    public struct WaitingReason: Hashable, RawRepresentable, Sendable {
        /// The constant's string.
        public let rawValue: String
        /// https://developer.apple.com/documentation/avfoundation/avplayer/waitingreason/init(rawvalue:)
        public init(rawValue: String) { self.rawValue = rawValue }

        /// `AVPlayerWaitingToMinimizeStallsReason` (iOS 10.0).
        /// https://developer.apple.com/documentation/avfoundation/avplayer/waitingreason/tominimizestalls
        @available(iOS 10.0, macOS 10.12, tvOS 10.0, watchOS 3.0, visionOS 1.0, *)
        public static let toMinimizeStalls = WaitingReason(rawValue: "AVPlayerWaitingToMinimizeStallsReason")

        /// `AVPlayerWaitingWhileEvaluatingBufferingRateReason` (iOS 10.0).
        /// https://developer.apple.com/documentation/avfoundation/avplayer/waitingreason/evaluatingbufferingrate
        @available(iOS 10.0, macOS 10.12, tvOS 10.0, watchOS 3.0, visionOS 1.0, *)
        public static let evaluatingBufferingRate = WaitingReason(
            rawValue: "AVPlayerWaitingWhileEvaluatingBufferingRateReason")

        /// `AVPlayerWaitingWithNoItemToPlayReason` (iOS 10.0).
        /// https://developer.apple.com/documentation/avfoundation/avplayer/waitingreason/noitemtoplay
        @available(iOS 10.0, macOS 10.12, tvOS 10.0, watchOS 3.0, visionOS 1.0, *)
        public static let noItemToPlay = WaitingReason(rawValue: "AVPlayerWaitingWithNoItemToPlayReason")
    }
}

/// `AVPlayerRateDidChangeNotification` and its `userInfo` (iOS 15), constants outside the class's `@interface`, so
/// not isolated. Read against `iPhoneOS18.0.sdk/System/Library/Frameworks/AVFoundation.framework/Headers/AVPlayer.h`
/// (xybp888/iOS-SDKs).
extension AVPlayer {
    /// `AVF_EXPORT NSNotificationName const AVPlayerRateDidChangeNotification API_AVAILABLE(macos(12.0), ios(15.0),
    /// tvos(15.0), watchos(8.0), visionos(1.0));` — posted by the player when its rate changes; in Swift
    /// `class let rateDidChangeNotification: NSNotification.Name`.
    /// https://developer.apple.com/documentation/avfoundation/avplayer/ratedidchangenotification
    @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, visionOS 1.0, *)
    nonisolated public static let rateDidChangeNotification = NSNotification.Name("AVPlayerRateDidChangeNotification")

    /// `AVF_EXPORT NSString *const AVPlayerRateDidChangeReasonKey API_AVAILABLE(macos(12.0), ios(15.0), tvos(15.0),
    /// visionos(1.0)) API_UNAVAILABLE(watchos);` — its value is an `AVPlayerRateDidChangeReason`; in Swift
    /// `class let rateDidChangeReasonKey: String`.
    /// https://developer.apple.com/documentation/avfoundation/avplayer/ratedidchangereasonkey
    @available(iOS 15.0, macOS 12.0, tvOS 15.0, visionOS 1.0, *)
    @available(watchOS, unavailable)
    nonisolated public static let rateDidChangeReasonKey = "AVPlayerRateDidChangeReasonKey"

    /// `typedef NSString * AVPlayerRateDidChangeReason NS_STRING_ENUM;` (AVPlayer.h), imported as a `Sendable`
    /// string-backed struct, with the four reasons of the iOS 18 SDK (each `API_AVAILABLE(macos(12.0), ios(15.0),
    /// tvos(15.0), visionos(1.0)) API_UNAVAILABLE(watchos)`).
    /// https://developer.apple.com/documentation/avfoundation/avplayer/ratedidchangereason
    public struct RateDidChangeReason: Hashable, RawRepresentable, Sendable {
        /// The constant's string.
        public let rawValue: String
        /// https://developer.apple.com/documentation/avfoundation/avplayer/ratedidchangereason/init(rawvalue:)
        public init(rawValue: String) { self.rawValue = rawValue }

        /// `AVPlayerRateDidChangeReasonSetRateCalled`.
        /// https://developer.apple.com/documentation/avfoundation/avplayer/ratedidchangereason/setratecalled
        @available(iOS 15.0, macOS 12.0, tvOS 15.0, visionOS 1.0, *)
        @available(watchOS, unavailable)
        public static let setRateCalled = RateDidChangeReason(rawValue: "AVPlayerRateDidChangeReasonSetRateCalled")

        /// `AVPlayerRateDidChangeReasonSetRateFailed`.
        /// https://developer.apple.com/documentation/avfoundation/avplayer/ratedidchangereason/setratefailed
        @available(iOS 15.0, macOS 12.0, tvOS 15.0, visionOS 1.0, *)
        @available(watchOS, unavailable)
        public static let setRateFailed = RateDidChangeReason(rawValue: "AVPlayerRateDidChangeReasonSetRateFailed")

        /// `AVPlayerRateDidChangeReasonAudioSessionInterrupted`.
        /// https://developer.apple.com/documentation/avfoundation/avplayer/ratedidchangereason/audiosessioninterrupted
        @available(iOS 15.0, macOS 12.0, tvOS 15.0, visionOS 1.0, *)
        @available(watchOS, unavailable)
        public static let audioSessionInterrupted = RateDidChangeReason(
            rawValue: "AVPlayerRateDidChangeReasonAudioSessionInterrupted")

        /// `AVPlayerRateDidChangeReasonAppBackgrounded`.
        /// https://developer.apple.com/documentation/avfoundation/avplayer/ratedidchangereason/appbackgrounded
        @available(iOS 15.0, macOS 12.0, tvOS 15.0, visionOS 1.0, *)
        @available(watchOS, unavailable)
        public static let appBackgrounded = RateDidChangeReason(
            rawValue: "AVPlayerRateDidChangeReasonAppBackgrounded")
    }
}
