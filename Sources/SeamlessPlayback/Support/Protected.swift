import Foundation

/// State behind a lock, for the types that tasks and threads share: the pool's lanes, active holders and notice
/// mailboxes, the testing types (and the stress tool), and the libmpv engine's package, which imports it with
/// `@_spi(EngineSupport) import SeamlessPlayback`: it is not part of the library's API.
///
/// This uses `NSLock` rather than `Synchronization.Mutex` on purpose: on Linux, ThreadSanitizer does
/// not see `Mutex` as a lock (Swift 6.3) and reports every access under it as a race, which would make
/// the users' own `--sanitize=thread` runs of tests with these types fail for nothing.
///
/// The state lives in memory of its own, reached through a pointer: the lock is what keeps two accesses apart, so
/// no exclusivity check of a class property is paid on top of it (the handoff path takes such locks several times).
@_spi(EngineSupport) public final class Protected<State>: @unchecked Sendable {
    // `@unchecked`: every access to `state` goes through `lock`.
    private let lock = NSLock()
    private let state: UnsafeMutablePointer<State>

    /// Puts `state` behind a lock of its own.
    /// - Parameter state: The state's first value.
    public init(_ state: State) {
        self.state = .allocate(capacity: 1)
        self.state.initialize(to: state)
    }

    deinit {
        state.deinitialize(count: 1)
        state.deallocate()
    }

    /// Runs `body` on the state while holding the lock.
    /// - Parameter body: What reads or changes the state; it must not take this lock again.
    /// - Returns: What `body` returned.
    /// - Throws: What `body` threw.
    public func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&state.pointee)
    }
}
