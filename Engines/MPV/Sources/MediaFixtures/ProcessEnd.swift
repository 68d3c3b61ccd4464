import Foundation

/// The end of a child `Process`, waited for with a bound: told by its termination handler, which is set before the
/// child starts, so a child that ends at once is not missed.
///
/// Not `Process.waitUntilExit()`: off the main thread it waits on a run loop for word of the child's end, and under
/// load (ThreadSanitizer, many children at once) that wait has been reported to last for good for a child that had
/// long ended.
package final class ProcessEnd: Sendable {
    private let ended = DispatchSemaphore(value: 0)

    /// Watches `process`, which has not been started yet.
    /// - Parameter process: The child; its `terminationHandler` becomes this watch's.
    package init(of process: Process) {
        let ended = ended
        process.terminationHandler = { _ in ended.signal() }
    }

    /// Waits until the child has ended, for `seconds` at most; a child still running then is killed.
    /// - Parameters:
    ///   - process: The child this watch was made for, started.
    ///   - seconds: The bound.
    /// - Returns: Its exit status, or nil when it was killed for running past the bound.
    package func wait(for process: Process, seconds: Double) -> Int32? {
        guard ended.wait(timeout: .now() + seconds) == .success else {
            kill(process.processIdentifier, SIGKILL)
            _ = ended.wait(timeout: .now() + 10)
            return nil
        }
        return process.terminationStatus
    }
}
