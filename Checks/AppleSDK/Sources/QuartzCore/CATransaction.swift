import Foundation

/// Stand-in for `CATransaction` (CATransaction.h, iOS 2.0, unavailable on watchOS): class methods only, no actor
/// annotation (a transaction belongs to the calling thread).
/// https://developer.apple.com/documentation/quartzcore/catransaction
@available(iOS 2.0, macOS 10.5, tvOS 9.0, visionOS 1.0, *)
@available(watchOS, unavailable)
open class CATransaction: NSObject {
    /// `+ (void)begin;`
    /// https://developer.apple.com/documentation/quartzcore/catransaction/begin()
    open class func begin() {}

    /// `+ (void)commit;`
    /// https://developer.apple.com/documentation/quartzcore/catransaction/commit()
    open class func commit() {}

    /// `+ (void)setDisableActions:(BOOL)flag;` — no implicit animations for this transaction's changes.
    /// https://developer.apple.com/documentation/quartzcore/catransaction/setdisableactions(_:)
    open class func setDisableActions(_ flag: Bool) {}
}
