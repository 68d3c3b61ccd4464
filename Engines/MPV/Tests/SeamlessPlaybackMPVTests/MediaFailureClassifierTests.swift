import CMPV
import SeamlessPlayback
import Testing

@testable import SeamlessPlaybackMPV

@Suite("MediaFailureClassifier")
struct MediaFailureClassifierTests {
    typealias Line = MediaFailureClassifier.LogLine
    static let loadingFailed = MPVEvent.errorText(MPV_ERROR_LOADING_FAILED.rawValue)

    @Test("mpv's texts for its error codes are the ones the classifier knows")
    func errorTexts() {
        #expect(MediaFailureClassifier.loadingFailed == Self.loadingFailed)
        #expect(MediaFailureClassifier.unknownFormat == MPVEvent.errorText(MPV_ERROR_UNKNOWN_FORMAT.rawValue))
        #expect(MediaFailureClassifier.nothingToPlay == MPVEvent.errorText(MPV_ERROR_NOTHING_TO_PLAY.rawValue))
    }

    @Test("mpv's own word that a file is missing makes a not-found; ffmpeg's lines, maybe another engine's, do not")
    func missingFileFromOwnLog() {
        let missing = Line(prefix: "file", level: "error", text: "Cannot open file '/x.mp4': No such file or directory")
        #expect(MediaFailureClassifier.kind(endError: Self.loadingFailed, log: [missing]) == .notFound)
        let foreign = Line(prefix: "ffmpeg", level: "error", text: "file: /y.mp4: No such file or directory")
        #expect(MediaFailureClassifier.kind(endError: Self.loadingFailed, log: [foreign]) == .other)
        let notFound = Line(prefix: "ffmpeg", level: "error", text: "http: HTTP error 404 Not Found")
        #expect(MediaFailureClassifier.kind(endError: Self.loadingFailed, log: [notFound]) == .other)
    }

    @Test(
        "what the server answers when asked again decides an HTTP source's kind",
        arguments: [
            (MediaFailureClassifier.Probe.status(404), MediaFailure.Kind.notFound),
            (.status(410), .notFound),
            (.status(503), .network),
            (.status(500), .network),
            (.status(429), .network),
            (.status(408), .network),
            (.status(200), .network),
            (.status(206), .network),
            (.status(403), .other),
            (.unreachable("connection refused"), .network),
            (.failed("bad URL"), .other),
        ])
    func classifiedByProbe(probe: MediaFailureClassifier.Probe, kind: MediaFailure.Kind) {
        let failure = MediaFailure(.other, reason: "mpv could not play http://h/x.mp4: loading failed")
        let refined = MediaFailureClassifier.refined(failure, by: probe)
        #expect(refined.kind == kind)
        #expect(refined.reason.hasPrefix(failure.reason))
    }

    @Test("only an HTTP source that failed with no more said is asked about")
    func whoIsProbed() {
        let other = MediaFailure(.other, reason: "loading failed")
        #expect(MediaFailureClassifier.needsProbe(other, source: "http://h/x.mp4"))
        #expect(MediaFailureClassifier.needsProbe(other, source: "HTTPS://h/x.mp4"))
        #expect(!MediaFailureClassifier.needsProbe(other, source: "/x.mp4"))
        #expect(!MediaFailureClassifier.needsProbe(MediaFailure(.unsupported, reason: ""), source: "http://h/x.mp4"))
        #expect(!MediaFailureClassifier.needsProbe(MediaFailure(.timedOut, reason: ""), source: "http://h/x.mp4"))
    }

    @Test(
        "without a telling log line, mpv's end-file error decides",
        arguments: [
            (MediaFailureClassifier.unknownFormat, MediaFailure.Kind?.some(.unsupported)),
            (MediaFailureClassifier.nothingToPlay, .unsupported),
            (MediaFailureClassifier.loadingFailed, .other),
            (MediaFailureClassifier.emptyPlaylist, .other),
            ("audio output initialization failed", nil),
            ("video output initialization failed", nil),
        ])
    func classifiedByEndError(error: String, kind: MediaFailure.Kind?) {
        let unrelated = Line(prefix: "cplayer", level: "warn", text: "Failed to recognize file format.")
        #expect(MediaFailureClassifier.kind(endError: error, log: [unrelated]) == kind)
    }

    @Test("an entry that ended without an error is not the media's failure")
    func noError() {
        #expect(MediaFailureClassifier.kind(endError: nil, log: []) == nil)
    }
}
