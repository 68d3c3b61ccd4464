/// How the shell carries out the machine's actions: completing calls, starting engine jobs, timers, notices and
/// events. Nothing here suspends.
extension PoolShell {
    /// Makes a request of the machine and carries out its actions.
    /// - Returns: The request, and its result when the input completed it (an apply that returned at once, or an
    ///   answer at once); `nil` when the caller must wait for it.
    mutating func start(
        _ mode: PlayerPool.CancellationMode, _ input: (inout PoolStateMachine, RequestID) -> Void
    ) -> (RequestID, Result<PlayerLease?, PlayerPoolError>?) {
        let request = RequestID(raw: nextRequest)
        nextRequest += 1
        if mode != .uncancellable, Task.isCancelled {
            machine.cancelledBeforeRequest()
            return (request, .failure(.cancelled))
        }
        // The caller never awaits an engine itself: it waits for the machine's answer, which a cancellation, a
        // revocation or a timed-out call can give at any time. When every engine call the input started returns
        // without suspending (see ``startApply(_:version:on:)``), the request is complete here already.
        running = request
        input(&machine, request)
        carryOut()
        running = nil
        if !statusStreams.isEmpty { refreshStatusStreams() }
        if let result = runningResult.take() { return (request, result) }
        return (request, finished.isEmpty ? nil : finished.removeValue(forKey: request))
    }

    /// Completes a request: resumes its caller, or keeps the result until the caller comes to wait.
    private mutating func complete(_ request: RequestID, with result: consuming Result<PlayerLease?, PlayerPoolError>) {
        // An acquire's deadline bounds its whole call: its timer goes with it, however it ended.
        if !timers.isEmpty { timers.removeValue(forKey: request)?.cancel() }
        if request == running {
            runningResult = result
        } else {
            resume(request, with: result)
        }
    }

    /// Resumes a waiting caller, or keeps the result for one still to come.
    @inline(never)  // Keeps the continuation's type, whose layout is known only at run time, out of `carryOut`.
    private mutating func resume(_ request: RequestID, with result: consuming Result<PlayerLease?, PlayerPoolError>) {
        if let continuation = waits.removeValue(forKey: request) {
            continuation.resume(returning: result)
        } else {
            finished[request] = result
        }
    }

    mutating func cancel(_ request: RequestID) {
        run { $0.requestCancelled(request) }
    }

    mutating func timerFired(_ request: RequestID) {
        timers[request] = nil
        let now = clock.now()
        run { $0.timerFired(request, now: now) }
    }

    /// Gives the machine an input and carries out what it decided. Given while actions are being carried out (an
    /// apply that returned at once reports from inside ``carryOut()``), the input only collects its actions: the
    /// running ``carryOut()`` takes them next.
    mutating func run(_ input: (inout PoolStateMachine) -> Void) {
        input(&machine)
        guard !isCarryingOut else { return }
        carryOut()
        if !statusStreams.isEmpty { refreshStatusStreams() }
    }

    /// Carries out the actions the machine collected, in place in its ``PoolStateMachine/out``, batch after batch
    /// until none is left, then empties `out`, keeping its memory for the next input. Nothing here suspends, and
    /// nothing here calls it again: an input given while it runs (the report of an apply that returned at once) adds
    /// its actions as the next batch.
    mutating func carryOut() {
        guard !isCarryingOut else { return }
        isCarryingOut = true
        var first = 0
        while true {
            // What the inputs given so far move beyond their own actions (the byte tier's plan).
            machine.inputsEnded()
            guard first < machine.out.count else { break }
            let end = machine.out.count
            carryOut(first..<end)
            first = end
        }
        machine.out.removeAll(keepingCapacity: true)
        isCarryingOut = false
    }

