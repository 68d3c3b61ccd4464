import SeamlessPlayback

/// What a failure the soak's pages met was, by its type: the expected kinds (a media failure by its cause, a
/// timeout, a revoked lease, …) and the ones that show a fault was misread.
package enum SoakFailureKind: String, Hashable, Sendable, CaseIterable {
    case mediaNotFound = "media: not found"
    case mediaNetwork = "media: network"
    case mediaTimedOut = "media: timed out"
    /// The media could not be decoded: the soak's clips all decode, so a fault was read as bad media.
    case mediaUnsupported = "media: unsupported"
    /// A media failure of no known cause.
    case mediaOther = "media: other"
    case acquireTimedOut = "acquire timed out"
    case cancelled
    case leaseRevoked = "lease revoked"
    case tokenRefused = "token refused"
    case notHolder = "not the holder"
    case sessionClosed = "session closed"
    case seekFailed = "seek failed"
    /// An engine failed and was replaced.
    case engineFailed = "engine failed"
    /// Any other pool error.
    case otherPoolError = "other pool error"
    /// An error that is not a ``SeamlessPlayback/PlayerPoolError``.
    case untyped

    /// The kind of `error`.
    package static func of(_ error: any Error) -> SoakFailureKind {
        guard let error = error as? PlayerPoolError else { return .untyped }
        switch error {
        case .mediaFailed(let failure):
            switch failure.kind {
            case .notFound: return .mediaNotFound
            case .network: return .mediaNetwork
            case .timedOut: return .mediaTimedOut
            case .unsupported: return .mediaUnsupported
            case .other: return .mediaOther
            }
        case .timedOut: return .acquireTimedOut
        case .cancelled: return .cancelled
        case .leaseRevoked: return .leaseRevoked
        case .tokenMalformed, .tokenUnknown, .tokenExpired, .tokenAlreadyUsed: return .tokenRefused
        case .notHolder, .notActiveHolder, .alreadyHolding: return .notHolder
        case .sessionClosed: return .sessionClosed
        case .seekFailed: return .seekFailed
        case .engineFailed: return .engineFailed
        case .invalidSettings, .poolShutDown: return .otherPoolError
        }
    }

    /// Whether the soak's faults explain a failure of this kind. The others break the invariant that every failure
    /// is typed: no cause (``untyped``, ``mediaOther``), a fault read as undecodable media (``mediaUnsupported``), an
    /// engine lost (``engineFailed``), or a call the harness should never make (``otherPoolError``).
    package var isExpected: Bool {
        switch self {
        case .mediaUnsupported, .mediaOther, .engineFailed, .otherPoolError, .untyped: false
        default: true
        }
    }
}
