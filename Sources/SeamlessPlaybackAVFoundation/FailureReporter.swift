import Foundation

/// Delivers an engine's first failure to the pool's `onFailure` handler, exactly once.
///
/// The pool hands its handler over (``setHandler(_:)``) from any thread before the first load; the
/// engine reports from the main actor. Whichever comes second delivers: a failure reported before the
/// handler arrives is kept and handed over with it. Later failures are dropped, since only the first counts.
final class FailureReporter: @unchecked Sendable {
    // `@unchecked`: `handler`, `pending` and `delivered` are read and written only while holding `lock`,
    // and the handler (itself `@Sendable`) is called after the lock is released.
    private let lock = NSLock()
    private var handler: (@Sendable (String) -> Void)?
    private var pending: String?
    private var delivered = false

    /// Installs the handler, replacing any earlier one; delivers a failure already reported.
    /// - Parameter handler: Called at most once, with the first failure's reason.
    func setHandler(_ handler: @escaping @Sendable (String) -> Void) {
        let due: String? = lock.withLock {
            self.handler = handler
            guard !delivered, let pending else { return nil }
            delivered = true
            self.pending = nil
            return pending
        }
        if let due { handler(due) }
    }

    /// Reports a failure. Only the first report of the engine's life reaches the handler.
    /// - Parameter reason: Why the engine can no longer play.
    func report(_ reason: String) {
        let target: (@Sendable (String) -> Void)? = lock.withLock {
            guard !delivered, pending == nil else { return nil }
            guard let handler else {
                pending = reason
                return nil
            }
            delivered = true
            return handler
        }
        target?(reason)
    }
}
