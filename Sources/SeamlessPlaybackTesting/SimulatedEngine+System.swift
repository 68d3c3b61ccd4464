@_spi(EngineSupport) import SeamlessPlayback

/// What the system and the network do to a simulated engine behind the pool's back, for tests.
extension SimulatedEngine {
    /// Reports that the engine can no longer play, as a real engine does when its stream breaks: the
    /// pool's handler hears it (now, or when the pool starts listening).
    /// - Parameter reason: Why it can no longer play.
    public func fail(_ reason: String) {
        let report = state.withLock { state -> (@Sendable (String) -> Void)? in
            if state.reportFailure == nil { state.unheardFailure = reason }
            return state.reportFailure
        }
        report?(reason)
    }

    /// Keeps the pool's failure handler; a failure reported before is delivered at once.
    /// - Parameter report: Tells the pool why the engine can no longer play.
    public func onFailure(_ report: @escaping @Sendable (String) -> Void) {
        let unheard = state.withLock { state -> String? in
            state.reportFailure = report
            defer { state.unheardFailure = nil }
            return state.unheardFailure
        }
        if let unheard { report(unheard) }
    }

    /// Keeps the pool's status handler. Reports are made under the engine's lock, in the order of the changes: the
    /// handler must not call the engine.
    /// - Parameter report: Tells the pool the engine's new status.
    public func onStatusChange(_ report: @escaping @Sendable (PlaybackStatus) -> Void) {
        state.withLock { $0.reportStatus = report }
    }

    /// Pauses playback as the system would (an audio interruption, headphones unplugged, a remote control) and
    /// reports `PlaybackPhase.paused(_:)` with the reason. The next apply of the pool ends it.
    /// - Parameter reason: Why the system paused; `PauseReason.requested` is the page's own and is not a system
    ///   pause (it is taken as `PauseReason.system`).
    public func pauseBySystem(_ reason: PauseReason = .system) {
        change(at: clock.now()) { $0.systemPause = reason == .requested ? .system : reason }
    }

    /// Plays on although the applied settings pause, as an outside client would (a media key, a remote), and
    /// reports `PlaybackPhase.playing`. The next apply of the pool ends it.
    public func resumeBySystem() {
        change(at: clock.now()) { state in
            state.systemPause = nil
            if state.settings?.isPaused == true { state.settings?.isPaused = false }
        }
    }

    /// Stops the position for want of data and reports `PlaybackPhase.buffering`.
    public func stall() {
        change(at: clock.now()) { $0.isStalled = true }
    }

    /// Ends a ``stall()``: the position moves on and the engine reports the phase its settings give.
    public func endStall() {
        change(at: clock.now()) { $0.isStalled = false }
    }

    /// Says how much of the media past the position the engine holds
    /// (`PlaybackStatus.bufferedAhead`), reported at once with the phase it plays in; `nil` says
    /// nothing, as an engine that does not know. The value stays as set while the position moves: a test fills or
    /// drains the buffer by setting it again, and each change is reported (a real engine reports at whole seconds). A
    /// load starts it afresh at `nil`.
    /// - Parameter ahead: What the engine holds ahead of the position.
    public func setBufferedAhead(_ ahead: Duration?) {
        change(at: clock.now()) { $0.bufferedAhead = ahead }
    }

    /// Makes the next load hang until the returned gate is opened, as a stalled network would.
    /// - Returns: The gate the next load waits at (closed).
    public func hangNextLoad() -> Gate {
        let gate = Gate()
        state.withLock { $0.hangNextLoad = gate }
        return gate
    }

    /// Makes the next apply hang until the returned gate is opened, as a stuck player would.
    /// - Returns: The gate the next apply waits at (closed).
    public func hangNextApply() -> Gate {
        let gate = Gate()
        state.withLock { $0.hangNextApply = gate }
        return gate
    }

    /// Makes the next unload hang until the returned gate is opened.
    /// - Returns: The gate the next unload waits at (closed).
    public func hangNextUnload() -> Gate {
        let gate = Gate()
        state.withLock { $0.hangNextUnload = gate }
        return gate
    }

    /// Makes the next seek hang until the returned gate is opened.
    /// - Returns: The gate the next seek waits at (closed).
    public func hangNextSeek() -> Gate {
        let gate = Gate()
        state.withLock { $0.hangNextSeek = gate }
        return gate
    }

    /// Makes the shutdown hang until the returned gate is opened, as a player that never lets go would; it counts
    /// (``Record/shutdowns``) once it returns.
    /// - Returns: The gate the shutdown waits at (closed).
    public func hangShutdown() -> Gate {
        let gate = Gate()
        state.withLock { $0.hangShutdown = gate }
        return gate
    }

    /// Makes the next seek throw ``SeekError`` with `reason`, as a live stream or a file without an index would.
    /// - Parameter reason: Why the seek is refused.
    public func refuseNextSeek(_ reason: String) {
        state.withLock { $0.refuseNextSeek = reason }
    }

    /// Changes the state at `now` (rebased first, so the position carries on), reports the new phase if it changed,
    /// and watches for the end when the media is moving toward one that stops it.
    func change(at now: Duration, _ body: (inout State) -> Void) {
        let clock = self.clock
        state.withLock { state in
            state.rebase(at: now, duration: duration)
            body(&state)
            state.reportIfChanged(at: now, duration: duration)
            state.endWatch &+= 1
            state.endTimer?.cancel()
            state.endTimer = nil
            guard state.record.shutdowns == 0, let end = state.endDeadline(duration: duration) else { return }
            let watch = state.endWatch
            state.endTimer = Task { [weak self] in
                do { try await clock.sleep(end) } catch { return }
                self?.endReached(watch: watch)
            }
        }
    }

    /// The clock reached the end the engine watched for, unless something changed since.
    private func endReached(watch: UInt64) {
        let now = clock.now()
        state.withLock { state in
            guard state.endWatch == watch else { return }
            state.rebase(at: now, duration: duration)
            // The deadline was computed by dividing by the rate, the position by multiplying: a hair short of the end
            // here is the end all the same.
            if let duration, state.isMoving, state.settings?.endAction == .pause {
                state.hasEnded = true
                state.anchorPosition = duration
            }
            state.reportIfChanged(at: now, duration: duration)
        }
    }
}
