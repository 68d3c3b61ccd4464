import SeamlessPlayback

/// One call the shell makes on its `AVPlayer` or `AVPlayerLayer`, on the main actor.
///
/// The ``AVPlayerEngineStateMachine`` decides which commands to send and in which order; the shell
/// only translates each one into the matching AVFoundation call. Keeping them as values is what lets
/// the order be tested on a machine without AVFoundation.
enum PlayerCommand: Hashable, Sendable {
    /// `player.isMuted = value`.
    case setMuted(Bool)
    /// `player.volume = value` (0 silent … 1 full).
    case setVolume(Float)
    /// `player.defaultRate = value`: the rate the next `play()` starts at. Setting it never starts playback.
    case setDefaultRate(Float)
    /// `player.actionAtItemEnd = value`: what the player does at the end of its item.
    case setActionAtItemEnd(ActionAtItemEnd)
    /// `player.audiovisualBackgroundPlaybackPolicy = value` (iOS 15): whether the system pauses a player showing
    /// video when the app goes to the background.
    case setBackgroundPlayback(BackgroundPlayback)
    /// `player.allowsExternalPlayback = value` (not on visionOS, where there is no external playback): whether the
    /// video may play on an AirPlay receiver.
    case setAllowsExternalPlayback(Bool)
    /// `player.automaticallyWaitsToMinimizeStalling = value`: whether the player delays a start, or a resume after a
    /// stall, until it predicts it can play on without stalling.
    case setAutomaticallyWaitsToMinimizeStalling(Bool)
    /// `item.preferredForwardBufferDuration = seconds` on the item of the load being started, before it goes on the
    /// player, else on the item the engine last put there (none after it removed it): how far ahead of the playhead it
    /// buffers from the network; 0 is the player's own choice.
    case setPreferredForwardBufferDuration(Double)
    /// `player.play()`: plays at `defaultRate`.
    case play
    /// `player.pause()`.
    case pause
    /// `player.replaceCurrentItem(with: newItem)`: the item of the load being started.
    case replaceCurrentItem
    /// `player.replaceCurrentItem(with: nil)`: releases the item and, with it, its decoder.
    case removeCurrentItem
    /// `layer.player = nil`: the layer lets go of the player (and of any frame it was showing).
    case detachLayer
    /// `layer.player = player`.
    case attachLayer
    /// `player.seek(to: time, toleranceBefore: .zero, toleranceAfter: .zero) { finished in … }`: an exact seek whose
    /// completion the shell hands back with its ID.
    case seek(to: Duration, id: UInt64)

    /// How the layer scales the picture; the two `AVLayerVideoGravity` values a ``ContentMode`` maps to. Not a command:
    /// the host showing the layer sets it with the layer's move (``LayerLayout``).
    enum VideoGravity: Hashable, Sendable {
        /// `AVLayerVideoGravity.resizeAspect`: the whole picture, letterboxed.
        case resizeAspect
        /// `AVLayerVideoGravity.resizeAspectFill`: fills the layer, cropped.
        case resizeAspectFill

        /// The gravity that lays the picture out as `mode` asks.
        init(_ mode: ContentMode) {
            switch mode {
            case .aspectFit: self = .resizeAspect
            case .aspectFill: self = .resizeAspectFill
            }
        }
    }

    /// `AVPlayerAudiovisualBackgroundPlaybackPolicy`, for the two ``BackgroundPolicy`` values.
    enum BackgroundPlayback: Hashable, Sendable {
        /// `.pauses`: the player is paused on going to the background.
        case pauses
        /// `.continuesIfPossible`: the system makes its best effort to go on playing (with the `audio` background
        /// mode).
        case continuesIfPossible

        /// What the player does in the background under `policy`.
        init(_ policy: BackgroundPolicy) {
            switch policy {
            case .pauseInBackground: self = .pauses
            case .keepAudioInBackground: self = .continuesIfPossible
            }
        }
    }

    /// `AVPlayer.ActionAtItemEnd`, for the two ``EndAction``s (`.advance` is for `AVQueuePlayer` only, and this engine
    /// keeps one `AVPlayer`).
    enum ActionAtItemEnd: Hashable, Sendable {
        /// `.pause`: the player pauses at the end and keeps the last frame on screen.
        case pause
        /// `.none`: the player does nothing at the end, so that the engine's seek to the start loops the item on the
        /// same player and layer.
        case none

        /// What the player does at the end for `action`.
        init(_ action: EndAction) {
            switch action {
            case .pause: self = .pause
            case .loop: self = .none
            }
        }
    }

    /// A duration as a whole number of nanoseconds, the value of a `CMTime` whose timescale is 10⁹ (an exact seek
    /// position); clamped to the range of `Int64` (about 292 years).
    /// - Parameter duration: A position.
    /// - Returns: Its nanoseconds, rounded toward zero.
    static func nanoseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        guard !overflow else { return seconds < 0 ? .min : .max }
        let (total, carry) = whole.addingReportingOverflow(attoseconds / 1_000_000_000)
        guard !carry else { return seconds < 0 ? .min : .max }
        return total
    }

    /// The commands that put `settings` on the player, in the order they must be sent.
    ///
    /// Sound first, then `defaultRate` and `actionAtItemEnd`, then exactly one of `play()` or `pause()`. The content
    /// mode is not among them: the layer's gravity is its host's, set with the layer's move (``LayerLayout``), so a
    /// borrower's mode never lands in the lender's view. Playback is
    /// never started by setting `rate` (Apple advises against it, and it would not update `defaultRate`):
    /// a paused page ends with `pause()`, so it stays paused whatever its rate; a playing page ends with
    /// `play()`, which starts, or restarts, playback at the `defaultRate` set just before it.
    /// - Parameter settings: Validated settings (the pool validates them before any engine sees them).
    /// - Returns: Five commands, every property sent every time, so the player never keeps a value from
    ///   the previous holder.
    static func applying(_ settings: PlaybackSettings) -> [PlayerCommand] {
        [
            .setMuted(settings.isMuted),
            .setVolume(Float(settings.volume)),
            .setDefaultRate(Float(settings.rate)),
            .setActionAtItemEnd(ActionAtItemEnd(settings.endAction)),
            settings.isPaused ? .pause : .play,
        ]
    }
}
