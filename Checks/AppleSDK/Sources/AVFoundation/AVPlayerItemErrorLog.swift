import Foundation

/// Stand-in for `AVPlayerItemErrorLog`: no actor annotation, `NS_SWIFT_SENDABLE` in AVPlayerItem.h (hence the
/// unchecked conformance, which is the SDK's promise, not ours); `init()` unavailable.
/// https://developer.apple.com/documentation/avfoundation/avplayeritemerrorlog
@available(iOS 4.3, macOS 10.7, tvOS 9.0, watchOS 1.0, visionOS 1.0, *)
open class AVPlayerItemErrorLog: NSObject, @unchecked Sendable {
    @available(*, unavailable)
    override public init() { super.init() }

    /// `@property (nonatomic, readonly) NSArray<AVPlayerItemErrorLogEvent *> *events;` oldest first.
    /// https://developer.apple.com/documentation/avfoundation/avplayeritemerrorlog/events
    open var events: [AVPlayerItemErrorLogEvent] { [] }
}

/// Stand-in for `AVPlayerItemErrorLogEvent`: one entry; `NS_SWIFT_SENDABLE`, `init()` unavailable.
/// https://developer.apple.com/documentation/avfoundation/avplayeritemerrorlogevent
@available(iOS 4.3, macOS 10.7, tvOS 9.0, watchOS 1.0, visionOS 1.0, *)
open class AVPlayerItemErrorLogEvent: NSObject, @unchecked Sendable {
    @available(*, unavailable)
    override public init() { super.init() }

    /// `@property (nonatomic, readonly) NSInteger errorStatusCode;`
    /// https://developer.apple.com/documentation/avfoundation/avplayeritemerrorlogevent/errorstatuscode
    open var errorStatusCode: Int { 0 }

    /// `@property (nonatomic, readonly) NSString *errorDomain;`
    /// https://developer.apple.com/documentation/avfoundation/avplayeritemerrorlogevent/errordomain
    open var errorDomain: String { "" }

    /// `@property (nonatomic, readonly, nullable) NSString *errorComment;`
    /// https://developer.apple.com/documentation/avfoundation/avplayeritemerrorlogevent/errorcomment
    open var errorComment: String? { nil }
}
