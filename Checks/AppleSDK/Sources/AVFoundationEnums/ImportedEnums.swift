// AVFoundation's `NS_ENUM`s that the shell reads, in a module of their own built with library evolution
// (`-enable-library-evolution` in Package.swift). Swift imports an `NS_ENUM` (unlike an `NS_CLOSED_ENUM`) as a
// non-frozen enum, so on iOS a `switch` over one that lists every case without `@unknown default` is diagnosed; a
// public enum of a resilient module is not frozen for its clients either, so the same `switch` is diagnosed here
// (`Checks/MustNotCompile/StatusSwitch.swift`). The module imports nothing but the standard library, itself resilient:
// a resilient module that imports a non-resilient one (Foundation on Linux) draws a warning for every import, which
// `-warnings-as-errors` turns into errors. The AVFoundation stand-in names these types as the SDK's Swift names
// (`AVPlayerItem.Status`, `AVPlayer.TimeControlStatus`, `AVPlayer.ActionAtItemEnd`) with type aliases. Swift
// diagnoses the missing `@unknown default` here as an error in the Swift 6 language mode, where iOS warns: stricter,
// never looser.

/// `typedef NS_ENUM(NSInteger, AVPlayerItemStatus)` (AVPlayerItem.h, iPhoneOS18.0.sdk): unknown = 0,
/// readyToPlay = 1, failed = 2; in Swift `AVPlayerItem.Status`.
/// https://developer.apple.com/documentation/avfoundation/avplayeritem/status-swift.enum
@available(iOS 4.0, macOS 10.7, tvOS 9.0, watchOS 1.0, visionOS 1.0, *)
public enum AVPlayerItemStatus: Int, Sendable {
    case unknown = 0
    case readyToPlay = 1
    case failed = 2
}

/// `typedef NS_ENUM(NSInteger, AVPlayerTimeControlStatus) … API_AVAILABLE(ios(10.0) …)` (AVPlayer.h): paused = 0,
/// waitingToPlayAtSpecifiedRate = 1, playing = 2; in Swift `AVPlayer.TimeControlStatus`.
/// https://developer.apple.com/documentation/avfoundation/avplayer/timecontrolstatus-swift.enum
@available(iOS 10.0, macOS 10.12, tvOS 10.0, watchOS 3.0, visionOS 1.0, *)
public enum AVPlayerTimeControlStatus: Int, Sendable {
    case paused = 0
    case waitingToPlayAtSpecifiedRate = 1
    case playing = 2
}

/// `typedef NS_ENUM(NSInteger, AVPlayerActionAtItemEnd)` (AVPlayer.h): advance = 0 (`AVQueuePlayer` only; an
/// `AVPlayer` raises an exception for it), pause = 1, none = 2; in Swift `AVPlayer.ActionAtItemEnd`.
/// https://developer.apple.com/documentation/avfoundation/avplayer/actionatitemend-swift.enum
public enum AVPlayerActionAtItemEnd: Int, Sendable {
    case advance = 0
    case pause = 1
    case none = 2
}

/// `typedef NS_ENUM(NSInteger, AVPlayerStatus)` (AVPlayer.h, iPhoneOS18.0.sdk): unknown = 0, readyToPlay = 1,
/// failed = 2 ("the receiver can no longer be used for playback and a new instance needs to be created in its
/// place"); in Swift `AVPlayer.Status`.
/// https://developer.apple.com/documentation/avfoundation/avplayer/status-swift.enum
public enum AVPlayerStatus: Int, Sendable {
    case unknown = 0
    case readyToPlay = 1
    case failed = 2
}

/// `typedef NS_ENUM(NSInteger, AVPlayerAudiovisualBackgroundPlaybackPolicy) { … } API_AVAILABLE(macos(12.0),
/// ios(15.0), tvos(15.0), watchos(8.0), visionos(1.0));` (AVPlayer.h, iPhoneOS18.0.sdk): automatic = 1, pauses = 2,
/// continuesIfPossible = 3; a top-level enum in Swift.
/// https://developer.apple.com/documentation/avfoundation/avplayeraudiovisualbackgroundplaybackpolicy
@available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, visionOS 1.0, *)
public enum AVPlayerAudiovisualBackgroundPlaybackPolicy: Int, Sendable {
    case automatic = 1
    case pauses = 2
    case continuesIfPossible = 3
}
