import Foundation

/// A value behind a lock, for state the workload's tasks share.
///
/// Why not `Synchronization.Mutex`: on Linux, ThreadSanitizer does not see its futex-based locking
/// and reports every access it guards as a race, so the harness's own TSan run could never be clean.
/// `NSLock` is a pthread mutex, which ThreadSanitizer understands.
final class Guarded<Value>: @unchecked Sendable {
    // Safe: `value` is only touched inside `withLock`, under `lock`.
    private var value: Value
    private let lock = NSLock()

    init(_ value: Value) { self.value = value }

    /// Runs `body` with exclusive access to the value.
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
