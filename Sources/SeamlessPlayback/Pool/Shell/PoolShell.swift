/// Everything a ``PlayerPool`` changes, in one value: the state machine and what carries its actions out (the
/// engines, their lanes, the waiting calls, timers, mailboxes, subscribers).
///
/// The actor keeps it in one stored property and changes it in place, one call at a time: an access to an actor's
/// stored property pays a dynamic exclusivity check, so one property instead of a dozen makes that one check per
/// call instead of one per property touched. Nothing in here suspends; whatever has to run later (a lane, a timer,
/// an apply still running) reaches the pool again through ``pool``, which does not keep it alive.
struct PoolShell {
    var machine: PoolStateMachine
    let clock: PoolClock
    let makeEngine: @Sendable () async throws -> any PlaybackEngine
    /// The pool's configuration, but for its ``PlayerPool/Configuration/prefetcher``, which is in ``prefetcher``: the
    /// handoff path reads the configuration's timeouts, and a copy with an existential in it would cost a retain.
    let configuration: PlayerPool.Configuration
    let prefetcher: (any BytePrefetching)?
    /// The pool's record of active holders, shared with the actor (``PlayerPool/activeHolders``).
    let activeHolders: ActiveHolders
    /// The one reference to the pool that does not keep it alive, for lanes, apply tasks and timers.
    let pool: PlayerPool.WeakPool
    /// Calls in flight and borrows held, with their deadlines, and the one task that wakes at the earliest.
    var watchdog: Watchdog
    var watchdogTask: Task<Void, Never>?

    /// How many failures the engines' lanes noted and nobody took yet (see ``startApply(_:version:on:)``).
    let failureReports = FailureReports()
    var engines = IDMap<PlayerID, any PlaybackEngine>()
    var lanes = IDMap<PlayerID, EngineLane>()
    /// Waiting calls. A grant is turned into its lease when it is resumed, while its engine is certainly there.
    var waits = IDMap<RequestID, CheckedContinuation<Result<PlayerLease?, PlayerPoolError>, Never>>()
    /// The request whose input is being carried out, and its result once it completed meanwhile (an apply that
    /// returned at once): its caller takes it right after the input, without waiting.
    var running: RequestID?
    var runningResult: Result<PlayerLease?, PlayerPoolError>?
    /// Whether ``carryOut()`` is running: an input given meanwhile only collects its actions.
    var isCarryingOut = false
    /// Results of other requests completed before their caller came to wait. A safety net: a caller goes from its
    /// input to `waits` without a suspension, so nothing is expected here, but a result kept is never a lost caller.
    var finished = IDMap<RequestID, Result<PlayerLease?, PlayerPoolError>>()
    var timers: [RequestID: Task<Void, Never>] = [:]
    /// The delays before loads are tried again, one per player at most.
    var retryTimers: [PlayerID: (task: Task<Void, Never>, generation: UInt64)] = [:]
    /// Numbers the retry timers, so that one that fired after another replaced it is told apart.
    var nextRetryTimer: UInt64 = 1
    var notices = IDMap<SessionID, NoticeMailbox>()
    var subscribers: [UInt64: AsyncStream<PoolEvent>.Continuation] = [:]
    /// The pages' status streams (``PageSession/status(of:)``), each with its continuation and what it heard. Every
    /// input looks at them only while there is one: status costs only its subscribers.
    var statusStreams = StatusStreams<AsyncStream<PlaybackStatus>.Continuation>()
    /// How playback went, lease by lease (``PlaybackQuality``).
    var quality = QualityLedger()
    /// The figures of runs that ended during the input being carried out, published after its other events.
    var qualityReports: [PoolEvent] = []
    var nextSubscriber: UInt64 = 1
    /// `.failed` notices carried out, one per holder of each failed engine: for the stress harness.
    var failureNoticesSent = 0
    var nextRequest: UInt64 = 1
    /// Secure random bytes for handoff tokens, drawn from the system in batches.
    var tokenBytes = SecureRandomBuffer()
    /// Whether an apply the engine does not take at once starts on a task of its own (`Task.immediate`, where it
    /// exists) or on the engine's lane, as on Apple systems before 26. Tests clear it to cover the lane's path on
    /// every system.
    var startsApplyTasks = true

    /// The pool is freed: every lane shuts its engine down once its call returns, every stream finishes.
    func abandon() {
        for lane in lanes.values { lane.abandon() }
        for mailbox in notices.values { mailbox.finish() }
        finishStreams()
    }

    /// Finishes every event stream and the record of active holders, and stops every timer and the watchdog.
    func finishStreams() {
        for continuation in subscribers.values { continuation.finish() }
        for stream in statusStreams.streams { stream.sink.finish() }
        for timer in timers.values { timer.cancel() }
        for timer in retryTimers.values { timer.task.cancel() }
        watchdogTask?.cancel()
        activeHolders.finish()
    }
}

extension PoolShell {
    /// Issues a handoff token for the lease: fresh randomness, filed by the machine.
    mutating func lend(_ lease: LeaseKey, by session: SessionID) -> Result<HandoffToken, PlayerPoolError> {
        machine.lendRequested(lease, by: session, token: HandoffToken(using: &tokenBytes), now: clock.now())
    }

    /// A new stream of the pool's events from now on; finished at once when the pool is shut down.
    mutating func subscribe(
        bufferingPolicy: AsyncStream<PoolEvent>.Continuation.BufferingPolicy
    ) -> AsyncStream<PoolEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: PoolEvent.self, bufferingPolicy: bufferingPolicy)
        guard !machine.isShutDown else {
            continuation.finish()
            return stream
        }
        subscribers[nextSubscriber] = continuation
        nextSubscriber += 1
        run { $0.eventListenersChanged(true) }
        return stream
    }

    /// The pool shut down: every stream finishes, every timer and the watchdog stop.
    mutating func shutDown() {
        finishStreams()
        subscribers = [:]
        _ = statusStreams.removeAll()
        timers = [:]
        for timer in retryTimers.values { timer.task.cancel() }
        retryTimers = [:]
        watchdog.stop()
        watchdogTask = nil
    }
}
