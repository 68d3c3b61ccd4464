import Foundation

/// Stand-in for `AVPlayerLayer`, a `CALayer` subclass with no actor annotation and no `Sendable` conformance
/// (AVPlayerLayer.h; unavailable on watchOS). The shell keeps it on the main actor.
/// https://developer.apple.com/documentation/avfoundation/avplayerlayer (header: AVFoundation/AVPlayerLayer.h)
@available(iOS 4.0, macOS 10.7, tvOS 9.0, visionOS 1.0, *)
@available(watchOS, unavailable)
open class AVPlayerLayer: CALayer {
    /// `+ (AVPlayerLayer *)playerLayerWithPlayer:(nullable AVPlayer *)player;`
    /// https://developer.apple.com/documentation/avfoundation/avplayerlayer/init(player:)
    public convenience init(player: AVPlayer?) { self.init() }

    /// `@property (nonatomic, retain, nullable) AVPlayer *player;`
    /// https://developer.apple.com/documentation/avfoundation/avplayerlayer/player
    open var player: AVPlayer? {
        get { nil }
        set {}
    }

    /// `@property (copy) AVLayerVideoGravity videoGravity;` default `.resizeAspect`.
    /// https://developer.apple.com/documentation/avfoundation/avplayerlayer/videogravity
    open var videoGravity: AVLayerVideoGravity {
        get { .resizeAspect }
        set {}
    }

    /// `@property (nonatomic, readonly, getter=isReadyForDisplay) BOOL readyForDisplay;` (key-value observable):
    /// the first video frame of the player's current item is ready for display.
    /// https://developer.apple.com/documentation/avfoundation/avplayerlayer/isreadyfordisplay
    open var isReadyForDisplay: Bool { false }
}
