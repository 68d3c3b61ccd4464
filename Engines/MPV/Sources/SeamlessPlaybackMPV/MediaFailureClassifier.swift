import SeamlessPlayback

/// Decides whether a load that mpv ended with an error failed because of its media, and of which
/// ``SeamlessPlayback/MediaFailure/Kind``, from what mpv gives: the `end-file` event's error, the log lines the
/// engine's own mpv wrote during the load, and, for an HTTP source, what the server says when asked again.
///
/// mpv's `end-file` error says little: a 404, a refused connection and a missing file all end with `loading failed`
/// (`MPV_ERROR_LOADING_FAILED`). A missing file is said in mpv's own log
/// (`[file] Cannot open file '…': No such file or directory`). Why an HTTP source failed is said only by ffmpeg
/// (`[ffmpeg] http: HTTP error 404 Not Found`), whose log is global: libmpv 0.35 hands it to the first mpv instance
/// of the process alone, whichever engine's load it concerns, so its lines are not evidence here and the shell asks
/// the server instead (``Probe``). A file mpv cannot demux ends with `unrecognized file format`
/// (`MPV_ERROR_UNKNOWN_FORMAT`). Failures of mpv's own outputs (`audio output initialization failed`, …) are the
/// engine's, not the media's: they give `nil`.
enum MediaFailureClassifier {
    /// One line of mpv's log (`MPV_EVENT_LOG_MESSAGE`).
    struct LogLine: Hashable, Sendable {
        /// The module that wrote it: `ffmpeg`, `stream`, `file`, `cplayer`, …
        var prefix: String
        /// `fatal`, `error` or `warn` (the engine asks for no more).
        var level: String
        /// The text, without its trailing newline.
        var text: String
    }

    /// What an HTTP server answered when asked for the first byte of a source mpv failed to load.
    enum Probe: Hashable, Sendable {
        /// The response's status.
        case status(Int)
        /// No response: the connection was refused, reset or timed out, or the host did not resolve.
        case unreachable(String)
        /// The request failed for another reason.
        case failed(String)
    }

    /// mpv's text for `MPV_ERROR_LOADING_FAILED`, as ``MPVEvent`` carries it.
    static let loadingFailed = "loading failed"
    /// mpv's text for `MPV_ERROR_UNKNOWN_FORMAT`.
    static let unknownFormat = "unrecognized file format"
    /// mpv's text for `MPV_ERROR_NOTHING_TO_PLAY`: it opened the file and found nothing it can decode.
    static let nothingToPlay = "no audio or video data played"
    /// What the engine says of a playlist with no entries (mpv ends it as a redirect, with no error).
    static let emptyPlaylist = "the playlist has no entries"

    /// The kind of media failure, or `nil` when the media is not shown to be at fault.
    /// - Parameters:
    ///   - endError: The `end-file` event's error text, `nil` when it had none.
    ///   - log: What mpv logged during the load, oldest first.
    static func kind(endError: String?, log: [LogLine]) -> MediaFailure.Kind? {
        if endError == loadingFailed, log.contains(where: isMissingFile) { return .notFound }
        switch endError {
        case unknownFormat?, nothingToPlay?: return .unsupported
        case loadingFailed?, emptyPlaylist?: return .other
        default: return nil
        }
    }

    /// Whether the line is mpv's own word that a file is not there (ffmpeg's lines may be another engine's).
    static func isMissingFile(_ line: LogLine) -> Bool {
        line.prefix != "ffmpeg" && line.text.lowercased().contains("no such file or directory")
    }

    /// Whether the shell should ask the server about the failure: an HTTP source that mpv failed to load with no
    /// more said.
    static func needsProbe(_ failure: MediaFailure, source: String) -> Bool {
        let source = source.lowercased()
        return failure.kind == .other && (source.hasPrefix("http://") || source.hasPrefix("https://"))
    }

    /// The failure, with the kind the server's answer shows.
    static func refined(_ failure: MediaFailure, by probe: Probe) -> MediaFailure {
        let said: String
        switch probe {
        case .status(let status): said = "the server answers HTTP \(status)"
        case .unreachable(let reason), .failed(let reason): said = reason
        }
        return MediaFailure(kind(probed: probe), reason: "\(failure.reason) (\(said))")
    }

    /// What the server's answer says of the media.
    static func kind(probed probe: Probe) -> MediaFailure.Kind {
        switch probe {
        case .status(let status):
            switch status {
            case 404, 410: .notFound
            // A server's trouble, or one that asks to be tried later.
            case 500...599, 408, 429: .network
            // It serves the media now, though mpv could not open it a moment ago: the trouble was on the way.
            case 200...299: .network
            default: .other
            }
        case .unreachable: .network
        case .failed: .other
        }
    }
}
