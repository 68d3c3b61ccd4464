/// Stand-in for `@frozen @propertyWrapper struct State<Value> : DynamicProperty` (iOS 13.0): the wrapped value,
/// read and set from the view's body and its closures. Never run: the value is kept only so the type has one.
/// https://developer.apple.com/documentation/swiftui/state
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
@propertyWrapper
public struct State<Value> {
    private let initial: Value

    /// `init(wrappedValue value: Value)`
    /// https://developer.apple.com/documentation/swiftui/state/init(wrappedvalue:)
    public init(wrappedValue value: Value) { initial = value }

    /// `var wrappedValue: Value { get nonmutating set }`
    /// https://developer.apple.com/documentation/swiftui/state/wrappedvalue
    public var wrappedValue: Value {
        get { initial }
        nonmutating set {}
    }
}
