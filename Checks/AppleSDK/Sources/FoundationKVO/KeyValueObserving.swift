import Foundation

// Stand-ins for Darwin Foundation's Swift key-value observing, which swift-corelibs-foundation does not have.
// On Apple platforms these come from Foundation itself; the signatures are those of Foundation's Swift overlay.
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

/// One observed change. The shell reads no field of it (it reads the property afresh on the main actor),
/// so none is declared.
/// https://developer.apple.com/documentation/foundation/nskeyvalueobservedchange
public struct NSKeyValueObservedChange<Value> {}

/// The token of one observation: it observes until it is invalidated (or deinitialised).
/// Not `Sendable` here: the shell keeps and invalidates it on the main actor only.
/// https://developer.apple.com/documentation/foundation/nskeyvalueobservation
public class NSKeyValueObservation: NSObject {
    /// https://developer.apple.com/documentation/foundation/nskeyvalueobservation/invalidate()
    public func invalidate() {}
}

extension _KeyValueCodingAndObserving {
    /// Observes the property at `keyPath`. The change handler is declared as in Foundation's open-source Swift
    /// overlay: not `@Sendable`, and called on the thread that made the change. (If the iOS 18 SDK marks it
    /// `@Sendable`, the shell still compiles: its handlers are `@Sendable` closures, so that one written on the
    /// main actor is not inferred main-actor-isolated and trapped when called from another thread.)
    /// https://developer.apple.com/documentation/swift/using-key-value-observing-in-swift
    public func observe<Value>(
        _ keyPath: KeyPath<Self, Value>,
        options: NSKeyValueObservingOptions = [],
        changeHandler: @escaping (Self, NSKeyValueObservedChange<Value>) -> Void
    ) -> NSKeyValueObservation {
        NSKeyValueObservation()
    }
}
