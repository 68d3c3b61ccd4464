import CoreGraphics

/// Stand-in for SwiftUI's `struct ScrollGeometry: Equatable, Sendable` (iOS 18.0): a scroll view's geometry, for
/// `onScrollGeometryChange(for:of:action:)`. Only the members the shells use.
/// https://developer.apple.com/documentation/swiftui/scrollgeometry
@available(iOS 18.0, macOS 15.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
public struct ScrollGeometry: Equatable, Sendable {
    /// `var containerSize: CGSize`: the size of the scroll view's container (its visible size).
    /// https://developer.apple.com/documentation/swiftui/scrollgeometry/containersize
    public var containerSize: CGSize
}

/// Stand-in for SwiftUI's `enum ScrollPhase: Equatable, Sendable` (iOS 18.0). Not frozen in the SDK, so the shells
/// compare with `==` and `isScrolling` rather than switching over it.
/// https://developer.apple.com/documentation/swiftui/scrollphase
@available(iOS 18.0, macOS 15.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
public enum ScrollPhase: Equatable, Sendable {
    /// https://developer.apple.com/documentation/swiftui/scrollphase/idle
    case idle
    /// The user touches the scroll view, and it may not have moved yet.
    /// https://developer.apple.com/documentation/swiftui/scrollphase/tracking
    case tracking
    /// The user's finger moves the scroll view.
    /// https://developer.apple.com/documentation/swiftui/scrollphase/interacting
    case interacting
    /// https://developer.apple.com/documentation/swiftui/scrollphase/decelerating
    case decelerating
    /// A programmatic scroll runs.
    /// https://developer.apple.com/documentation/swiftui/scrollphase/animating
    case animating

    /// `var isScrolling: Bool`: true while interacting, decelerating or animating.
    /// https://developer.apple.com/documentation/swiftui/scrollphase/isscrolling
    public var isScrolling: Bool { self == .interacting || self == .decelerating || self == .animating }
}

/// Stand-in for SwiftUI's `struct GeometryProxy` (iOS 13.0): not `Sendable`. Only the members the shells use.
/// https://developer.apple.com/documentation/swiftui/geometryproxy
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
public struct GeometryProxy {
    /// `func frame(in coordinateSpace: some CoordinateSpaceProtocol) -> CGRect` (iOS 17.0)
    /// https://developer.apple.com/documentation/swiftui/geometryproxy/frame(in:)
    @available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, visionOS 1.0, *)
    public func frame(in coordinateSpace: some CoordinateSpaceProtocol) -> CGRect { .zero }
}

/// Stand-in for SwiftUI's `protocol CoordinateSpaceProtocol` (iOS 17.0).
/// https://developer.apple.com/documentation/swiftui/coordinatespaceprotocol
@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, visionOS 1.0, *)
public protocol CoordinateSpaceProtocol {}

/// Stand-in for SwiftUI's `struct NamedCoordinateSpace: CoordinateSpaceProtocol` (iOS 17.0).
/// https://developer.apple.com/documentation/swiftui/namedcoordinatespace
@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, visionOS 1.0, *)
public struct NamedCoordinateSpace: CoordinateSpaceProtocol {}

@available(iOS 17.0, macOS 14.0, tvOS 17.0, watchOS 10.0, visionOS 1.0, *)
extension CoordinateSpaceProtocol where Self == NamedCoordinateSpace {
    /// `static var scrollView: NamedCoordinateSpace`: the nearest enclosing scroll view's visible area.
    /// https://developer.apple.com/documentation/swiftui/coordinatespaceprotocol/scrollview
    public static var scrollView: NamedCoordinateSpace { NamedCoordinateSpace() }
}

@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
extension View {
    /// `nonisolated func onScrollGeometryChange<T>(for type: T.Type, of transform: @escaping (ScrollGeometry) -> T,
    /// action: @escaping (_ oldValue: T, _ newValue: T) -> Void) -> some View where T: Equatable` (iOS 18.0)
    /// https://developer.apple.com/documentation/swiftui/view/onscrollgeometrychange(for:of:action:)
    @available(iOS 18.0, macOS 15.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    nonisolated public func onScrollGeometryChange<T: Equatable>(
        for type: T.Type, of transform: @escaping (ScrollGeometry) -> T,
        action: @escaping (_ oldValue: T, _ newValue: T) -> Void
    ) -> some View { self }

    /// `nonisolated func onScrollPhaseChange(_ action: @escaping (_ oldPhase: ScrollPhase, _ newPhase: ScrollPhase)
    /// -> Void) -> some View` (iOS 18.0)
    /// https://developer.apple.com/documentation/swiftui/view/onscrollphasechange(_:)
    @available(iOS 18.0, macOS 15.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
    nonisolated public func onScrollPhaseChange(
        _ action: @escaping (_ oldPhase: ScrollPhase, _ newPhase: ScrollPhase) -> Void
    ) -> some View { self }

    /// `@preconcurrency nonisolated func onGeometryChange<T>(for type: T.Type, of transform: @escaping (GeometryProxy)
    /// -> T, action: @escaping (T) -> Void) -> some View where T: Equatable, T: Sendable` (iOS 16.0); the transform
    /// is declared `@Sendable` here, as in later SDKs, the stricter of the two.
    /// https://developer.apple.com/documentation/swiftui/view/ongeometrychange(for:of:action:)
    @available(iOS 16.0, macOS 13.0, tvOS 16.0, watchOS 9.0, visionOS 1.0, *)
    nonisolated public func onGeometryChange<T: Equatable & Sendable>(
        for type: T.Type, of transform: @escaping @Sendable (GeometryProxy) -> T, action: @escaping (T) -> Void
    ) -> some View { self }
}