    /// Carries out one batch: the actions of the inputs given since the last batch, in order, with applies last:
    /// an apply that returns at once reports to the machine, and the actions of that report come after the ones
    /// that started it.
    @inline(__always)  // One function with the loop above, as one input's actions mostly make one batch.
    private mutating func carryOut(_ batch: Range<Int>) {
        let (first, end) = (batch.lowerBound, batch.upperBound)
        // The record of active holders first: a caller resumed below may run at once on another thread,
        // and must find its own lease there.
        for index in first..<end where machine.out[index].isActiveChange {
            guard case .activeChanged(let player, let grant) = machine.out.moveOut(at: index) else { continue }
            activeHolders.record(grant.flatMap { engines.lease(for: $0) }, of: player)
            // Nothing to measure on a player whose engine never reported: its first report begins the run.
            if machine.hasReported(player) || quality.tracks(player) { activeChanged(player, to: grant) }
        }
        // Usually one apply, kept inline; more go to an array.
        var firstApply: (PlayerID, PlaybackSettings, UInt64)?
        var moreApplies: [(PlayerID, PlaybackSettings, UInt64)] = []
        for index in first..<end {
            switch machine.out.moveOut(at: index) {
            case .run(.apply(let settings, let version), let id):
                if firstApply == nil {
                    firstApply = (id, settings, version)
                } else {
                    moreApplies.append((id, settings, version))
                }
            case .run(let job, let id):
                dispatch(job, to: id)
            case .resume(let request, let grant):
                complete(request, with: engines.result(for: grant))
            case .succeed(let request):
                complete(request, with: .success(nil))
            case .fail(let request, let error):
                complete(request, with: .failure(error))
            case .startTimer(let request, let deadline):
                startTimer(request, deadline: deadline)
            case .cancelTimer(let request):
                timers.removeValue(forKey: request)?.cancel()
            case .cancelLoad(let id, let media):
                cancelLoad(media, on: id)
            case .retryLoad(let id, let media, let delay):
                quality.retried(id, media)
                scheduleRetry(of: media, on: id, after: delay)
            case .cancelRetry(let id):
                retryTimers.removeValue(forKey: id)?.task.cancel()
            case .prefetch(let plan):
                handOver(plan)
            case .preloadDepth(let depth, let id):
                engines[id]?.setPreloadDepth(depth)
            case .notify(let grant, let kind):
                notify(grant, kind)
            case .watchHold(let player, let epoch):
                watchHold(player, epoch: epoch)
            case .unwatchHold(let epoch):
                unwatchHold(epoch)
            case .finishNotices(let session):
                notices.removeValue(forKey: session)?.finish()
            case .emit(let event):
                publish(event)
            case .activeChanged:
                continue
            }
        }
        if !qualityReports.isEmpty { publishQualityReports() }
        if let (id, settings, version) = firstApply { startApply(settings, version: version, on: id) }
        for (id, settings, version) in moreApplies { startApply(settings, version: version, on: id) }
    }

    // Out of line, each: they use types whose layout is known only at run time (a continuation, a task's priority),
    // which would cost `carryOut` a look-up of their metadata on every call.

    @inline(never)
    private mutating func startTimer(_ request: RequestID, deadline: Duration) {
        let sleep = clock.sleep
        let pool = self.pool
        timers[request] = Task {
            do { try await sleep(deadline) } catch { return }
            await pool.pool?.timerFired(request)
        }
    }

    @inline(never)
    private mutating func notify(_ grant: consuming Grant, _ kind: NoticeKind) {
        let session = grant.session
        let epoch = grant.epoch
        guard let mailbox = notices[session], let lease = engines.lease(for: grant) else {
            if case .failed = kind { failureNoticesSent += 1 }
            return
        }
        let notice: LeaseNotice
        switch kind {
        case .revoked: notice = .revoked(lease)
        case .returned: notice = .returned(lease)
        case .failed(let reason):
            failureNoticesSent += 1
            notice = .failed(lease, reason: reason)
        }
        mailbox.post(notice, epoch: epoch) { machine.heldEpochs(of: session) }
    }

    mutating func publish(_ event: PoolEvent) {
        guard !subscribers.isEmpty else { return }
        for (id, continuation) in subscribers {
            if case .terminated = continuation.yield(event) { subscribers[id] = nil }
        }
        if subscribers.isEmpty { run { $0.eventListenersChanged(false) } }
    }

    // MARK: Lanes

