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
    /// `layer.videoGravity = value`.
    case setVideoGravity(VideoGravity)
    /// `player.defaultRate = value`: the rate the next `play()` starts at. Setting it never starts playback.
    case setDefaultRate(Float)
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

    /// How the layer scales the picture; the two `AVLayerVideoGravity` values a ``ContentMode`` maps to.
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

    /// The commands that put `settings` on the player, in the order they must be sent.
    ///
    /// Sound and picture first, then `defaultRate`, then exactly one of `play()` or `pause()`. Playback is
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
            .setVideoGravity(VideoGravity(settings.contentMode)),
            .setDefaultRate(Float(settings.rate)),
            settings.isPaused ? .pause : .play,
        ]
    }
}
