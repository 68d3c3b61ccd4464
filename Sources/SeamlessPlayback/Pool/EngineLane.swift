import Foundation

/// One engine's mailbox of jobs: the pool posts a job, the engine's lane task takes it.
///
/// The lane task waits here, not on the pool, so an idle lane does not keep its pool alive: a pool
/// nobody references is freed, and its ``abandon()`` makes every lane shut its engine down.
final class EngineLane: @unchecked Sendable {
    // `@unchecked`: `job`, `waiter` and `isAbandoned` are only touched with `lock` held; a waiter is
    // taken out of the lock before it is resumed, so it is resumed exactly once.
    private let lock = NSLock()
    private var job: EngineJob?
    private var waiter: CheckedContinuation<EngineJob, Never>?
    private var isAbandoned = false
    private var failed = false
    private var notedFailure: String?

    /// Hands the lane its next job. The machine starts a job only on a free lane, so at most one is
    /// ever waiting here.
    func post(_ job: EngineJob) {
        lock.lock()
        if let waiter {
            self.waiter = nil
            lock.unlock()
            waiter.resume(returning: job)
        } else {
            self.job = job
            lock.unlock()
        }
    }

    /// The pool failed the engine: a load or apply not yet started is skipped (reported as returned
    /// without reaching the engine); only its shutdown still reaches it.
    func markFailed() {
        lock.lock()
        failed = true
        lock.unlock()
    }

    /// Keeps an engine's failure report, so that the lane can hand it to the pool before it reports the call
    /// that was running as returned (the report's own hop to the pool may come later). The first counts.
    func noteFailure(_ reason: String) {
        lock.lock()
        if notedFailure == nil { notedFailure = reason }
        lock.unlock()
    }

    /// The failure noted since the last call, if any.
    func takeNotedFailure() -> String? {
        lock.lock()
        defer {
            notedFailure = nil
            lock.unlock()
        }
        return notedFailure
    }

    /// Whether the pool failed the engine.
    var isFailed: Bool {
        lock.lock()
        defer { lock.unlock() }
        return failed
    }

    /// The pool is gone: once its current job (if any) returns, the lane shuts its engine down.
    func abandon() {
        lock.lock()
        isAbandoned = true
        let waiting = waiter
        waiter = nil
        lock.unlock()
        waiting?.resume(returning: .shutDown)
    }

    /// The next job; `.shutDown` once the pool is gone.
    func next() async -> EngineJob {
        await withCheckedContinuation { continuation in
            lock.lock()
            if let job {
                self.job = nil
                lock.unlock()
                continuation.resume(returning: job)
            } else if isAbandoned {
                lock.unlock()
                continuation.resume(returning: .shutDown)
            } else {
                waiter = continuation
                lock.unlock()
            }
        }
    }
}
