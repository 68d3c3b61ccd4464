/// Every way an ``MPVEngine`` can fail.
///
/// The pool reports a thrown error as `PlayerPoolError.engineFailed(_:)` with this error's
/// ``description`` as its text, so every case reads as a sentence.
public enum MPVError: Error, Hashable, Sendable {
    /// `mpv_create` returned no handle: out of memory, or the process's `LC_NUMERIC` locale is not `"C"`.
    case creationFailed
    /// mpv refused an option before initialisation.
    case optionRejected(name: String, value: String, reason: String)
    /// `mpv_initialize` failed; the text is mpv's error.
    case initializationFailed(String)
    /// The media item names nothing mpv can open: it has no URL, and its identifier is neither a path nor a URL.
    case noSource(mediaID: String)
    /// mpv refused the `loadfile` command; the text is mpv's error.
    case loadRejected(source: String, reason: String)
    /// Playback ended before it started, and not because of the media (those throw a
    /// ``SeamlessPlayback/MediaFailure``): e.g. mpv's audio or video output failed; the text is mpv's reason.
    case playbackFailed(source: String, reason: String)
    /// mpv refused to read or set a property; the text is mpv's error.
    case propertyFailed(name: String, reason: String)
    /// mpv refused a command other than `loadfile`; the text is mpv's error.
    case commandFailed(String, reason: String)
    /// mpv cannot seek there: it refused the command (nothing is loaded, say), or the stream cannot seek and mpv
    /// has cached no range that holds the position (a live stream, a file served without ranges).
    case seekRefused(position: Duration, reason: String)
    /// The media a seek was to move went away before the seek's first frame: a newer load replaced it, or it ended.
    case seekInterrupted(position: Duration, reason: String)
    /// mpv showed no frame at the new position within ``MPVEngine/Options/seekTimeout``.
    case seekTimedOut(position: Duration, timeout: Duration)
    /// The engine was shut down, or mpv's core quit, before the call finished.
    case shutDown
    /// The calling task was cancelled.
    case cancelled
}

extension MPVError: CustomStringConvertible {
    /// A sentence for logs and for `PlayerPoolError.engineFailed(_:)`.
    public var description: String {
        switch self {
        case .creationFailed:
            "mpv_create failed (out of memory, or LC_NUMERIC is not \"C\")"
        case .optionRejected(let name, let value, let reason):
            "mpv rejected option \(name)=\(value): \(reason)"
        case .initializationFailed(let reason):
            "mpv_initialize failed: \(reason)"
        case .noSource(let mediaID):
            "media \(mediaID) has no URL and its id is neither a path nor a URL"
        case .loadRejected(let source, let reason):
            "mpv rejected loadfile \(source): \(reason)"
        case .playbackFailed(let source, let reason):
            "mpv could not play \(source): \(reason)"
        case .propertyFailed(let name, let reason):
            "mpv property \(name) failed: \(reason)"
        case .commandFailed(let command, let reason):
            "mpv command \(command) failed: \(reason)"
        case .seekRefused(let position, let reason):
            "mpv cannot seek to \(position): \(reason)"
        case .seekInterrupted(let position, let reason):
            "the seek to \(position) was interrupted: \(reason)"
        case .seekTimedOut(let position, let timeout):
            "the seek to \(position) showed no frame within \(timeout)"
        case .shutDown:
            "the mpv engine is shut down"
        case .cancelled:
            "the task was cancelled"
        }
    }
}
