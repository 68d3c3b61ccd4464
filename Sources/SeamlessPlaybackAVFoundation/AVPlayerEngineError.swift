/// Why an `AVPlayerEngine` load did not reach its first frame, or a seek did not land.
///
/// A load that fails because of its media throws `MediaFailure` instead (the pool keeps the engine and answers
/// `PlayerPoolError.mediaFailed(_:)`). The pool reports a load's other errors as `PlayerPoolError.engineFailed(_:)`
/// and retires the engine, and a seek's as `PlayerPoolError.seekFailed(_:)`, keeping the engine in service.
public enum AVPlayerEngineError: Error, Hashable, Sendable {
    /// The media item has no URL, and an `AVPlayerItem` can only be made from one.
    case noURL(mediaID: String)
    /// The item's status became `.failed` before its first frame with an error of the player itself
    /// (`AVErrorOutOfMemory`, `AVErrorMediaServicesWereReset`, `AVErrorOperationInterrupted`); the reason is the
    /// item's error. An item that fails because of its media throws `MediaFailure` instead. After the first frame,
    /// this is the failure the engine reports for any item error.
    case itemFailed(reason: String)
    /// The player itself failed, so no load can succeed on it; or the item failed to play to its end, before its
    /// first frame with an error of the player itself (as for ``itemFailed(reason:)``), after it with any error.
    case playbackFailed(reason: String)
    /// No video decoder was free: AVFoundation's decoder-temporarily-unavailable error (`AVFoundationErrorDomain`
    /// −11839), which apps report once about 16 players hold decoders at once. Fewer live engines (a smaller pool
    /// capacity) leave decoders free; see <doc:TheSystemAndTheDecoderLimit>. The reason is the error's description.
    case decoderLimit(reason: String)
    /// The player reported that the seek did not finish: another seek, the loop's seek to the start or a new item
    /// interrupted it.
    case seekInterrupted
    /// The seek could not start: nothing is loaded, or the item failed.
    case seekFailed(reason: String)
    /// The task that called `load` was cancelled; the item was removed from the player.
    case cancelled
    /// Another load started before this one finished (the pool never does this).
    case superseded
    /// The engine was shut down.
    case shutDown
}

extension AVPlayerEngineError: CustomStringConvertible {
    /// A one-line account of the error, for logs, `PlayerPoolError.engineFailed(_:)` and
    /// `PlayerPoolError.seekFailed(_:)`.
    public var description: String {
        switch self {
        case .noURL(let mediaID): "media '\(mediaID)' has no URL for an AVPlayerItem"
        case .itemFailed(let reason): "the AVPlayerItem failed: \(reason)"
        case .playbackFailed(let reason): "playback failed: \(reason)"
        case .decoderLimit(let reason):
            "no video decoder is free (AVFoundation error -11839, decoder temporarily unavailable): too many players "
                + "hold a decoder; a smaller pool capacity leaves decoders free (\(reason))"
        case .seekInterrupted: "the seek was interrupted before it finished"
        case .seekFailed(let reason): "cannot seek: \(reason)"
        case .cancelled: "the load was cancelled"
        case .superseded: "another load replaced this one"
        case .shutDown: "the engine is shut down"
        }
    }
}
