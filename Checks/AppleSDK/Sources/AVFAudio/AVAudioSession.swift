import Foundation

// Stand-ins for the audio session API the shell uses, read against the iOS 18 SDK's
// `iPhoneOS18.0.sdk/System/Library/Frameworks/AVFAudio.framework/Headers/AVAudioSession.h` and
// `AVAudioSessionTypes.h` (xybp888/iOS-SDKs). On iOS they live in AVFAudio, which AVFoundation re-exports; the Swift
// names (`AVAudioSession.interruptionNotification` …) are those of Apple's documentation pages cited below.

/// Stand-in for `AVAudioSession`: `NS_SWIFT_SENDABLE`, no actor annotation, `API_AVAILABLE(ios(3.0), watchos(2.0),
/// tvos(9.0)) API_UNAVAILABLE(macos)`. `@unchecked` only because a stand-in class cannot prove it; the SDK promises it.
/// https://developer.apple.com/documentation/avfaudio/avaudiosession
@available(iOS 3.0, tvOS 9.0, watchOS 2.0, visionOS 1.0, *)
@available(macOS, unavailable)
open class AVAudioSession: NSObject, @unchecked Sendable {
    /// `+ (AVAudioSession *)sharedInstance API_AVAILABLE(ios(3.0) …) API_UNAVAILABLE(macos);` — the object of the
    /// session's notifications.
    /// https://developer.apple.com/documentation/avfaudio/avaudiosession/sharedinstance()
    open class func sharedInstance() -> AVAudioSession { AVAudioSession() }
}

extension AVAudioSession {
    /// `OS_EXPORT NSNotificationName const AVAudioSessionInterruptionNotification API_AVAILABLE(ios(6.0), watchos(2.0),
    /// tvos(9.0)) API_UNAVAILABLE(macos);` — in Swift `class let interruptionNotification: NSNotification.Name`.
    /// Its `userInfo` holds the type (`.began` = 1, `.ended` = 0), the options of an ended one (`.shouldResume` = 1)
    /// and, from iOS 14.5, the reason of a begun one (`.routeDisconnected` = 4 from iOS 17).
    /// https://developer.apple.com/documentation/avfaudio/avaudiosession/interruptionnotification
    @available(iOS 6.0, tvOS 9.0, watchOS 2.0, visionOS 1.0, *)
    @available(macOS, unavailable)
    public static let interruptionNotification = NSNotification.Name("AVAudioSessionInterruptionNotification")

    /// `OS_EXPORT NSNotificationName const AVAudioSessionRouteChangeNotification API_AVAILABLE(ios(6.0), watchos(2.0),
    /// tvos(9.0)) API_UNAVAILABLE(macos);` — in Swift `class let routeChangeNotification: NSNotification.Name`; Apple
    /// documents that it is posted on a secondary thread. Its `userInfo` holds the reason
    /// (`.oldDeviceUnavailable` = 2).
    /// https://developer.apple.com/documentation/avfaudio/avaudiosession/routechangenotification
    @available(iOS 6.0, tvOS 9.0, watchOS 2.0, visionOS 1.0, *)
    @available(macOS, unavailable)
    public static let routeChangeNotification = NSNotification.Name("AVAudioSessionRouteChangeNotification")

    /// `OS_EXPORT NSNotificationName const  AVAudioSessionMediaServicesWereResetNotification API_AVAILABLE(ios(6.0),
    /// watchos(2.0), tvos(9.0)) API_UNAVAILABLE(macos);` (AVFAudio.framework/Headers/AVAudioSession.h, iOS 18 SDK) —
    /// in Swift `class let mediaServicesWereResetNotification: NSNotification.Name`: the media server restarted;
    /// "re-initialize any audio objects used by your application. See Technical Q&A QA1749."
    /// https://developer.apple.com/documentation/avfaudio/avaudiosession/mediaserviceswereresetnotification
    @available(iOS 6.0, tvOS 9.0, watchOS 2.0, visionOS 1.0, *)
    @available(macOS, unavailable)
    public static let mediaServicesWereResetNotification = NSNotification.Name(
        "AVAudioSessionMediaServicesWereResetNotification")
}

