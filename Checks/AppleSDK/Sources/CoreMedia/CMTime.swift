/// `typedef int64_t CMTimeValue;` (CoreMedia/CMTime.h): a time's numerator.
/// https://developer.apple.com/documentation/coremedia/cmtimevalue
public typealias CMTimeValue = Int64

/// `typedef int32_t CMTimeScale;` (CoreMedia/CMTime.h): a time's denominator, units per second.
/// https://developer.apple.com/documentation/coremedia/cmtimescale
public typealias CMTimeScale = Int32

/// Stand-in for Core Media's `CMTime`, a C struct of plain values, `Sendable` in Swift (as Apple's documentation
/// lists). Only what the shell uses: the invalid time, the overlay's `init(value:timescale:)` for exact seek
/// positions, and `.zero`; the shell reads times through ``CMTimeGetSeconds(_:)``.
/// https://developer.apple.com/documentation/coremedia/cmtime (header: CoreMedia/CMTime.h)
@available(iOS 4.0, macOS 10.7, tvOS 9.0, watchOS 6.0, visionOS 1.0, *)
public struct CMTime: Sendable {
    /// An invalid time. https://developer.apple.com/documentation/coremedia/cmtime/init()
    public init() {}

    /// Core Media's Swift overlay: `init(value: CMTimeValue, timescale: CMTimeScale)`, a valid time of
    /// `value / timescale` seconds.
    /// https://developer.apple.com/documentation/coremedia/cmtime/init(value:timescale:)
    public init(value: CMTimeValue, timescale: CMTimeScale) {}

    /// `kCMTimeZero`, imported as `CMTime.zero` (`static let zero: CMTime`).
    /// https://developer.apple.com/documentation/coremedia/cmtime/zero
    public static let zero = CMTime()
}

/// The time in seconds; NaN for an invalid or indefinite time.
/// https://developer.apple.com/documentation/coremedia/cmtimegetseconds(_:) (header: CoreMedia/CMTime.h)
@available(iOS 4.0, macOS 10.7, tvOS 9.0, watchOS 6.0, visionOS 1.0, *)
public func CMTimeGetSeconds(_ time: CMTime) -> Float64 { .nan }

/// Stand-in for Core Media's `CMTimeRange` (CoreMedia/CMTimeRange.h): a C struct of a start and a duration, both
/// `CMTime`, `Sendable` in Swift. Only the two fields the shell reads.
/// https://developer.apple.com/documentation/coremedia/cmtimerange
@available(iOS 4.0, macOS 10.7, tvOS 9.0, watchOS 6.0, visionOS 1.0, *)
public struct CMTimeRange: Sendable {
    /// The start of the range. https://developer.apple.com/documentation/coremedia/cmtimerange/start
    public var start: CMTime
    /// The length of the range. https://developer.apple.com/documentation/coremedia/cmtimerange/duration
    public var duration: CMTime

    /// `init()`: the zero-initialised struct, as Swift imports for every C struct.
    public init() {
        start = CMTime()
        duration = CMTime()
    }
}
