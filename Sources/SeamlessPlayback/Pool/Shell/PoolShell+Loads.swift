/// What the shell does about loads: cancelling one nobody wants, trying one again after a transient media failure, and
/// handing the feed's byte tier to the prefetcher.
extension PoolShell {
    /// Calls the machine's `retryDue` once the pool's clock has gone `delay` further.
    @inline(never)
    mutating func scheduleRetry(of media: MediaItem, on id: PlayerID, after delay: Duration) {
        let sleep = clock.sleep
        let pool = self.pool
        let deadline = clock.now() + delay
        let generation = nextRetryTimer
        nextRetryTimer += 1
        retryTimers[id]?.task.cancel()
        let task = Task {
            do { try await sleep(deadline) } catch { return }
            await pool.pool?.retryDue(id, media: media, generation: generation)
        }
        retryTimers[id] = (task, generation)
    }

    /// The delay before a retry of the player's load of `media` is over. A timer that another replaced or that was
    /// stopped (it may have woken before its cancellation) is ignored.
    mutating func retryDue(_ id: PlayerID, media: MediaItem, generation: UInt64) {
        guard retryTimers[id]?.generation == generation else { return }
        retryTimers[id] = nil
        run { $0.retryDue(id, media: media) }
    }

    /// Cancels the load's task and gives the engine ``PlayerPool/Configuration/applyTimeout`` to stop: a cancelled
    /// load that outlasts it counts as hung, and its engine as failed, so that nothing waits for it.
    @inline(never)
    mutating func cancelLoad(_ media: MediaItem, on id: PlayerID) {
        lanes[id]?.cancelLoad(media)
        callCancelled(on: id, what: "cancelled load of \(media)")
    }

    /// Hands the byte tier's plan to the prefetcher. Out of line: the prefetcher is an existential, whose copy stays
    /// off the handoff path.
    @inline(never)
    func handOver(_ plan: BytePrefetchPlan) {
        prefetcher?.update(plan)
    }
}