/// `OS_EXPORT NSString *const AVAudioSessionInterruptionTypeKey API_AVAILABLE(ios(6.0), watchos(2.0), tvos(9.0))
/// API_UNAVAILABLE(macos);` — an `NSNumber` holding an `AVAudioSessionInterruptionType` (`NSUInteger`).
/// https://developer.apple.com/documentation/avfaudio/avaudiosessioninterruptiontypekey
@available(iOS 6.0, tvOS 9.0, watchOS 2.0, visionOS 1.0, *)
@available(macOS, unavailable)
public let AVAudioSessionInterruptionTypeKey: String = "AVAudioSessionInterruptionTypeKey"

/// `OS_EXPORT NSString *const AVAudioSessionInterruptionOptionKey API_AVAILABLE(ios(6.0), watchos(2.0), tvos(9.0))
/// API_UNAVAILABLE(macos);` — only in ended interruptions; `AVAudioSessionInterruptionOptions` (`NSUInteger`).
/// https://developer.apple.com/documentation/avfaudio/avaudiosessioninterruptionoptionkey
@available(iOS 6.0, tvOS 9.0, watchOS 2.0, visionOS 1.0, *)
@available(macOS, unavailable)
public let AVAudioSessionInterruptionOptionKey: String = "AVAudioSessionInterruptionOptionKey"

/// `OS_EXPORT NSString *const AVAudioSessionInterruptionReasonKey API_AVAILABLE(ios(14.5), watchos(7.3))
/// API_UNAVAILABLE(tvos, macos);` — only in begun interruptions; `AVAudioSessionInterruptionReason` (`NSUInteger`).
/// Unavailable on tvOS: the shell does not read it there.
/// https://developer.apple.com/documentation/avfaudio/avaudiosessioninterruptionreasonkey
@available(iOS 14.5, watchOS 7.3, visionOS 1.0, *)
@available(tvOS, unavailable)
@available(macOS, unavailable)
public let AVAudioSessionInterruptionReasonKey: String = "AVAudioSessionInterruptionReasonKey"

/// `OS_EXPORT NSString *const AVAudioSessionRouteChangeReasonKey API_AVAILABLE(ios(6.0), watchos(2.0), tvos(9.0))
/// API_UNAVAILABLE(macos);` — an `NSNumber` holding an `AVAudioSessionRouteChangeReason` (`NSUInteger`).
/// https://developer.apple.com/documentation/avfaudio/avaudiosessionroutechangereasonkey
@available(iOS 6.0, tvOS 9.0, watchOS 2.0, visionOS 1.0, *)
@available(macOS, unavailable)
public let AVAudioSessionRouteChangeReasonKey: String = "AVAudioSessionRouteChangeReasonKey"

/// The session's category and mode, as the shell sets them (`AVAudioSessionTypes.h` declares the constants,
/// `AVAudioSession.h` the method; iOS 18 SDK, AVFAudio.framework/Headers).
extension AVAudioSession {
    /// `typedef NSString *AVAudioSessionCategory NS_STRING_ENUM;` imported as a `Sendable` string-backed struct; only
    /// the two categories the engines choose between are declared.
    /// https://developer.apple.com/documentation/avfaudio/avaudiosession/category-swift.struct
    public struct Category: Hashable, RawRepresentable, Sendable {
        /// The constant's string.
        public let rawValue: String
        /// https://developer.apple.com/documentation/avfaudio/avaudiosession/category-swift.struct/init(rawvalue:)
        public init(rawValue: String) { self.rawValue = rawValue }

