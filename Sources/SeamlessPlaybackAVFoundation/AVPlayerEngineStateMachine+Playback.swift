@_spi(EngineSupport) import SeamlessPlayback

// Applies, the player's readings, the end of the item, and the status the engine reports.

extension AVPlayerEngineStateMachine {
    /// What the player does and what the engine last told the pool.
    struct Playback: Hashable, Sendable {
        /// The settings last applied: the active holder's (the pool applies no one else's).
        var applied: PlaybackSettings?
        /// A load paused the player and no apply has come since: the pause is the engine's own (`.requested`).
        var isHeldByLoad = false
        /// The player's last reading; `nil` after the engine sent `play()`, until the player's next reading (an old
        /// reading of a stopped player must not be taken for a system pause).
        var reading: PlayerReading?
        /// The current item's duration; `nil` while unknown, or for a live stream.
        var duration: Duration?
        /// The item played to its end and stopped there (``SeamlessPlayback/EndAction/pause``), until a seek or a
        /// looping apply.
        var hasEnded = false
        /// The last status reported; `nil` before the first, and after an item went away.
        var reported: StatusReport?
        /// The rates the current item plays; `nil` until it is known.
        var capabilities: RateCapabilities?
        /// The applied settings play at a rate the item cannot play: the engine holds the player paused and reports
        /// `.paused(.unsupportedRate)`, until settings it can play are applied.
        var isRateUnsupported = false
        /// The current item's bytes come from the engine's resource loader, so the player does not wait to minimize
        /// stalls (``AVPlayerEngineStateMachine/LoadSource/playerSetUp``): a stall pauses it.
        var isLoaderServed = false
        /// The loader-served player paused itself for want of data while its settings play: reported `.buffering`,
        /// and played again when the item is likely to keep up.
        var isStalled = false
        /// The current item's loaded ranges and the position they were read at; `nil` until read.
        var loaded: LoadedRanges?

        /// A load starts: the player is paused and holds no item of ours yet.
        mutating func loadStarted(source: LoadSource) {
            isLoaderServed = source == .loader
            isStalled = false
            loaded = nil
            isHeldByLoad = true
            reading = .paused(at: .nan)
            duration = nil
            hasEnded = false
            capabilities = nil
            isRateUnsupported = false
        }

        /// The item failed or was removed: nothing more is reported for it.
        mutating func itemGone() {
            reported = nil
        }

        /// Whether the applied settings ask the player to play.
        var settingsPlay: Bool { applied.map { !$0.isPaused } ?? false }
    }

    /// Whether the player is meant to move now: a load finished, the applied settings play, no load's pause stands
    /// and the item has not ended. The system's pauses are judged against it.
    var isMeantToMove: Bool {
        isReady && playback.settingsPlay && !playback.isHeldByLoad && !playback.hasEnded && !playback.isRateUnsupported
    }

    /// Whether the item, if its rates are known, cannot play `settings` as they ask.
    private func cannotPlay(_ settings: PlaybackSettings) -> Bool {
        !settings.isPaused && !(playback.capabilities?.allows(settings.rate) ?? true)
    }

    /// The ready item's rates are known: settings that play at a rate it cannot play hold it paused, reported
    /// `.paused(.unsupportedRate)`, rather than let it play at another rate.
    mutating func rateCapabilitiesKnown(_ capabilities: RateCapabilities) -> [Action] {
        playback.capabilities = capabilities
        guard isMeantToMove, let settings = playback.applied, cannotPlay(settings) else { return [] }
        playback.isRateUnsupported = true
        holds.hold = nil
        return [.send([pauseCommand()])] + reportIfChanged()
    }

    // MARK: Inputs

    /// The page's settings, as the ordered commands that put them on the player, and what follows from them.
    ///
    /// The apply is a page's decision (the pool applies only when a page takes the player or updates), so it ends
    /// any system pause in force (during an interruption the player tries, and the interruption's end plays it if it
    /// could not). Its last command is `play()` when the settings play, except where the engine does
    /// not start the player: at an end that pauses (the last frame stays), and in the background, where nothing
    /// starts (``BackgroundPolicy/pauseInBackground``: nothing plays there; ``BackgroundPolicy/keepAudioInBackground``:
    /// only a player already moving goes on), and at a rate the item cannot play (it is held paused and reported
    /// `.paused(.unsupportedRate)`, never played at another rate). A looping apply on an ended item seeks to the start
    /// first. Before that last command the item's forward buffer follows the settings (``PausedBuffering``): bounded
    /// when they pause, the player's own choice when they play.
    /// - Parameters:
    ///   - settings: The active page's settings.
    ///   - depth: The depth the pool told last, when the shell read it for this apply; `nil` keeps the machine's.
    mutating func applyRequested(_ settings: PlaybackSettings, depth: PreloadDepth? = nil) -> [Action] {
        guard state != .shutDown else { return [] }
        if let depth { preloadDepth = depth }
        playback.applied = settings
        playback.isHeldByLoad = false
        playback.isStalled = false
        playback.isRateUnsupported = cannotPlay(settings)
        holds.hold = nil
        // A page that plays during an interruption: the player tries; if the interruption holds it, its end (with
        // `.shouldResume`) plays it, and a route that is gone never does.
        if !settings.isPaused, !playback.isRateUnsupported, let interruption = holds.interruption {
            holds.hold = interruption.isRouteDisconnection ? .outputLoss : .interruption
        }
        var commands = PlayerCommand.applying(settings)
        commands.removeLast()
        if playback.hasEnded, settings.endAction == .loop, !settings.isPaused {
            playback.hasEnded = false
            commands.append(loopSeek())
        }
        // The bound of a paused item's buffer follows the settings, lifted before the player starts.
        commands += forwardBufferCommands()
        let holdsStill = settings.isPaused || playback.hasEnded || playback.isRateUnsupported
        commands.append(holdsStill ? pauseCommand() : startCommand(isResume: false))
        return leanFetchActions() + [.send(commands)] + reportIfChanged()
    }

