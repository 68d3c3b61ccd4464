import Foundation

/// State behind a lock, for the testing types (and the stress tool) that tasks and threads share.
///
/// This uses `NSLock` rather than `Synchronization.Mutex` on purpose: on Linux, ThreadSanitizer does
/// not see `Mutex` as a lock (Swift 6.3) and reports every access under it as a race, which would make
/// the users' own `--sanitize=thread` runs of tests with these types fail for nothing.
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