        /// `AVAudioSessionCategoryAmbient API_AVAILABLE(ios(3.0), watchos(2.0), tvos(9.0)) API_UNAVAILABLE(macos)`:
        /// "Mixes with other music."
        /// https://developer.apple.com/documentation/avfaudio/avaudiosession/category-swift.struct/ambient
        @available(iOS 3.0, tvOS 9.0, watchOS 2.0, visionOS 1.0, *)
        @available(macOS, unavailable)
        public static let ambient = Category(rawValue: "AVAudioSessionCategoryAmbient")

        /// `AVAudioSessionCategoryPlayback API_AVAILABLE(ios(3.0), watchos(2.0), tvos(9.0)) API_UNAVAILABLE(macos)`:
        /// for playing recorded music or other sounds that are central to the app.
        /// https://developer.apple.com/documentation/avfaudio/avaudiosession/category-swift.struct/playback
        @available(iOS 3.0, tvOS 9.0, watchOS 2.0, visionOS 1.0, *)
        @available(macOS, unavailable)
        public static let playback = Category(rawValue: "AVAudioSessionCategoryPlayback")
    }

    /// `typedef NSString *AVAudioSessionMode NS_STRING_ENUM;` imported as a `Sendable` string-backed struct; only the
    /// two modes the engines use are declared.
    /// https://developer.apple.com/documentation/avfaudio/avaudiosession/mode-swift.struct
    public struct Mode: Hashable, RawRepresentable, Sendable {
        /// The constant's string.
        public let rawValue: String
        /// https://developer.apple.com/documentation/avfaudio/avaudiosession/mode-swift.struct/init(rawvalue:)
        public init(rawValue: String) { self.rawValue = rawValue }

        /// `AVAudioSessionModeDefault API_AVAILABLE(ios(5.0), watchos(2.0), tvos(9.0)) API_UNAVAILABLE(macos)`.
        /// https://developer.apple.com/documentation/avfaudio/avaudiosession/mode-swift.struct/default
        @available(iOS 5.0, tvOS 9.0, watchOS 2.0, visionOS 1.0, *)
        @available(macOS, unavailable)
        public static let `default` = Mode(rawValue: "AVAudioSessionModeDefault")

        /// `AVAudioSessionModeMoviePlayback API_AVAILABLE(ios(6.0), watchos(2.0), tvos(9.0)) API_UNAVAILABLE(macos)`:
        /// for playing movie content.
        /// https://developer.apple.com/documentation/avfaudio/avaudiosession/mode-swift.struct/movieplayback
        @available(iOS 6.0, tvOS 9.0, watchOS 2.0, visionOS 1.0, *)
        @available(macOS, unavailable)
        public static let moviePlayback = Mode(rawValue: "AVAudioSessionModeMoviePlayback")
    }

    /// `typedef NS_OPTIONS(NSUInteger, AVAudioSessionCategoryOptions)` (AVAudioSessionTypes.h); no option is declared
    /// here: the engines pass none.
    /// https://developer.apple.com/documentation/avfaudio/avaudiosession/categoryoptions-swift.struct
    public struct CategoryOptions: OptionSet, Sendable {
        /// The options' bits.
        public let rawValue: UInt
        /// https://developer.apple.com/documentation/avfaudio/avaudiosession/categoryoptions-swift.struct/init(rawvalue:)
        public init(rawValue: UInt) { self.rawValue = rawValue }
    }

    /// `- (BOOL)setCategory:(AVAudioSessionCategory)category mode:(AVAudioSessionMode)mode
    /// options:(AVAudioSessionCategoryOptions)options error:(NSError **)outError API_AVAILABLE(ios(10.0),
    /// watchos(3.0), tvos(10.0)) API_UNAVAILABLE(macos);` — a throwing method in Swift.
    /// https://developer.apple.com/documentation/avfaudio/avaudiosession/setcategory(_:mode:options:)
    @available(iOS 10.0, tvOS 10.0, watchOS 3.0, visionOS 1.0, *)
    @available(macOS, unavailable)
    public func setCategory(_ category: Category, mode: Mode, options: CategoryOptions = []) throws {}
}