    @inline(never)  // Out of `carryOut`, as `startTimer`: it starts a task at a priority.
    mutating func dispatch(_ job: EngineJob, to id: PlayerID) {
        if job == .create {
            let lane = EngineLane(reports: failureReports)
            lanes[id] = lane
            // The lane serves every page that will ever hold this engine, not just the one that caused its
            // creation: it runs at that caller's priority, but never below `.medium` (a background
            // prewarm must not slow every later handoff). It holds the pool weakly, so that a pool
            // nobody references is freed and its engines shut down.
            let makeEngine = self.makeEngine
            let pool = self.pool
            Task(priority: Swift.max(Task.currentPriority, .medium)) {
                await lane.run(id, makeEngine: makeEngine) { pool.pool }
            }
            timeCall(job, on: id)
        } else {
            lanes[id]?.post(job)
            timeCall(job, on: id)
        }
    }

    /// Carries out an apply. An engine that takes the settings without waiting
    /// (``PlaybackEngine/applyImmediately(_:)``) has them here, and the apply is reported to the machine at once:
    /// no task, no hop. Otherwise the apply starts on a task of its own that begins on this thread at once
    /// (`Task.immediate`), without waking the engine's lane: the engine's apply runs before this returns, as far as
    /// it goes without waiting (all of it, for an engine that only sets properties). An apply that returned is
    /// reported to the machine here; one still running is timed like a lane call and reported by its task when it
    /// returns. Its caller waits for the machine's answer, never for the engine, so a cancellation, a revocation or
    /// the apply timeout still ends the call. The task holds the pool weakly, as the lane does: a pool nobody
    /// references is freed even while an apply hangs, and the lane shuts the engine down once the apply returns.
    /// The machine starts a job only once the engine's last call returned, so the engine still sees one call at a
    /// time, in order. Where `Task.immediate` does not exist (Apple systems before 26) the lane carries the apply
    /// out.
    mutating func startApply(_ settings: PlaybackSettings, version: UInt64, on id: PlayerID) {
        // An engine that sets its settings without waiting needs no task at all. (Engine and lane are read where
        // they lie, not copied out of their tables.)
        if engines.read(id, { $0.applyImmediately(settings) }) == true {
            // A failure the engine reported (while taking them, or before) is noted on its lane and counted as
            // pending: the lane is asked only when some lane of the pool has one.
            let noted = failureReports.pending == 0 ? nil : lanes.read(id) { $0.takeNotedFailure() } ?? nil
            applyReturned(id, version: version, noted: noted)
            return
        }
        startAwaitedApply(settings, version: version, on: id)
    }

    /// Starts an apply the engine did not take at once: on a task of its own, or on the lane.
    @inline(never)  // Keeps the task's types, whose layout is known only at run time, off the path above.
    private mutating func startAwaitedApply(_ settings: PlaybackSettings, version: UInt64, on id: PlayerID) {
        let job = EngineJob.apply(settings, version: version)
        // `Task.immediate` (SE-0472) arrived with Swift 6.2: an older compiler carries every apply out on the lane.
        #if compiler(>=6.2)
        let engine = engines[id]
        guard #available(macOS 26, iOS 26, tvOS 26, visionOS 26, watchOS 26, *), startsApplyTasks, let engine,
            let lane = lanes[id]
        else {
            dispatch(job, to: id)
            return
        }
        lane.beginCall()
        lane.startApplyTask(settings, version: version, on: id, engine: engine, pool: pool)
        // An apply that returned at once is reported here, with no hop; one still running reports from its task.
        switch lane.claimReport() {
        case .returned(let noted): applyReturned(id, version: version, noted: noted)
        case .running: timeCall(job, on: id)
        }
        #else
        dispatch(job, to: id)
        #endif
    }

    /// An apply started by ``startApply(_:version:on:)`` returned: a failure the engine reported meanwhile
    /// reaches the machine first, as on the lane.
    mutating func applyReturned(_ id: PlayerID, version: UInt64, noted failure: String?) {
        if let reason = failure { engineReportedFailure(id, reason: reason) }
        laneApplied(id, version: version)
    }

