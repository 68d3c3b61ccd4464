import Synchronization

/// One engine's mailbox of jobs: the pool posts a job, the engine's lane task takes it.
///
/// The lane task waits here, not on the pool, so an idle lane does not keep its pool alive: a pool
/// nobody references is freed, and its ``abandon()`` makes every lane shut its engine down, once the call the
/// engine is running returns (on the lane, or an apply started outside it: ``beginCall()``).
final class EngineLane: Sendable {
    /// Everything the lane knows, behind one lock. A waiter is taken out of the lock before it is resumed, so it is
    /// resumed exactly once.
    private let state = Protected(State())
    /// Whether a failure is noted and not yet taken; set and cleared under the lock, read without it, so that
    /// ``takeNotedFailure()`` takes no lock after every apply of a healthy engine.
    private let hasNotedFailure = Atomic<Bool>(false)
    /// The pool's count of pending failures, kept with this lane's notes.
    private let reports: FailureReports

    /// - Parameter reports: The pool's count of failures noted on its lanes and not yet taken.
    init(reports: FailureReports = FailureReports()) {
        self.reports = reports
    }

    private struct State {
        var job: EngineJob?
        var waiter: CheckedContinuation<EngineJob, Never>?
        var isAbandoned = false
        var outside = OutsideCall.none
        var failed = false
        var notedFailure: String?
        /// Set when the engine is shut down: later failure reports are ignored.
        var isClosed = false
        /// The load posted or running, its task once it runs, and whether the pool cancelled it.
        var load: MediaItem?
        var loadTask: Task<Void, any Error>?
        var isLoadCancelled = false

        /// Whether the engine is running an apply started outside the lane.
        var isBusyOutside: Bool { outside == .running || outside == .taskReports }

        /// Takes the noted failure out, if any, clearing the lane's flag and the pool's count with it.
        mutating func takeNote(clearing flag: borrowing Atomic<Bool>, counted reports: FailureReports) -> String? {
            guard let note = notedFailure else { return nil }
            notedFailure = nil
            flag.store(false, ordering: .relaxed)
            reports.taken()
            return note
        }

        /// Takes the waiting lane task out, when the pool is gone and no apply runs outside: it is to shut down.
        mutating func takeWaiterToShutDown() -> CheckedContinuation<EngineJob, Never>? {
            guard isAbandoned, !isBusyOutside, let waiting = waiter else { return nil }
            waiter = nil
            return waiting
        }
    }

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

    /// Hands the lane its next job. The machine starts a job only on a free lane, so at most one is
    /// ever waiting here.
    func post(_ job: EngineJob) {
        let waiting = state.withLock { state -> CheckedContinuation<EngineJob, Never>? in
            if case .load(let media) = job {
                state.load = media
                state.isLoadCancelled = false
            }
            guard let waiting = state.waiter else {
                state.job = job
                return nil
            }
            state.waiter = nil
            return waiting
        }
        waiting?.resume(returning: job)
    }

    /// The pool no longer wants the load of `media`: its task is cancelled, now or as soon as it starts. Nothing
    /// for a load that already ended.
    func cancelLoad(_ media: MediaItem) {
        let task = state.withLock { state -> Task<Void, any Error>? in
            guard state.load == media else { return nil }
            state.isLoadCancelled = true
            return state.loadTask
        }
        task?.cancel()
    }

    /// Runs the engine's load on a task the pool can cancel (``cancelLoad(_:)``), and returns its error, if any.
    func runLoad(_ media: MediaItem, on engine: any PlaybackEngine) async -> (any Error)? {
        let task = Task { try await engine.load(media) }
        let cancelled = state.withLock { state in
            state.loadTask = task
            return state.isLoadCancelled
        }
        if cancelled { task.cancel() }
        defer {
            state.withLock { state in
                state.load = nil
                state.loadTask = nil
                state.isLoadCancelled = false
            }
        }
        do {
            try await task.value
            return nil
        } catch {
            return error
        }
    }

    /// The pool failed the engine: a load or apply not yet started is skipped (reported as returned
    /// without reaching the engine); only its shutdown still reaches it.
    func markFailed() {
        state.withLock { $0.failed = true }
    }

    /// Keeps an engine's failure report, so that the lane can hand it to the pool before it reports the call
    /// that was running as returned (the report's own hop to the pool may come later). The first counts; once the
    /// lane is ``close()``d, none does.
    /// - Returns: Whether the lane is still open, so that the pool should hear of the report.
    @discardableResult
    func noteFailure(_ reason: String) -> Bool {
        state.withLock { state in
            guard !state.isClosed else { return false }
            guard state.notedFailure == nil else { return true }
            state.notedFailure = reason
            hasNotedFailure.store(true, ordering: .releasing)
            reports.noted()
            return true
        }
    }

    /// The engine is shut down: a failure still noted is dropped (no longer counted as pending) and every later
    /// report is ignored.
    func close() {
        state.withLock { state in
            state.isClosed = true
            _ = state.takeNote(clearing: hasNotedFailure, counted: reports)
        }
    }

    /// The failure noted since the last call, if any. A failure noted while this runs is kept for the next call, as
    /// one noted just after it.
    func takeNotedFailure() -> String? {
        guard hasNotedFailure.load(ordering: .acquiring) else { return nil }
        return state.withLock { state in state.takeNote(clearing: hasNotedFailure, counted: reports) }
    }

    /// Whether the pool failed the engine.
    var isFailed: Bool {
        state.withLock { $0.failed }
    }

    /// An apply starts on the engine outside the lane task: until it returns, an abandoned lane does not shut the
    /// engine down.
    func beginCall() {
        state.withLock { $0.outside = .running }
    }

    /// The pool looks right after starting the apply.
    /// - Returns: `.returned` with the failure the engine reported meanwhile, if any, when the apply has returned
    ///   already: the pool reports it; `.running` when it still runs: its task will report it.
    func claimReport() -> Claim {
        state.withLock { state in
            guard state.outside == .returned else {
                state.outside = .taskReports
                return .running
            }
            state.outside = .none
            return .returned(noted: state.takeNote(clearing: hasNotedFailure, counted: reports))
        }
    }

    /// What ``claimReport()`` found.
    enum Claim: Equatable {
        /// The apply returned; the pool reports it, with the failure the engine noted meanwhile.
        case returned(noted: String?)
        /// The apply still runs; its task reports it.
        case running
    }

    /// The apply started outside the lane returned. If the pool is gone meanwhile, the lane shuts the engine down
    /// now.
    /// - Returns: Whether the apply's task must report it (the pool looked while it ran).
    func callReturned() -> Bool {
        let (taskReports, waiting) = state.withLock { state in
            let taskReports = state.outside == .taskReports
            state.outside = taskReports ? .none : .returned
            return (taskReports, state.takeWaiterToShutDown())
        }
        waiting?.resume(returning: .shutDown)
        return taskReports
    }

    /// The pool is gone: once its current job (if any) returns, the lane shuts its engine down.
    func abandon() {
        let waiting = state.withLock { state in
            state.isAbandoned = true
            return state.takeWaiterToShutDown()
        }
        waiting?.resume(returning: .shutDown)
    }

    /// The next job; `.shutDown` once the pool is gone.
    func next() async -> EngineJob {
        await withCheckedContinuation { continuation in
            let ready: EngineJob? = state.withLock { state in
                if let job = state.job {
                    state.job = nil
                    return job
                }
                if state.isAbandoned, !state.isBusyOutside { return .shutDown }
                state.waiter = continuation
                return nil
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }
}
