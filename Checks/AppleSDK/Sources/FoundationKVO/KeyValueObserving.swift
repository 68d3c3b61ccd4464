import Foundation

// Stand-ins for Darwin Foundation's Swift key-value observing, which swift-corelibs-foundation does not have.
// On Apple platforms these come from Foundation itself. The declarations follow the iOS 18 SDK's
// `usr/lib/swift/Foundation.swiftmodule/arm64-apple-ios.swiftinterface` as the 2026-12-01 audit recorded it
// (shared/notes/apple-stand-in-audit.md: the interface itself is not in the index this was written from): the change
// handler is `@escaping @Sendable` under `@preconcurrency`, `NSKeyValueObservation` is `@unchecked Sendable` from
// iOS 16, and a change is `Sendable` where its value is.
// https://developer.apple.com/documentation/swift/using-key-value-observing-in-swift

/// The protocol through which every `NSObject` gets `observe(_:options:changeHandler:)`.
public protocol _KeyValueCodingAndObserving {}

extension NSObject: _KeyValueCodingAndObserving {}

/// Which values a change carries, and whether the handler also runs once at registration.
/// Only the two options the shell uses are declared.
/// https://developer.apple.com/documentation/foundation/nskeyvalueobservingoptions
public struct NSKeyValueObservingOptions: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// https://developer.apple.com/documentation/foundation/nskeyvalueobservingoptions/new
    public static let new = NSKeyValueObservingOptions(rawValue: 0x01)
    /// https://developer.apple.com/documentation/foundation/nskeyvalueobservingoptions/initial
    public static let initial = NSKeyValueObservingOptions(rawValue: 0x04)
}

/// One observed change. The shell reads no field of it (it reads the property afresh on the main actor), so the
/// SDK's fields (`kind`, `newValue`, `oldValue`, `indexes`, `isPrior`) are not declared; its conditional `Sendable`
/// conformance is.
/// https://developer.apple.com/documentation/foundation/nskeyvalueobservedchange
public struct NSKeyValueObservedChange<Value> {}

extension NSKeyValueObservedChange: Sendable where Value: Sendable {}

/// The token of one observation: it observes until it is invalidated (or deinitialised).
/// https://developer.apple.com/documentation/foundation/nskeyvalueobservation
public class NSKeyValueObservation: NSObject {
    /// https://developer.apple.com/documentation/foundation/nskeyvalueobservation/invalidate()
    public func invalidate() {}
}

/// `@available(iOS 16.0, …) extension NSKeyValueObservation : @unchecked Sendable` in the interface.
@available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, visionOS 1.0, *)
extension NSKeyValueObservation: @unchecked Sendable {}

extension _KeyValueCodingAndObserving {
    /// Observes the property at `keyPath`. As in the iOS 18 interface: `@preconcurrency`, and the handler is
    /// `@escaping @Sendable`, called on the thread that made the change (the main thread for an `AVPlayerItem` by
    /// default, per AVPlayerItem.h). So a handler written on the main actor is not main-actor isolated: it cannot
    /// touch main-actor state (`Checks/MustNotCompile/KVOHandlerMutatesMainActorState.swift`).
    /// https://developer.apple.com/documentation/swift/using-key-value-observing-in-swift
    @preconcurrency
    public func observe<Value>(
        _ keyPath: KeyPath<Self, Value>,
        options: NSKeyValueObservingOptions = [],
        changeHandler: @escaping @Sendable (Self, NSKeyValueObservedChange<Value>) -> Void
    ) -> NSKeyValueObservation {
        NSKeyValueObservation()
    }
}
