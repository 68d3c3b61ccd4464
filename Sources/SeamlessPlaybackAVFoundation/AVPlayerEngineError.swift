/// Why an `AVPlayerEngine` load did not reach its first frame.
///
/// The pool reports any of these as `PlayerPoolError.engineFailed(_:)` and retires the engine.
public enum AVPlayerEngineError: Error, Hashable, Sendable {
    /// The media item has no URL, and an `AVPlayerItem` can only be made from one.
    case noURL(mediaID: String)
    /// The item's status became `.failed` before its first frame; the reason is the item's error.
    case itemFailed(reason: String)
    /// The item could not keep playing before its first frame (it failed to play to its end, or its
    /// error log showed a fault the player was not recovering from).
    case playbackFailed(reason: String)
    /// The task that called `load` was cancelled; the item was removed from the player.
    case cancelled
    /// Another load started before this one finished (the pool never does this).
    case superseded
    /// The engine was shut down.
    case shutDown
}

extension AVPlayerEngineError: CustomStringConvertible {
    /// A one-line account of the error, for logs and `PlayerPoolError.engineFailed(_:)`.
    public var description: String {
        switch self {
        case .noURL(let mediaID): "media '\(mediaID)' has no URL for an AVPlayerItem"
        case .itemFailed(let reason): "the AVPlayerItem failed: \(reason)"
        case .playbackFailed(let reason): "playback failed: \(reason)"
        case .cancelled: "the load was cancelled"
        case .superseded: "another load replaced this one"
        case .shutDown: "the engine is shut down"
        }
    }
}
