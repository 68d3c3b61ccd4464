/// Stand-in for Core Media's `CMTime`, a C struct of plain values, `Sendable` in Swift (as Apple's documentation
/// lists). Only `init()` is declared; the shell reads times through ``CMTimeGetSeconds(_:)``.
/// https://developer.apple.com/documentation/coremedia/cmtime (header: CoreMedia/CMTime.h)
@available(iOS 4.0, macOS 10.7, tvOS 9.0, watchOS 6.0, visionOS 1.0, *)
public struct CMTime: Sendable {
    /// An invalid time. https://developer.apple.com/documentation/coremedia/cmtime/init()
    public init() {}
}

/// The time in seconds; NaN for an invalid or indefinite time.
/// https://developer.apple.com/documentation/coremedia/cmtimegetseconds(_:) (header: CoreMedia/CMTime.h)
@available(iOS 4.0, macOS 10.7, tvOS 9.0, watchOS 6.0, visionOS 1.0, *)
public func CMTimeGetSeconds(_ time: CMTime) -> Float64 { .nan }
