import SeamlessPlayback

extension SimulatedEngine {
    /// Everything the engine knows, behind its lock: what plays, where, and what it last told the pool.
    struct State {
        var record = Record()
        var media: MediaItem?
        var isLoading = false
        var settings: PlaybackSettings?
        var anchorTime: Duration = .zero
        var anchorPosition: Duration = .zero
        /// A pause the engine made by itself (``SimulatedEngine/pauseBySystem(_:)``), until the pool applies again.
        var systemPause: PauseReason?
        var isStalled = false
        /// What the engine says it holds past the position (``SimulatedEngine/setBufferedAhead(_:)``); `nil` until
        /// set, and after each load.
        var bufferedAhead: Duration?
        var hasEnded = false
        var inFlight = 0
        var reportFailure: (@Sendable (String) -> Void)?
        /// A failure reported before the pool listened, delivered when it does.
        var unheardFailure: String?
        var reportStatus: (@Sendable (PlaybackStatus) -> Void)?
        var lastPhase: PlaybackPhase?
        var lastBufferedAhead: Duration?
        var hangNextLoad: Gate?
        var hangNextApply: Gate?
        var hangNextSeek: Gate?
        var hangNextUnload: Gate?
        var hangShutdown: Gate?
        var refuseNextSeek: String?
        /// Bumped whenever the time of the end moves, so a stale end timer does nothing.
        var endWatch: UInt64 = 0
        /// The task sleeping toward the end, cancelled when the end moves: no stale sleeper stays on a manual clock.
        var endTimer: Task<Void, Never>?
        /// Callers of ``SimulatedEngine/waitForShutdown()`` waiting for the shutdown.
        var shutdownWaiters: [CheckedContinuation<Void, Never>] = []

        /// Whether the position advances now.
        var isMoving: Bool {
            guard media != nil, !isLoading, let settings else { return false }
            return !settings.isPaused && systemPause == nil && !isStalled && !hasEnded
        }

        /// The position at `now`: advanced by the rate while moving; stopped at the end, or wrapped to the start
        /// when looping, for media with a duration.
        func position(at now: Duration, duration: Duration?) -> Duration {
            let raw = isMoving ? anchorPosition + (now - anchorTime) * (settings?.rate ?? 1) : anchorPosition
            guard let duration, duration > .zero else { return raw }
            guard raw >= duration else { return raw }
            guard settings?.endAction == .loop else { return duration }
            return raw - duration * (raw / duration).rounded(.down)
        }

        /// What the engine is doing at `now`.
        func phase(at now: Duration, duration: Duration?) -> PlaybackPhase? {
            if isLoading { return .loading }
            guard media != nil, let settings else { return nil }
            if hasEnded || reachedEnd(at: now, duration: duration) { return .ended }
            if let systemPause { return .paused(systemPause) }
            if isStalled { return .buffering }
            return settings.isPaused ? .paused(.requested) : .playing
        }

        /// Whether a media that stops at its end has got there while moving.
        func reachedEnd(at now: Duration, duration: Duration?) -> Bool {
            guard isMoving, let duration, settings?.endAction == .pause else { return false }
            return anchorPosition + (now - anchorTime) * (settings?.rate ?? 1) >= duration
        }

        /// Moves the anchor to `now`, keeping the position; an end reached meanwhile sticks.
        mutating func rebase(at now: Duration, duration: Duration?) {
            let ended = reachedEnd(at: now, duration: duration)
            anchorPosition = position(at: now, duration: duration)
            anchorTime = now
            if ended { hasEnded = true }
        }

        /// Tells the pool the status when its phase or the buffer ahead it says changed since the last report. Called
        /// under the engine's lock, so that reports keep the order of the changes; the pool's handler only queues them.
        mutating func reportIfChanged(at now: Duration, duration: Duration?) {
            guard let phase = phase(at: now, duration: duration) else { return }
            let ahead = isLoading ? nil : bufferedAhead
            guard phase != lastPhase || ahead != lastBufferedAhead else { return }
            lastPhase = phase
            lastBufferedAhead = ahead
            let status = PlaybackStatus(
                phase: phase, position: position(at: now, duration: duration),
                duration: isLoading ? nil : duration, bufferedAhead: ahead)
            record.statuses.append(status)
            reportStatus?(status)
        }

        /// When the media will reach its end at the current rate, if it is moving toward an end that stops it.
        func endDeadline(duration: Duration?) -> Duration? {
            guard isMoving, let duration, let settings, settings.endAction == .pause, anchorPosition < duration else {
                return nil
            }
            return anchorTime + (duration - anchorPosition) * (1 / settings.rate)
        }

        /// A call begins: notes one that overlaps another or comes after the shutdown.
        mutating func begin() {
            inFlight += 1
            if inFlight > 1 { record.sawOverlap = true }
            if record.shutdowns > 0 { record.sawUseAfterShutdown = true }
        }
    }
}
