/// One reading of the player's playback state: `rate`, `timeControlStatus`, `reasonForWaitingToPlay` and
/// `currentTime()`, read together on the main actor whenever key-value observation says one of the first three
/// changed.
struct PlayerReading: Hashable, Sendable {
    /// `AVPlayer.TimeControlStatus`, with the waiting reason when it waits.
    enum TimeControl: Hashable, Sendable {
        /// `.paused`.
        case paused
        /// `.waitingToPlayAtSpecifiedRate`, with `reasonForWaitingToPlay`.
        case waiting(WaitingReason)
        /// `.playing`.
        case playing
        /// A status the SDK added later (`AVPlayer.TimeControlStatus` is not frozen).
        case unknown
    }

    /// `AVPlayer.WaitingReason` of a waiting player.
    enum WaitingReason: Hashable, Sendable {
        /// `.toMinimizeStalls`: waiting for enough data (a stall, or a start without enough buffered).
        case toMinimizeStalls
        /// `.evaluatingBufferingRate`: a brief look at the buffer's fill rate before playing; the header advises
        /// against showing a waiting state for it.
        case evaluatingBufferingRate
        /// `.noItemToPlay`.
        case noItemToPlay
        /// Any other reason, or none given.
        case other
    }

    /// What the reading means for the phase the engine reports.
    enum Motion: Hashable, Sendable {
        /// `rate` is 0: the player stands still (paused by someone, or at an end that pauses).
        case stopped
        /// Playing.
        case playing
        /// Wants to play but waits for data: a spinner's cue.
        case buffering
        /// Asked to play and not playing yet, for a reason that shows nothing (the fill-rate check, a status not
        /// yet updated, an unknown status): the last reported phase stands.
        case settling
    }

    /// `player.rate`: the rate playback was asked for, 0 when paused.
    var rate: Float
    /// `player.timeControlStatus` and its waiting reason.
    var timeControl: TimeControl
    /// `CMTimeGetSeconds(player.currentTime())`: NaN when the time is invalid.
    var position: Double

    /// The reading of a player the engine has just paused, at `position` seconds.
    /// - Parameter position: The position, in seconds; NaN when unknown.
    /// - Returns: A stopped reading.
    static func paused(at position: Double) -> PlayerReading {
        PlayerReading(rate: 0, timeControl: .paused, position: position)
    }

    /// The rate decides whether the player stands still (rate 0); the status, how it moves.
    var motion: Motion {
        guard rate != 0 else { return .stopped }
        switch timeControl {
        case .playing: return .playing
        case .waiting(.evaluatingBufferingRate): return .settling
        case .waiting: return .buffering
        case .paused, .unknown: return .settling
        }
    }

    /// Whether the position is at the end of media that lasts `duration`: within ``endTolerance`` of it.
    /// - Parameter duration: The item's duration; `nil` when unknown or live.
    /// - Returns: `false` without a duration or a valid position.
    func isAtEnd(of duration: Duration?) -> Bool {
        guard let duration, position.isFinite else { return false }
        return position >= AVPlayerEngineStateMachine.seconds(duration) - Self.endTolerance
    }

    /// How close to the duration counts as the end, in seconds: `currentTime()` and `duration` may come in different
    /// timescales, and so differ by a rounding.
    static let endTolerance = 0.05
}
