import Foundation

/// State behind a lock, shared by the engine's callers and its event thread.
///
/// `NSLock` rather than `Synchronization.Mutex`: on Linux, ThreadSanitizer does not see `Mutex` as a lock
/// (Swift 6.3) and would report every access under it as a race in the users' own sanitizer runs.
package final class Protected<State>: @unchecked Sendable {
    // `@unchecked`: every access to `state` goes through `lock`.
    private let lock = NSLock()
    private var state: State

    package init(_ state: State) { self.state = state }

    package func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&state)
    }
}
