// The reason AVPlayer gives for a change of its rate (iOS 15): which pauses are the system's.

extension AVPlayerEngineStateMachine {
    /// Why the player's rate changed: the `AVPlayerRateDidChangeReasonKey` of `AVPlayer.rateDidChangeNotification`
    /// (iOS 15, `AVPlayer.h`).
    enum RateChangeReason: Hashable, Sendable {
        /// `.setRateCalled`: someone called `play()`, `pause()` or set the rate (this engine, or a remote control).
        case setRateCalled
        /// `.setRateFailed`: a rate asked for could not be played.
        case setRateFailed
        /// `.audioSessionInterrupted`: the player paused itself for an interruption of the audio session.
        case audioSessionInterrupted
        /// `.appBackgrounded`: the player paused itself because the app went to the background with the player's
        /// video still shown.
        case appBackgrounded
        /// No reason given, or one the SDK added later.
        case other
    }

    /// The player says its rate changed, and why. A pause the player made by itself for an interruption or the
    /// background is the system's, whatever order the notifications come in: the interruption's end with
    /// `.shouldResume`, or the return to the foreground, plays it again. Without the reason the engine could only
    /// guess from callback order, and a player that paused before the interruption's notification arrived was taken
    /// as paused by someone else, and never resumed.
    /// - Parameters:
    ///   - rate: The player's rate after the change.
    ///   - reason: The notification's reason.
    ///
    /// A loader-served player (which does not wait to minimize stalls) that stops for a reason no one's call gives
    /// (`.other`, `.setRateFailed`) stalled: `AVPlayer.h` says such a player pauses, rate 0, when its buffer runs
    /// dry. It is reported `.buffering` and played again when its item is likely to keep up
    /// (``likelyToKeepUp(_:)``), or at the latest after ``stallRecheck`` (``stallCheckDue()``): the header warns that
    /// the player's predictions do not hold for client-loaded data, so the engine does not wait on them alone. A
    /// `.setRateCalled` pause is someone's (a remote control) and stays.
    /// - Returns: What to do: report the system's pause, or the stall.
    mutating func rateChanged(to rate: Float, reason: RateChangeReason) -> [Action] {
        guard state != .shutDown, rate == 0, isMeantToMove else { return [] }
        let hold: SystemHolds.Hold
        switch reason {
        case .audioSessionInterrupted:
            hold = holds.interruption?.isRouteDisconnection == true ? .outputLoss : .interruption
        case .appBackgrounded:
            hold = .background
        case .setRateFailed, .other:
            guard playback.isLoaderServed, holds.hold == nil, holds.interruption == nil else { return [] }
            playback.isStalled = true
            playback.reading = .paused(at: playback.reading?.position ?? .nan)
            return reportIfChanged() + [.checkStall(after: Self.stallRecheck)]
        case .setRateCalled:
            return []
        }
        _ = holds.impose(hold)
        playback.reading = .paused(at: playback.reading?.position ?? .nan)
        return reportIfChanged()
    }
}
