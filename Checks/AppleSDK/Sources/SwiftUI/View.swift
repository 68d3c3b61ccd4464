import UIKit

/// Stand-in for SwiftUI's `View`: `@MainActor @preconcurrency protocol View` (iOS 13.0; in the iOS 18 SDK it
/// lives in SwiftUICore and SwiftUI re-exports it).
/// https://developer.apple.com/documentation/swiftui/view
@MainActor
@preconcurrency
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
public protocol View {
    /// https://developer.apple.com/documentation/swiftui/view/body-swift.associatedtype
    associatedtype Body: View

    /// `@ViewBuilder @MainActor @preconcurrency var body: Self.Body { get }`
    /// https://developer.apple.com/documentation/swiftui/view/body-swift.property
    @ViewBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

/// `extension Never : View`, so that a representable's `Body` can be `Never`.
/// https://developer.apple.com/documentation/swift/never
extension Never: View {
    /// `Never`'s body is `Never`.
    public typealias Body = Never
}

/// `extension View where Self.Body == Never { public var body: Never { get } }`: the body SwiftUI gives the views it
/// draws itself, representables among them. Never run.
extension View where Self.Body == Never {
    /// A view whose body is `Never` has none.
    public var body: Never { fatalError("a stand-in: never run") }
}
