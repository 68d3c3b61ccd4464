import UIKit

/// Stand-in for `@MainActor @preconcurrency protocol UIViewRepresentable : View where Self.Body == Never`
/// (iOS 13.0, tvOS 13.0, visionOS 1.0; unavailable on macOS and watchOS).
/// https://developer.apple.com/documentation/swiftui/uiviewrepresentable
@MainActor
@preconcurrency
@available(iOS 13.0, tvOS 13.0, visionOS 1.0, *)
@available(macOS, unavailable)
@available(watchOS, unavailable)
public protocol UIViewRepresentable: View where Self.Body == Never {
    /// https://developer.apple.com/documentation/swiftui/uiviewrepresentable/uiviewtype
    associatedtype UIViewType: UIView
    /// https://developer.apple.com/documentation/swiftui/uiviewrepresentable/coordinator
    associatedtype Coordinator = Void
    /// https://developer.apple.com/documentation/swiftui/uiviewrepresentable/context
    typealias Context = UIViewRepresentableContext<Self>

    /// `@MainActor @preconcurrency func makeUIView(context: Self.Context) -> Self.UIViewType`
    /// https://developer.apple.com/documentation/swiftui/uiviewrepresentable/makeuiview(context:)
    @MainActor @preconcurrency func makeUIView(context: Self.Context) -> Self.UIViewType

    /// `@MainActor @preconcurrency func updateUIView(_ uiView: Self.UIViewType, context: Self.Context)`
    /// https://developer.apple.com/documentation/swiftui/uiviewrepresentable/updateuiview(_:context:)
    @MainActor @preconcurrency func updateUIView(_ uiView: Self.UIViewType, context: Self.Context)

    /// `@MainActor @preconcurrency static func dismantleUIView(_ uiView: Self.UIViewType, coordinator: Self.Coordinator)`
    /// https://developer.apple.com/documentation/swiftui/uiviewrepresentable/dismantleuiview(_:coordinator:)
    @MainActor @preconcurrency static func dismantleUIView(_ uiView: Self.UIViewType, coordinator: Self.Coordinator)

    /// `@MainActor @preconcurrency func makeCoordinator() -> Self.Coordinator`
    /// https://developer.apple.com/documentation/swiftui/uiviewrepresentable/makecoordinator()
    @MainActor @preconcurrency func makeCoordinator() -> Self.Coordinator
}

@available(iOS 13.0, tvOS 13.0, visionOS 1.0, *)
@available(macOS, unavailable)
@available(watchOS, unavailable)
extension UIViewRepresentable {
    /// SwiftUI's default: no teardown.
    public static func dismantleUIView(_ uiView: Self.UIViewType, coordinator: Self.Coordinator) {}
}

@available(iOS 13.0, tvOS 13.0, visionOS 1.0, *)
@available(macOS, unavailable)
@available(watchOS, unavailable)
extension UIViewRepresentable where Self.Coordinator == Void {
    /// SwiftUI's default for representables without a coordinator.
    public func makeCoordinator() -> Self.Coordinator { () }
}

/// Stand-in for `@MainActor @preconcurrency struct UIViewRepresentableContext<Representable>`; only its
/// coordinator. SwiftUI makes it; apps never do.
/// https://developer.apple.com/documentation/swiftui/uiviewrepresentablecontext
@MainActor
@preconcurrency
@available(iOS 13.0, tvOS 13.0, visionOS 1.0, *)
@available(macOS, unavailable)
@available(watchOS, unavailable)
public struct UIViewRepresentableContext<Representable: UIViewRepresentable> {
    /// `@MainActor @preconcurrency let coordinator: Representable.Coordinator`
    /// https://developer.apple.com/documentation/swiftui/uiviewrepresentablecontext/coordinator
    public let coordinator: Representable.Coordinator
}