    mutating func laneCreationFailed(_ id: PlayerID, reason: String) {
        guard lanes.removeValue(forKey: id) != nil else { return }
        callReturned(on: id)
        run { $0.engineCreationFailed(id, reason: reason) }
    }

    /// - Returns: Whether the pool still wants the engine.
    mutating func laneCreated(_ id: PlayerID, engine: any PlaybackEngine) -> Bool {
        guard lanes[id] != nil else { return false }
        callReturned(on: id)
        engines[id] = engine
        // Before the first load, as the protocol promises; a report may come from any thread, any number
        // of times: the machine counts the first.
        let pool = self.pool
        let lane = lanes[id]
        engine.onFailure { reason in
            // A lane that has shut down ignores the report: nobody would ever take its note.
            guard lane?.noteFailure(reason) == true else { return }
            Task { await pool.pool?.engineReportedFailure(id, reason: reason) }
        }
        // Also before the first load: statuses reach the machine in the order the engine made them.
        let inbox = StatusInbox(player: id, pool: pool)
        engine.onStatusChange { status in inbox.post(status) }
        run { $0.engineCreated(id) }
        return true
    }

    mutating func laneLoaded(_ id: PlayerID, media: MediaItem, failure: String?, mediaFailure: MediaFailure?) {
        callReturned(on: id)
        run { $0.loadFinished(id, media: media, failure: failure, mediaFailure: mediaFailure) }
    }

    mutating func laneApplied(_ id: PlayerID, version: UInt64) {
        callReturned(on: id)
        run { $0.applyFinished(id, version: version) }
    }

    mutating func laneSeeked(_ id: PlayerID, request: RequestID, failure: String?) {
        callReturned(on: id)
        run { $0.seekFinished(id, request: request, failure: failure) }
    }

    mutating func laneUnloaded(_ id: PlayerID) {
        callReturned(on: id)
        run { $0.unloadFinished(id) }
    }

    mutating func laneShutDown(_ id: PlayerID) {
        callReturned(on: id)
        engines[id] = nil
        quality.forget(id, now: clock.now)
        // A failure still noted there is dropped with the lane, so that it no longer counts as pending, and the lane
        // ignores every later report (an engine may report any number of times, also while torn down).
        lanes.removeValue(forKey: id)?.close()
        run { $0.engineShutDown(id) }
    }
}

extension IDMap where Key == PlayerID, Value == any PlaybackEngine {
    /// What an acquire or borrow completed with `grant` returns: its lease, on the engine kept for its player.
    /// (Made without an optional around it: an optional lease or result is destroyed through its type's metadata.)
    func result(for grant: consuming Grant) -> Result<PlayerLease?, PlayerPoolError> {
        guard let engine = self[grant.player] else {
            return .failure(.engineFailed("the pool granted a player without an engine"))
        }
        return .success(PlayerLease(grant, engine: engine))
    }

    /// The lease `grant` stands for, on the engine kept for its player; `nil` when there is none. (On the engines
    /// alone, not the whole shell: a method of the shell called from a mutating one copied all of it first.)
    func lease(for grant: consuming Grant) -> PlayerLease? {
        guard let engine = self[grant.player] else { return nil }
        return PlayerLease(grant, engine: engine)
    }
}

extension [PoolAction] {
    /// The action at `index`, moved out: what stays behind is an action with nothing to carry out or release (an
    /// active-holder change of no player, which pass two skips), so that the action's grant moves on into its lease
    /// without a copy. Only for actions already counted as carried out.
    mutating func moveOut(at index: Int) -> PoolAction {
        var action = PoolAction.activeChanged(PlayerID(pool: 0, number: 0), nil)
        swap(&action, &self[index])
        return action
    }
}

extension PlayerLease {
    /// The lease `grant` stands for, on `engine`.
    init(_ grant: consuming Grant, engine: any PlaybackEngine) {
        self.init(
            player: grant.player, media: grant.media, session: grant.sessionName,
            engine: engine, epoch: grant.epoch, sessionID: grant.session)
    }
}
