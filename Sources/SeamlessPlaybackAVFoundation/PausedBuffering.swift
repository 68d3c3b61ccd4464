import SeamlessPlayback

/// How far ahead of the playhead an `AVPlayerEngine`'s item buffers from the network while it stands paused: a
/// feed's preload, or a page's paused clip.
///
/// The engine sets its item's `preferredForwardBufferDuration` (`AVPlayerItem.h`: the media duration the caller
/// prefers the player to buffer ahead of the playhead) to ``standard`` while it stands paused, or to ``lean`` while the
/// depth the pool told last is `PreloadDepth.lean`, and to 0 — the player's own choice — while its settings
/// play: a page that takes a preloaded player lifts the bound with its apply. On a link that every connection shares,
/// what a paused preload does not read is left to the clip on screen and to the byte tier. The system may buffer less
/// than asked; the values are a preference, not a promise.
public struct PausedBuffering: Hashable, Sendable {
    /// What a paused item buffers ahead at `PreloadDepth.standard`. Default one second.
    public var standard: Duration
    /// What it buffers ahead at `PreloadDepth.lean`. Default a quarter of a second; counted as ``standard`` when
    /// longer.
    public var lean: Duration

    /// Paused buffering of `standard` ahead, `lean` at the lean depth.
    /// - Parameters:
    ///   - standard: What a paused item buffers ahead at the standard depth. Default one second; values of zero or
    ///     below count as a millisecond (0 would hand the choice back to the player).
    ///   - lean: What it buffers ahead at the lean depth. Default a quarter of a second; counted as `standard` when
    ///     longer, and as a millisecond when zero or below.
    public init(standard: Duration = .seconds(1), lean: Duration = .milliseconds(250)) {
        self.standard = standard
        self.lean = lean
    }

    /// The least value sent: a bound of zero would be none (`preferredForwardBufferDuration` 0 is the player's choice).
    static let least = 0.001

    /// The item's `preferredForwardBufferDuration`, in seconds, for a player that stands paused or plays, at `depth`:
    /// 0 (the player's choice) while it plays.
    /// - Parameters:
    ///   - isPaused: Whether the player stands paused: a load holds it, or the settings applied pause it.
    ///   - depth: The depth the pool told the engine last.
    /// - Returns: Seconds, finite and not negative.
    func forwardBuffer(isPaused: Bool, depth: PreloadDepth) -> Double {
        guard isPaused else { return 0 }
        let standard = Self.seconds(standard)
        return depth == .lean ? min(standard, Self.seconds(lean)) : standard
    }

    /// `duration` in seconds, at least ``least``.
    private static func seconds(_ duration: Duration) -> Double {
        max(Self.least, AVPlayerEngineStateMachine.seconds(duration))
    }
}
