extension PlayerPool {
    /// How a waiting call treats its task's cancellation.
    enum CancellationMode {
        /// Cancellation ends the wait with `.cancelled` and undoes the request.
        case cancellable
        /// A task cancelled before the call gets `.cancelled`; once the request is made it completes.
        case checkedOnEntry
        /// The call completes whatever happens to its task (its change is already made).
        case uncancellable
    }

    /// Makes a request of the machine and waits until the machine completes it.
    @inline(__always)  // A request completed at once then costs its caller no frame of its own.
    func perform(
        _ mode: CancellationMode,
        _ input: (inout PoolStateMachine, RequestID) -> [PoolAction]
    ) async -> Result<PlayerLease?, PlayerPoolError> {
        let (request, result) = shell.start(mode, input)
        if let result { return result }
        guard mode == .cancellable else { return await wait(for: request) }
        // Watched for cancellation only now that it waits: nothing suspended since the input, and a task
        // cancelled meanwhile has its handler called at once.
        return await withTaskCancellationHandler {
            await wait(for: request)
        } onCancel: {
            Task { await self.cancel(request) }
        }
    }

    /// Waits until the machine completes the request.
    private func wait(for request: RequestID) async -> Result<PlayerLease?, PlayerPoolError> {
        await withCheckedContinuation { shell.waits[request] = $0 }
    }

    func lease(from result: Result<PlayerLease?, PlayerPoolError>) throws(PlayerPoolError) -> PlayerLease {
        guard let lease = try result.get() else { throw .engineFailed("the pool granted a player without an engine") }
        return lease
    }

    // MARK: Reports from lanes, apply tasks and timers, carried out by the shell

    func cancel(_ request: RequestID) { shell.cancel(request) }

    func timerFired(_ request: RequestID) { shell.timerFired(request) }

    func applyReturned(_ id: PlayerID, version: UInt64, noted failure: String?) {
        shell.applyReturned(id, version: version, noted: failure)
    }

    func laneCreationFailed(_ id: PlayerID, reason: String) { shell.laneCreationFailed(id, reason: reason) }

    /// - Returns: Whether the pool still wants the engine.
    func laneCreated(_ id: PlayerID, engine: any PlaybackEngine) -> Bool { shell.laneCreated(id, engine: engine) }

    func laneLoaded(_ id: PlayerID, media: MediaItem, failure: String?, mediaFailure: MediaFailure?) {
        shell.laneLoaded(id, media: media, failure: failure, mediaFailure: mediaFailure)
    }

    func retryDue(_ id: PlayerID, media: MediaItem, generation: UInt64) {
        shell.retryDue(id, media: media, generation: generation)
    }

    func laneApplied(_ id: PlayerID, version: UInt64) { shell.laneApplied(id, version: version) }

    func laneShutDown(_ id: PlayerID) { shell.laneShutDown(id) }

    func watchdogFired() { shell.watchdogFired() }

    /// An engine reported that it can no longer play.
    func engineReportedFailure(_ id: PlayerID, reason: String) { shell.engineReportedFailure(id, reason: reason) }

    // MARK: Tasks

    func laneSeeked(_ id: PlayerID, request: RequestID, failure: String?) {
        shell.laneSeeked(id, request: request, failure: failure)
    }

    func unsubscribeStatus(_ key: UInt64) { shell.unsubscribeStatus(key) }

    /// Status reports of the player's engine are waiting in its inbox.
    func statusArrived(_ id: PlayerID, from inbox: StatusInbox) { shell.statusArrived(id, from: inbox) }

    #if compiler(>=6.2)
    /// Starts the apply's task, isolated to nothing: it begins on this thread and runs the engine's apply in place,
    /// and it reaches the pool only through `pool`.
    @available(macOS 26, iOS 26, tvOS 26, visionOS 26, watchOS 26, *)
    nonisolated static func startApplyTask(
        _ settings: PlaybackSettings, version: UInt64, on id: PlayerID, engine: any PlaybackEngine,
        lane: EngineLane, pool: WeakPool
    ) {
        // At the lanes' floor priority: a background caller must not slow the engine's later handoffs.
        Task.immediate(priority: Swift.max(Task.currentPriority, .medium)) {
            await engine.apply(settings)
            guard lane.callReturned() else { return }
            await pool.pool?.applyReturned(id, version: version, noted: lane.takeNotedFailure())
        }
    }
    #endif

    /// One engine's whole life: create it, then run its jobs one at a time until it shuts down.
    /// It reaches the pool only to report, and shuts the engine down itself once the pool is gone.
    static func runLane(
        _ id: PlayerID, lane: EngineLane,
        makeEngine: @Sendable () async throws -> any PlaybackEngine,
        pool: @Sendable () -> PlayerPool?
    ) async {
        let engine: any PlaybackEngine
        do {
            engine = try await makeEngine()
        } catch {
            await pool()?.laneCreationFailed(id, reason: String(describing: error))
            return
        }
        // The pool was freed while the engine was being made (no test drops a pool at that moment): nobody
        // else will ever shut this engine down.
        guard await pool()?.laneCreated(id, engine: engine) ?? false else {
            await engine.shutdown()
            return
        }
        while true {
            switch await lane.next() {
            case .create:
                continue
            case .load(let media):
                var failure: String?
                var mediaFailure: MediaFailure?
                if !lane.isFailed, let error = await lane.runLoad(media, on: engine) {
                    failure = String(describing: error)
                    mediaFailure = error as? MediaFailure
                }
                await reportNotedFailure(of: id, on: lane, to: pool)
                await pool()?.laneLoaded(id, media: media, failure: failure, mediaFailure: mediaFailure)
            case .apply(let settings, let version):
                if !lane.isFailed { await engine.apply(settings) }
                // A failure the engine reported during the apply (a refused setting) reaches the pool first,
                // so that the settings are never counted as landed on a failed engine.
                await reportNotedFailure(of: id, on: lane, to: pool)
                await pool()?.laneApplied(id, version: version)
            case .seek(let position, let request):
                var failure: String?
                if lane.isFailed {
                    failure = "the engine failed"
                } else {
                    do { try await engine.seek(to: position) } catch { failure = String(describing: error) }
                }
                await reportNotedFailure(of: id, on: lane, to: pool)
                await pool()?.laneSeeked(id, request: request, failure: failure)
            case .shutDown:
                await engine.shutdown()
                await pool()?.laneShutDown(id)
                return
            }
        }
    }

    /// A reference that does not keep the pool alive.
    ///
    /// Made before the pool it refers to (the pool's shell holds it), and told the pool once, at the end of the
    /// pool's initializer, before anything can read it.
    final class WeakPool: Sendable {
        private let reference = Protected(Reference())

        private struct Reference {
            weak var pool: PlayerPool?
        }

        /// The pool, while anyone else keeps it.
        var pool: PlayerPool? { reference.withLock { $0.pool } }

        func refer(to pool: PlayerPool) {
            reference.withLock { $0.pool = pool }
        }
    }

    private static func reportNotedFailure(
        of id: PlayerID, on lane: EngineLane, to pool: @Sendable () -> PlayerPool?
    ) async {
        guard let reason = lane.takeNotedFailure() else { return }
        await pool()?.engineReportedFailure(id, reason: reason)
    }
}
