import CMPV

extension MPVClient {
    /// The properties mpv reports on every change: the position and the status are answered from them without a
    /// request. `duration` comes before `eof-reached`, so that the end is judged against the file's length;
    /// `demuxer-cache-duration` tells the status how much is buffered ahead.
    static let observedProperties: [(name: String, format: MPVFormat)] = [
        ("time-pos", .double), ("duration", .double), ("eof-reached", .flag), ("pause", .flag),
        ("paused-for-cache", .flag), ("seekable", .flag), ("demuxer-cache-duration", .double),
    ]
    /// Observed too by an engine that renders frames: the video's display size, which ``FrameLayout`` needs.
    static let renderedProperties: [(name: String, format: MPVFormat)] = [("dwidth", .int), ("dheight", .int)]

    /// Creates a handle with the options, initialises it, asks for its warnings, observes the properties and
    /// registers the cache's stream protocol if there is one; nothing is left behind on failure.
    static func createHandle(
        options: [(name: String, value: String)], observing properties: [(name: String, format: MPVFormat)],
        streams: CacheStreamProtocol? = nil
    ) throws(MPVError) -> OpaquePointer {
        guard let handle = mpv_create() else { throw .creationFailed }
        for option in options {
            let code = mpv_set_option_string(handle, option.name, option.value)
            if code < 0 {
                mpv_terminate_destroy(handle)
                throw .optionRejected(name: option.name, value: option.value, reason: MPVEvent.errorText(code))
            }
        }
        var code = mpv_initialize(handle)
        // Warnings and errors only: why a load failed (an HTTP status, a refused connection) is only said there.
        if code >= 0 { code = mpv_request_log_messages(handle, "warn") }
        for property in properties where code >= 0 {
            code = mpv_observe_property(handle, 0, property.name, property.format.mpvFormat)
        }
        if code >= 0, let streams { code = streams.register(on: handle) }
        if code < 0 {
            mpv_terminate_destroy(handle)
            throw .initializationFailed(MPVEvent.errorText(code))
        }
        MPVDiagnostics.handleCreated()
        return handle
    }
}
