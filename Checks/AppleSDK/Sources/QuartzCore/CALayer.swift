import Foundation

/// Stand-in for Core Animation's `CALayer`, only as the superclass of `AVPlayerLayer`.
///
/// No actor annotation and not `Sendable`, as in the SDK: code that holds one must confine it itself.
/// https://developer.apple.com/documentation/quartzcore/calayer
@available(iOS 2.0, macOS 10.5, tvOS 9.0, visionOS 1.0, *)
open class CALayer: NSObject {
    /// https://developer.apple.com/documentation/quartzcore/calayer/init()
    override public init() { super.init() }
}
