import UIKit

/// Stand-in for SwiftUI's `View`: `@MainActor @preconcurrency protocol View` (iOS 13.0; in the iOS 18 SDK it
/// lives in SwiftUICore and SwiftUI re-exports it). Its `body` requirement is left out: SwiftUI supplies it for
/// representables (whose `Body` is `Never`) and the shells never name it.
/// https://developer.apple.com/documentation/swiftui/view
@MainActor
@preconcurrency
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
public protocol View {
    /// https://developer.apple.com/documentation/swiftui/view/body-swift.associatedtype
    associatedtype Body: View
}

/// `extension Never : View`, so that a representable's `Body` can be `Never`.
/// https://developer.apple.com/documentation/swift/never
extension Never: View {
    /// `Never`'s body is `Never`.
    public typealias Body = Never
}
