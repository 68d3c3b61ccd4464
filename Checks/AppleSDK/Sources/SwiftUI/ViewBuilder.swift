/// Stand-in for `@resultBuilder struct ViewBuilder` (iOS 13.0): only the one-view block the checked code writes.
/// https://developer.apple.com/documentation/swiftui/viewbuilder
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
@resultBuilder
public struct ViewBuilder {
    /// `static func buildBlock<Content>(_ content: Content) -> Content where Content : View`
    /// https://developer.apple.com/documentation/swiftui/viewbuilder/buildblock(_:)
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
}