    /// A new reading of the player. A player seen playing is no longer held by the system (someone played it, or the
    /// system let it go) and is past any interruption (iOS does not promise an ended notification for every began
    /// one); a player that stopped at the end of an item that pauses there has ended (the end notification may come
    /// after the player's own pause).
    mutating func playerRead(_ reading: PlayerReading) -> [Action] {
        guard state != .shutDown else { return [] }
        playback.reading = reading
        if reading.motion == .playing {
            holds.hold = nil
            holds.interruption = nil
            playback.isStalled = false
        }
        if isMeantToMove, reading.motion == .stopped, playback.applied?.endAction == .pause,
            reading.isAtEnd(of: playback.duration)
        {
            playback.hasEnded = true
        }
        return reportIfChanged()
    }

    /// The ready item's `isPlaybackLikelyToKeepUp`. A stalled loader-served player whose settings play plays again
    /// once it is `true`, unless the system holds it (an interruption, the background: their own ends resume it).
    mutating func likelyToKeepUp(_ isLikely: Bool) -> [Action] {
        guard isLikely else { return [] }
        return resumeAfterStall()
    }

    /// How long a stalled loader-served player waits at most before the engine tries `play()` again; a try that
    /// finds the buffer still empty stalls again, and waits again: one try a second while the network is slow.
    static let stallRecheck = Duration.seconds(1)

    /// The stall's check is due (``Action/checkStall(after:)``): a player still stalled plays again, as when it is
    /// likely to keep up; one no longer stalled (it played, was paused, or the system holds it) is left alone.
    mutating func stallCheckDue() -> [Action] {
        guard state != .shutDown else { return [] }
        return resumeAfterStall()
    }

    private mutating func resumeAfterStall() -> [Action] {
        guard playback.isStalled, isMeantToMove, holds.hold == nil, holds.interruption == nil else { return [] }
        playback.isStalled = false
        return [.send([startCommand(isResume: true)])] + reportIfChanged()
    }

    /// `didPlayToEndTimeNotification` of the ready item: a looping item seeks to the start (`actionAtItemEnd` is
    /// `.none`, so the player plays on from there, on the same layer); any other stops on its last frame.
    mutating func playedToEnd() -> [Action] {
        if playback.applied?.endAction == .loop {
            return [.send([loopSeek()])]
        }
        playback.hasEnded = true
        playback.reading = playback.reading.map { .paused(at: $0.position) }
        return reportIfChanged()
    }

    // MARK: Commands and what they leave

    /// `pause()`: the machine takes the player as stopped at once (its own pause needs no echo to be reported).
    mutating func pauseCommand() -> PlayerCommand {
        playback.reading = .paused(at: playback.reading?.position ?? .nan)
        return .pause
    }

    /// `play()`, unless the background forbids a start here; then `pause()` and the background's hold. A resume (of
    /// a player the system paused while it played) goes on with ``BackgroundPolicy/keepAudioInBackground``, a start
    /// only for a player already moving.
    mutating func startCommand(isResume: Bool) -> PlayerCommand {
        if holds.isInBackground {
            let isMoving = playback.reading.map { $0.motion != .stopped } ?? true
            let goesOn = holds.policy == .keepAudioInBackground && (isResume || isMoving)
            if !goesOn {
                _ = holds.impose(.background)
                return pauseCommand()
            }
        }
        playback.reading = nil
        return .play
    }

    /// The loop's seek to the start, with a seek ID of its own that no page waits for.
    mutating func loopSeek() -> PlayerCommand {
        seeks.last += 1
        return .seek(to: .zero, id: seeks.last)
    }

    // MARK: Status

    /// Reports the status when its phase or duration changed since the last report, or what the item holds past the
    /// position crossed a whole second or came to hold the end.
    mutating func reportIfChanged() -> [Action] {
        guard let phase = currentPhase() else { return [] }
        let duration = phase == .loading ? nil : playback.duration
        let loaded = phase == .loading ? nil : playback.loaded
        let ahead = loaded?.ahead
        let step = PlaybackStatus(
            phase: phase, position: Self.position(seconds: loaded?.position ?? 0), duration: duration,
            bufferedAhead: ahead
        ).bufferedAheadStep
        let report = StatusReport(phase: phase, duration: duration, bufferedAhead: ahead, bufferedAheadStep: step)
        guard !report.says(sameAs: playback.reported) else { return [] }
        playback.reported = report
        return [.report(report)]
    }

    /// The item's loaded ranges were read: kept for the reports, and reported when they say something new.
    mutating func loadedRangesRead(_ ranges: LoadedRanges) -> [Action] {
        playback.loaded = ranges
        return reportIfChanged()
    }

    /// What the player does now, as far as the machine knows; `nil` when there is nothing new to say (no item, or
    /// a player asked to play that has not said yet how it moves).
    private func currentPhase() -> PlaybackPhase? {
        switch state {
        case .replacing, .waitingForReady, .waitingForFirstFrame: return .loading
        case .ready: break
        case .idle, .failed, .cancelled, .shutDown: return nil
        }
        if playback.hasEnded { return .ended }
        if playback.isRateUnsupported { return .paused(.unsupportedRate) }
        if playback.isStalled, isMeantToMove, holds.hold == nil { return .buffering }
        guard let reading = playback.reading else { return nil }
        switch reading.motion {
        case .stopped: return isMeantToMove ? .paused(holds.pauseReason) : .paused(.requested)
        case .playing: return .playing
        case .buffering: return .buffering
        case .settling: return nil
        }
    }
}
