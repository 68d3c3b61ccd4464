import CoreMedia
import Foundation

/// AVFoundation's `NSValue (NSValueCMTimeRangeExtensions)` (AVFoundation/AVTime.h, iOS 18.0 SDK):
/// `@property (readonly) CMTimeRange CMTimeRangeValue API_AVAILABLE(ios(4.0) …);`, imported into Swift as
/// `timeRangeValue`. The shell reads each of `AVPlayerItem.loadedTimeRanges` with it.
/// https://developer.apple.com/documentation/foundation/nsvalue/timerangevalue
extension NSValue {
    /// The time range the value holds.
    @available(iOS 4.0, macOS 10.7, tvOS 9.0, watchOS 1.0, visionOS 1.0, *)
    public var timeRangeValue: CMTimeRange { CMTimeRange() }
}
