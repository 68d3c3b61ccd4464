/// One event from mpv's queue, copied out of libmpv's memory so it can cross threads.
///
/// Only what ``EngineStateMachine`` acts on is kept; everything else is ``other``.
enum MPVEvent: Hashable, Sendable {
    /// Why a playlist entry stopped playing (`mpv_end_file_reason`).
    enum EndReason: Hashable, Sendable {
        case endOfFile, stopped, quit, error, redirect, unknown
    }

    /// `MPV_EVENT_NONE`: the wait timed out or was woken by `mpv_wakeup`.
    case none
    /// `MPV_EVENT_SHUTDOWN`: the core is quitting; the handle must be destroyed.
    case shutdown
    /// `MPV_EVENT_COMMAND_REPLY`; `playlistEntryID` is `loadfile`'s result, when it has one.
    case commandReply(request: UInt64, error: String?, playlistEntryID: Int64?)
    /// `MPV_EVENT_SET_PROPERTY_REPLY`.
    case setPropertyReply(request: UInt64, error: String?)
    /// `MPV_EVENT_GET_PROPERTY_REPLY`; a `nil` value with no error means the property is unavailable.
    case getPropertyReply(request: UInt64, name: String, value: MPVValue?, error: String?)
    /// `MPV_EVENT_START_FILE`.
    case startFile(playlistEntryID: Int64)
    /// `MPV_EVENT_FILE_LOADED`: the current entry is opened and its tracks selected.
    case fileLoaded
    /// `MPV_EVENT_PLAYBACK_RESTART`: the first frame after a load or seek is out.
    case playbackRestart
    /// `MPV_EVENT_END_FILE`; for a playlist that redirected, the ID of the first entry it inserted (when known)
    /// and how many it inserted (an empty playlist inserts none).
    case endFile(
        playlistEntryID: Int64, reason: EndReason, error: String?, insertedEntryID: Int64? = nil,
        insertedEntries: Int = 1)
    /// `MPV_EVENT_PROPERTY_CHANGE` of an observed property; `nil` when it has no value now.
    case propertyChange(name: String, value: MPVValue?)
    /// `MPV_EVENT_LOG_MESSAGE`: a line of mpv's log (the engine asks for warnings and errors). mpv hands these out
    /// only when no event is queued, so a line written before an event may be read after it.
    case logMessage(MediaFailureClassifier.LogLine)
    /// `MPV_EVENT_QUEUE_OVERFLOW`: mpv dropped events. Replies are never dropped (mpv reserves room for them).
    case queueOverflow
    /// Any other event.
    case other
}
