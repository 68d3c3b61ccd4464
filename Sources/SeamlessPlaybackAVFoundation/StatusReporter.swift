import Foundation
import SeamlessPlayback

/// Delivers an engine's status reports to the pool's `onStatusChange` handler, in the order they are made.
///
/// The pool hands its handler over (``setHandler(_:)``) from any thread before the first load; the engine reports
/// from the main actor, one report at a time. Reports made before a handler arrives are dropped: nothing is loaded
/// then, so there is nothing to tell.
final class StatusReporter: @unchecked Sendable {
    // `@unchecked`: `handler` is read and written only while holding `lock`, and the handler (itself `@Sendable`)
    // is called after the lock is released.
    private let lock = NSLock()
    private var handler: (@Sendable (PlaybackStatus) -> Void)?

    /// Installs the handler, replacing any earlier one.
    /// - Parameter handler: Called with every later report.
    func setHandler(_ handler: @escaping @Sendable (PlaybackStatus) -> Void) {
        lock.withLock { self.handler = handler }
    }

    /// Hands a report to the handler, if there is one.
    /// - Parameter status: The engine's new status.
    func report(_ status: PlaybackStatus) {
        let target = lock.withLock { handler }
        target?(status)
    }
}
