/// Stand-ins for the view modifiers the checked code uses, as the iOS 18 SDK declares them: `nonisolated` methods of
/// `extension View`, whose closures take the isolation of the code that writes them (the view's body: the main actor).
/// Each returns the view itself; never run.
@available(iOS 13.0, macOS 10.15, tvOS 13.0, watchOS 6.0, visionOS 1.0, *)
extension View {
    /// `nonisolated func task(priority: TaskPriority = .userInitiated, _ action: @escaping @Sendable () async -> Void)
    /// -> some View` (iOS 15.0), with `@_inheritActorContext` on the action as in the SDK's interface: the task starts
    /// before the view appears and is cancelled when it disappears.
    /// https://developer.apple.com/documentation/swiftui/view/task(priority:_:)
    @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, visionOS 1.0, *)
    nonisolated public func task(
        priority: TaskPriority = .userInitiated, @_inheritActorContext _ action: @escaping @Sendable () async -> Void
    ) -> some View { self }

    /// `nonisolated func task<T>(id value: T, priority: TaskPriority = .userInitiated, _ action: @escaping @Sendable ()
    /// async -> Void) -> some View where T : Equatable` (iOS 15.0), with `@_inheritActorContext` on the action as in the
    /// SDK's interface: the task starts before the view appears, is cancelled when it disappears, and is cancelled and
    /// started again when `value` changes.
    /// https://developer.apple.com/documentation/swiftui/view/task(id:priority:_:)
    @available(iOS 15.0, macOS 12.0, tvOS 15.0, watchOS 8.0, visionOS 1.0, *)
    nonisolated public func task<T: Equatable>(
        id value: T, priority: TaskPriority = .userInitiated,
        @_inheritActorContext _ action: @escaping @Sendable () async -> Void
    ) -> some View { self }

    /// `nonisolated func onTapGesture(count: Int = 1, perform action: @escaping () -> Void) -> some View`
    /// https://developer.apple.com/documentation/swiftui/view/ontapgesture(count:perform:)
    @available(tvOS 16.0, *)
    nonisolated public func onTapGesture(count: Int = 1, perform action: @escaping () -> Void) -> some View { self }

    /// `nonisolated func onDisappear(perform action: (() -> Void)? = nil) -> some View`
    /// https://developer.apple.com/documentation/swiftui/view/ondisappear(perform:)
    nonisolated public func onDisappear(perform action: (() -> Void)? = nil) -> some View { self }
}
