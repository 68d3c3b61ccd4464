/// Why media could not be played, when the media is at fault and not the engine: what an engine's
/// ``PlaybackEngine/load(_:)`` throws for a dead link, a network that is down or a file it cannot decode.
///
/// The pool keeps the engine (idle, no media) and answers ``PlayerPoolError/mediaFailed(_:)``; a transient failure
/// (``isTransient``) is tried again first (``PlayerPool/Configuration/loadRetries``). Any other error an engine's
/// load throws is the engine's own, and the pool replaces the engine.
public struct MediaFailure: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of failure it is: whether trying again may help.
    public enum Kind: Hashable, Sendable, CaseIterable {
        /// The media is not there: HTTP 404 or 410, a missing file. Trying again does not help.
        case notFound
        /// The network failed: a refused or reset connection, a host that does not resolve, HTTP 5xx. Transient.
        case network
        /// The media is there but cannot be played: a format or codec the player cannot demux or decode.
        case unsupported
        /// The media did not start within the engine's own time limit. Transient.
        case timedOut
        /// Anything else about the media.
        case other
    }

    /// What kind of failure it is.
    public var kind: Kind
    /// The engine's words, for logs.
    public var reason: String

    /// Whether trying again may succeed: ``Kind/network`` and ``Kind/timedOut``.
    public var isTransient: Bool { kind == .network || kind == .timedOut }

    /// Creates a media failure.
    /// - Parameters:
    ///   - kind: What kind of failure it is.
    ///   - reason: The engine's words, for logs.
    public init(_ kind: Kind, reason: String) {
        self.kind = kind
        self.reason = reason
    }

    /// The kind and the reason, for logs.
    public var description: String { "\(kind): \(reason)" }
}
