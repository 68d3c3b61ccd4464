import CoreGraphics
import Foundation
import QuartzCore

/// Stand-in for `UIView`: main-actor isolated (`NS_SWIFT_UI_ACTOR` in UIView.h), iOS 2.0, unavailable on
/// watchOS. Only the members the shells use.
/// https://developer.apple.com/documentation/uikit/uiview
@MainActor
@available(iOS 2.0, tvOS 9.0, visionOS 1.0, *)
@available(watchOS, unavailable)
open class UIView: UIResponder {
    /// `- (instancetype)initWithFrame:(CGRect)frame NS_DESIGNATED_INITIALIZER;`
    /// https://developer.apple.com/documentation/uikit/uiview/init(frame:)
    public init(frame: CGRect) { super.init() }

    /// `- (nullable instancetype)initWithCoder:(NSCoder *)coder NS_DESIGNATED_INITIALIZER;` (required by `NSCoding`).
    /// https://developer.apple.com/documentation/uikit/uiview/init(coder:)
    public required init?(coder: NSCoder) { super.init() }

    /// `@property(nonatomic,readonly,strong) CALayer *layer;`
    /// https://developer.apple.com/documentation/uikit/uiview/layer
    open var layer: CALayer { CALayer() }

    /// `@property(nonatomic) CGRect frame;`
    /// https://developer.apple.com/documentation/uikit/uiview/frame
    open var frame: CGRect {
        get { .zero }
        set {}
    }

    /// `@property(nonatomic) CGRect bounds;`
    /// https://developer.apple.com/documentation/uikit/uiview/bounds
    open var bounds: CGRect {
        get { .zero }
        set {}
    }

    /// `@property(nonatomic) CGAffineTransform transform;` (animatable, applied about the centre).
    /// https://developer.apple.com/documentation/uikit/uiview/transform
    open var transform: CGAffineTransform {
        get { CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0) }
        set {}
    }

    /// `@property(nonatomic) BOOL clipsToBounds;`
    /// https://developer.apple.com/documentation/uikit/uiview/clipstobounds
    open var clipsToBounds: Bool {
        get { false }
        set {}
    }

    /// `@property(nullable, nonatomic, copy) UIColor *backgroundColor;`
    /// https://developer.apple.com/documentation/uikit/uiview/backgroundcolor
    open var backgroundColor: UIColor? {
        get { nil }
        set {}
    }

    /// `@property(nullable, nonatomic, strong) UIView *maskView API_AVAILABLE(ios(8.0));`, named `mask` in Swift.
    /// https://developer.apple.com/documentation/uikit/uiview/mask
    @available(iOS 8.0, tvOS 9.0, visionOS 1.0, *)
    open var mask: UIView? {
        get { nil }
        set {}
    }

    /// `- (void)layoutSubviews;`
    /// https://developer.apple.com/documentation/uikit/uiview/layoutsubviews()
    open func layoutSubviews() {}

    /// `+ (void)performWithoutAnimation:(void (NS_NOESCAPE ^)(void))actionsWithoutAnimation API_AVAILABLE(ios(7.0));`
    /// https://developer.apple.com/documentation/uikit/uiview/performwithoutanimation(_:)
    @available(iOS 7.0, tvOS 9.0, visionOS 1.0, *)
    open class func performWithoutAnimation(_ actionsWithoutAnimation: () -> Void) {}

    /// `+ (void)animateWithDuration:(NSTimeInterval)duration delay:(NSTimeInterval)delay
    /// options:(UIViewAnimationOptions)options animations:(void (^)(void))animations
    /// completion:(void (^ __nullable)(BOOL finished))completion API_AVAILABLE(ios(4.0));` — the header gives
    /// the blocks no `Sendable` or actor annotation (inside `NS_HEADER_AUDIT_BEGIN(nullability, sendability)`).
    /// https://developer.apple.com/documentation/uikit/uiview/animate(withduration:delay:options:animations:completion:)
    @available(iOS 4.0, tvOS 9.0, visionOS 1.0, *)
    open class func animate(
        withDuration duration: TimeInterval,
        delay: TimeInterval,
        options: UIView.AnimationOptions = [],
        animations: @escaping () -> Void,
        completion: ((Bool) -> Void)? = nil
    ) {}
}

extension UIView {
    /// Stand-in for `UIViewAnimationOptions` (`NS_OPTIONS(NSUInteger, …)`, iOS 4.0), only the option used.
    /// https://developer.apple.com/documentation/uikit/uiview/animationoptions
    @available(iOS 4.0, tvOS 9.0, visionOS 1.0, *)
    public struct AnimationOptions: OptionSet, Sendable {
        /// The options' bits.
        public let rawValue: UInt

        /// https://developer.apple.com/documentation/uikit/uiview/animationoptions/init(rawvalue:)
        public init(rawValue: UInt) { self.rawValue = rawValue }

        /// `UIViewAnimationOptionBeginFromCurrentState = 1 << 2`: start from what is on screen now.
        /// https://developer.apple.com/documentation/uikit/uiview/animationoptions/beginfromcurrentstate
        public static let beginFromCurrentState = AnimationOptions(rawValue: 1 << 2)
    }
}
