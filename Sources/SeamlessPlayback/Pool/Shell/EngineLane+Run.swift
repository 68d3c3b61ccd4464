/// An engine's lane task, and the task of an apply started outside the lane: where engine calls run, reporting to
/// the pool through a reference that does not keep it alive.
extension EngineLane {
    #if compiler(>=6.2)
    /// Starts the apply's task, isolated to nothing: it begins on this thread and runs the engine's apply in place,
    /// and it reaches the pool only through `pool`.
    @available(macOS 26, iOS 26, tvOS 26, visionOS 26, watchOS 26, *)
    func startApplyTask(
        _ settings: PlaybackSettings, version: UInt64, on id: PlayerID, engine: any PlaybackEngine,
        pool: PlayerPool.WeakPool
    ) {
        // At the lanes' floor priority: a background caller must not slow the engine's later handoffs.
        Task.immediate(priority: Swift.max(Task.currentPriority, .medium)) {
            await engine.apply(settings)
            guard self.callReturned() else { return }
            await pool.pool?.applyReturned(id, version: version, noted: self.takeNotedFailure())
        }
    }
    #endif

    /// One engine's whole life: create it, then run its jobs one at a time until it shuts down.
    /// It reaches the pool only to report, and shuts the engine down itself once the pool is gone.
    func run(
        _ id: PlayerID,
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
            switch await next() {
            case .create:
                continue
            case .load(let media):
                var failure: String?
                var mediaFailure: MediaFailure?
                if !isFailed, let error = await runLoad(media, on: engine) {
                    failure = String(describing: error)
                    mediaFailure = error as? MediaFailure
                }
                await reportNotedFailure(of: id, to: pool)
                await pool()?.laneLoaded(id, media: media, failure: failure, mediaFailure: mediaFailure)
            case .apply(let settings, let version):
                if !isFailed { await engine.apply(settings) }
                // A failure the engine reported during the apply (a refused setting) reaches the pool first,
                // so that the settings are never counted as landed on a failed engine.
                await reportNotedFailure(of: id, to: pool)
                await pool()?.laneApplied(id, version: version)
            case .seek(let position, let request):
                var failure: String?
                if isFailed {
                    failure = "the engine failed"
                } else {
                    do { try await engine.seek(to: position) } catch { failure = String(describing: error) }
                }
                await reportNotedFailure(of: id, to: pool)
                await pool()?.laneSeeked(id, request: request, failure: failure)
            case .unload:
                if !isFailed { await engine.unload() }
                await reportNotedFailure(of: id, to: pool)
                await pool()?.laneUnloaded(id)
            case .shutDown:
                await engine.shutdown()
                await pool()?.laneShutDown(id)
                return
            }
        }
    }

    private func reportNotedFailure(of id: PlayerID, to pool: @Sendable () -> PlayerPool?) async {
        guard let reason = takeNotedFailure() else { return }
        await pool()?.engineReportedFailure(id, reason: reason)
    }
}
