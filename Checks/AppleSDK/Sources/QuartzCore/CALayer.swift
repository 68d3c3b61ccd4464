import CoreGraphics
import Foundation

/// Stand-in for Core Animation's `CALayer`: the superclass of `AVPlayerLayer`, and the layer a view host moves.
///
/// No actor annotation and not `Sendable`, as in the SDK (CALayer.h): code that holds one must confine it itself.
/// https://developer.apple.com/documentation/quartzcore/calayer
@available(iOS 2.0, macOS 10.5, tvOS 9.0, visionOS 1.0, *)
open class CALayer: NSObject {
    /// https://developer.apple.com/documentation/quartzcore/calayer/init()
    override public init() { super.init() }

    /// `@property CGRect frame;` (animatable).
    /// https://developer.apple.com/documentation/quartzcore/calayer/frame
    open var frame: CGRect {
        get { .zero }
        set {}
    }

    /// `@property(nullable, readonly) CALayer *superlayer;`
    /// https://developer.apple.com/documentation/quartzcore/calayer/superlayer
    open var superlayer: CALayer? { nil }

    /// `- (void)addSublayer:(CALayer *)layer;` — a layer that has a superlayer is removed from it first.
    /// https://developer.apple.com/documentation/quartzcore/calayer/addsublayer(_:)
    open func addSublayer(_ layer: CALayer) {}

    /// `- (void)removeFromSuperlayer;`
    /// https://developer.apple.com/documentation/quartzcore/calayer/removefromsuperlayer()
    open func removeFromSuperlayer() {}

    /// `- (void)removeAllAnimations;`
    /// https://developer.apple.com/documentation/quartzcore/calayer/removeallanimations()
    open func removeAllAnimations() {}
}
