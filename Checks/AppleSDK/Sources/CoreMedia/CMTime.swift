/// Stand-in for Core Media's `CMTime`, a C struct of plain values (hence `Sendable` when imported).
/// Only its zero initialiser is declared; the shell reads it through ``CMTimeGetSeconds(_:)``.
/// https://developer.apple.com/documentation/coremedia/cmtime (header: CoreMedia/CMTime.h)
@available(iOS 4.0, macOS 10.7, tvOS 9.0, watchOS 6.0, visionOS 1.0, *)
public struct CMTime: Sendable {
    /// The zero-filled value every imported C struct gets.
    public init() {}
}

/// The time in seconds; NaN for an invalid or indefinite time.
/// https://developer.apple.com/documentation/coremedia/cmtimegetseconds(_:) (header: CoreMedia/CMTime.h)
@available(iOS 4.0, macOS 10.7, tvOS 9.0, watchOS 6.0, visionOS 1.0, *)
public func CMTimeGetSeconds(_ time: CMTime) -> Float64 { .nan }
