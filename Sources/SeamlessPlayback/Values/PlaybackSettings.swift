/// The playback state a page wants on the engine while it is the player's active holder.
///
/// Each ``PageSession`` keeps its own settings. The pool puts the active holder's settings on the
/// engine whenever the holder changes, so a feed's mute or looping never leaks into a detail page and back.
public struct PlaybackSettings: Hashable, Sendable {
    /// Whether sound is off. Defaults to `false`.
    public var isMuted: Bool
    /// The loudness as a linear amplitude gain, from 0 (silent) to 1 (full): 0.5 halves the amplitude
    /// (about −6 dB), as `AVPlayer.volume` does. Every engine maps it to its player's own scale (libmpv's
    /// volume is cubic: the MPV engine sends `100 × ∛volume`). Defaults to 1.
    public var volume: Double
    /// The playback speed, within ``rateRange``. Defaults to 1.
    public var rate: Double
    /// Whether playback is paused. Defaults to `false`.
    public var isPaused: Bool
    /// How the picture fills the view. Defaults to ``ContentMode/aspectFit``.
    public var contentMode: ContentMode
    /// What the player does at the end of the media: stop on the last frame or start again. Defaults to
    /// ``EndAction/pause``.
    public var endAction: EndAction

    /// Paused and muted, the rest as ``init(isMuted:volume:rate:isPaused:contentMode:endAction:)``'s defaults: what a
    /// player carries by default while no page holds it (``PlayerPool/Configuration/idleSettings``).
    public static let idle = PlaybackSettings(isMuted: true, isPaused: true)

    /// The rates a page may ask for: 0.25× to 4×.
    public static let rateRange: ClosedRange<Double> = 0.25...4

    /// Creates settings; every argument has the documented default.
    ///
    /// The values are checked when they reach the pool (``PlayerPool/makeSession(named:settings:)``
    /// and ``PageSession/update(_:)``), not here.
    /// - Parameters:
    ///   - isMuted: Whether sound is off.
    ///   - volume: The loudness, a linear amplitude gain from 0 to 1.
    ///   - rate: The playback speed, within ``rateRange``.
    ///   - isPaused: Whether playback is paused.
    ///   - contentMode: How the picture fits its view.
    ///   - endAction: What the player does at the end of the media.
    public init(
        isMuted: Bool = false, volume: Double = 1, rate: Double = 1,
        isPaused: Bool = false, contentMode: ContentMode = .aspectFit, endAction: EndAction = .pause
    ) {
        self.isMuted = isMuted
        self.volume = volume
        self.rate = rate
        self.isPaused = isPaused
        self.contentMode = contentMode
        self.endAction = endAction
    }

    /// Checks that every value is one an engine can take.
    /// - Throws: ``PlayerPoolError/invalidSettings(_:)`` naming the first value out of range.
    public func validate() throws(PlayerPoolError) {
        guard rate.isFinite, Self.rateRange.contains(rate) else {
            throw .invalidSettings("rate \(rate) is outside \(Self.rateRange)")
        }
        guard volume.isFinite, (0...1).contains(volume) else {
            throw .invalidSettings("volume \(volume) is outside 0.0...1.0")
        }
    }
}
