import SeamlessPlayback

extension MediaFailureClassifier {
    /// The failure of a load read through the cache, with the kind the origin's failure shows.
    static func refined(_ failure: MediaFailure, byOrigin error: ByteSourceError) -> MediaFailure {
        MediaFailure(kind(origin: error), reason: "\(failure.reason) (the origin: \(error))")
    }

    /// What an origin's failure says of the media: as a server's answer does (``kind(probed:)``).
    static func kind(origin error: ByteSourceError) -> MediaFailure.Kind {
        switch error {
        case .notFound(let status), .serverError(let status), .unexpectedStatus(let status):
            kind(probed: .status(status))
        case .connectionLost, .unreachable, .timedOut, .shortRead: .network
        case .rangeNotSatisfiable, .badContentRange, .cancelled, .transport: .other
        }
    }
}
