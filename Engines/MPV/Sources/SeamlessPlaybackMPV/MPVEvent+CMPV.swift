import CMPV

extension MPVEvent {
    /// Copies what matters out of an event that is only valid until the next `mpv_wait_event`.
    init(_ event: mpv_event) {
        let request = event.reply_userdata
        let error = event.error < 0 ? MPVEvent.errorText(event.error) : nil
        switch event.event_id {
        case MPV_EVENT_NONE:
            self = .none
        case MPV_EVENT_SHUTDOWN:
            self = .shutdown
        case MPV_EVENT_COMMAND_REPLY:
            let command = event.data?.assumingMemoryBound(to: mpv_event_command.self).pointee
            self = .commandReply(
                request: request, error: error,
                playlistEntryID: command.flatMap { MPVEvent.int64(named: "playlist_entry_id", in: $0.result) }
            )
        case MPV_EVENT_SET_PROPERTY_REPLY:
            self = .setPropertyReply(request: request, error: error)
        case MPV_EVENT_GET_PROPERTY_REPLY:
            let property = event.data?.assumingMemoryBound(to: mpv_event_property.self).pointee
            self = .getPropertyReply(
                request: request,
                name: property.flatMap { $0.name.map { String(cString: $0) } } ?? "",
                value: property.flatMap(MPVEvent.value(of:)),
                error: error
            )
        case MPV_EVENT_START_FILE:
            let start = event.data?.assumingMemoryBound(to: mpv_event_start_file.self).pointee
            self = .startFile(playlistEntryID: start?.playlist_entry_id ?? 0)
        case MPV_EVENT_FILE_LOADED:
            self = .fileLoaded
        case MPV_EVENT_PLAYBACK_RESTART:
            self = .playbackRestart
        case MPV_EVENT_END_FILE:
            guard let end = event.data?.assumingMemoryBound(to: mpv_event_end_file.self).pointee else {
                self = .other
                return
            }
            self = .endFile(
                playlistEntryID: end.playlist_entry_id,
                reason: EndReason(end.reason),
                error: end.error < 0 ? MPVEvent.errorText(end.error) : nil,
                insertedEntryID: end.playlist_insert_num_entries > 0 ? end.playlist_insert_id : nil,
                insertedEntries: Int(end.playlist_insert_num_entries)
            )
        case MPV_EVENT_PROPERTY_CHANGE:
            let property = event.data?.assumingMemoryBound(to: mpv_event_property.self).pointee
            self = .propertyChange(
                name: property.flatMap { $0.name.map { String(cString: $0) } } ?? "",
                value: property.flatMap(MPVEvent.value(of:))
            )
        case MPV_EVENT_LOG_MESSAGE:
            guard let message = event.data?.assumingMemoryBound(to: mpv_event_log_message.self).pointee else {
                self = .other
                return
            }
            let text = message.text.map { String(cString: $0) } ?? ""
            self = .logMessage(
                .init(
                    prefix: message.prefix.map { String(cString: $0) } ?? "",
                    level: message.level.map { String(cString: $0) } ?? "",
                    text: text.hasSuffix("\n") ? String(text.dropLast()) : text
                ))
        case MPV_EVENT_QUEUE_OVERFLOW:
            self = .queueOverflow
        default:
            self = .other
        }
    }

    /// mpv's text for an error code.
    static func errorText(_ code: Int32) -> String {
        guard let text = mpv_error_string(code) else { return "mpv error \(code)" }
        return String(cString: text)
    }

    private static func value(of property: mpv_event_property) -> MPVValue? {
        guard let data = property.data else { return nil }
        switch property.format {
        case MPV_FORMAT_FLAG:
            return .flag(data.load(as: Int32.self) != 0)
        case MPV_FORMAT_INT64:
            return .int(data.load(as: Int64.self))
        case MPV_FORMAT_DOUBLE:
            return .double(data.load(as: Double.self))
        case MPV_FORMAT_STRING, MPV_FORMAT_OSD_STRING:
            guard let text = data.load(as: UnsafePointer<CChar>?.self) else { return nil }
            return .string(String(cString: text))
        default:
            return nil
        }
    }

    private static func int64(named key: String, in node: mpv_node) -> Int64? {
        guard node.format == MPV_FORMAT_NODE_MAP, let list = node.u.list?.pointee,
            let keys = list.keys, let values = list.values
        else { return nil }
        for index in 0..<Int(list.num) {
            guard let name = keys[index], String(cString: name) == key else { continue }
            let value = values[index]
            return value.format == MPV_FORMAT_INT64 ? value.u.int64 : nil
        }
        return nil
    }
}

extension MPVEvent.EndReason {
    init(_ reason: mpv_end_file_reason) {
        switch reason {
        case MPV_END_FILE_REASON_EOF: self = .endOfFile
        case MPV_END_FILE_REASON_STOP: self = .stopped
        case MPV_END_FILE_REASON_QUIT: self = .quit
        case MPV_END_FILE_REASON_ERROR: self = .error
        case MPV_END_FILE_REASON_REDIRECT: self = .redirect
        default: self = .unknown
        }
    }
}
