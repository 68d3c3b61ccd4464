import Foundation

/// One engine's mailbox of jobs: the pool posts a job, the engine's lane task takes it.
///
/// The lane task waits here, not on the pool, so an idle lane does not keep its pool alive: a pool
/// nobody references is freed, and its ``abandon()`` makes every lane shut its engine down, once the call the
/// engine is running returns (on the lane, or an apply started outside it: ``beginCall()``).
final class EngineLane: @unchecked Sendable {
    // `@unchecked`: `job`, `waiter`, `isAbandoned` and `outside` are only touched with `lock` held; a waiter
    // is taken out of the lock before it is resumed, so it is resumed exactly once.
    private let lock = NSLock()
    private var job: EngineJob?
    private var waiter: CheckedContinuation<EngineJob, Never>?
    private var isAbandoned = false
    private var outside = OutsideCall.none

    /// An apply started outside the lane task, and who tells the pool it returned: the pool, right after starting
    /// it, when it returned at once; the apply's task otherwise. Exactly one of them does.
    private enum OutsideCall {
        case none
        /// Started; the pool has not looked yet.
        case running
        /// Returned before the pool looked: the pool reports it.
        case returned
        /// Still running when the pool looked: its task reports it.
        case taskReports
    }

    /// Whether the engine is running an apply started outside the lane.
    private var isBusyOutside: Bool { outside == .running || outside == .taskReports }
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

    /// An apply starts on the engine outside the lane task: until it returns, an abandoned lane does not shut the
    /// engine down.
    func beginCall() {
        lock.lock()
        outside = .running
        lock.unlock()
    }

    /// The pool looks right after starting the apply.
    /// - Returns: `true` when the apply has returned already: the pool reports it; `false` when it still runs:
    ///   its task will report it.
    func claimReport() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        if outside == .returned {
            outside = .none
            return true
        }
        outside = .taskReports
        return false
    }

    /// The apply started outside the lane returned. If the pool is gone meanwhile, the lane shuts the engine down
    /// now.
    /// - Returns: Whether the apply's task must report it (the pool looked while it ran).
    func callReturned() -> Bool {
        lock.lock()
        let taskReports = outside == .taskReports
        outside = taskReports ? .none : .returned
        let waiting = isAbandoned ? waiter : nil
        if waiting != nil { waiter = nil }
        lock.unlock()
        waiting?.resume(returning: .shutDown)
        return taskReports
    }

    /// The pool is gone: once its current job (if any) returns, the lane shuts its engine down.
    func abandon() {
        lock.lock()
        isAbandoned = true
        let waiting = isBusyOutside ? nil : waiter
        if waiting != nil { waiter = nil }
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
            } else if isAbandoned, !isBusyOutside {
                lock.unlock()
                continuation.resume(returning: .shutDown)
            } else {
                waiter = continuation
                lock.unlock()
            }
        }
    }
}
