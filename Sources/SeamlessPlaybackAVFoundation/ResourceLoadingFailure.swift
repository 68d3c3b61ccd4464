import SeamlessPlayback

/// The error a loading request of the cache's resource loader finishes with (`finishLoading(with:)`): an
/// `NSURLErrorDomain` code and a description, which the shell makes an `NSError` of.
///
/// AVFoundation fails the item with an error of its own that carries this one under it
/// (`NSUnderlyingErrorKey`), and the engine's classification (`ItemError+MediaFailure.swift`) reads the code under
/// it, so an origin's failure reaches the pool as the ``SeamlessPlayback/MediaFailure`` it would have been had the
/// player fetched the bytes itself:
///
/// | ``SeamlessPlayback/ByteSourceError`` | code | kind |
/// |---|---|---|
/// | `notFound` (404, 410) | `NSURLErrorResourceUnavailable` (−1008) | `.notFound` |
/// | `connectionLost`, `shortRead` | `NSURLErrorNetworkConnectionLost` (−1005) | `.network` |
/// | `unreachable` | `NSURLErrorCannotConnectToHost` (−1004) | `.network` |
/// | `timedOut` | `NSURLErrorTimedOut` (−1001) | `.timedOut` |
/// | `serverError`, `unexpectedStatus`, `badContentRange`, `rangeNotSatisfiable` | `NSURLErrorBadServerResponse` (−1011) | `.other` |
/// | `cancelled` (not by the loader) | `NSURLErrorCancelled` (−999) | `.other` |
/// | `transport` | `NSURLErrorUnknown` (−1) | `.other` |
///
/// A request whose URL names media the engine cannot type finishes with `NSURLErrorUnsupportedURL` (−1002,
/// `.unsupported`); an origin that does not say the media's length, with `NSURLErrorBadServerResponse`.
struct ResourceLoadingFailure: Hashable, Sendable {
    /// The `NSURLErrorDomain` code.
    let code: Int
    /// What the error says (its `NSLocalizedDescriptionKey`).
    let description: String

    /// The failure a byte source's error finishes a loading request with.
    /// - Parameter error: Why the origin's bytes did not come.
    /// - Returns: The code and description.
    static func origin(_ error: ByteSourceError) -> ResourceLoadingFailure {
        typealias Code = ItemError.URLCode
        let code =
            switch error {
            case .notFound: Code.resourceUnavailable
            case .connectionLost, .shortRead: Code.networkConnectionLost
            case .unreachable: Code.cannotConnectToHost
            case .timedOut: Code.timedOut
            case .serverError, .unexpectedStatus, .badContentRange, .rangeNotSatisfiable: Code.badServerResponse
            case .cancelled: Code.cancelled
            case .transport: Code.unknown
            }
        return ResourceLoadingFailure(code: code, description: "origin: \(error)")
    }

    /// The loader went away with the request still open (the engine shut down).
    static let shutDown = ResourceLoadingFailure(
        code: ItemError.URLCode.cancelled, description: "the engine's resource loader shut down")

    /// The media failure an origin's failure is, as the libmpv engine reads the same errors: a missing media is
    /// `.notFound`; a server's 5xx, 408 or 429 and every failure of the way there (lost, refused, cut short) are
    /// `.network`; a timeout is `.timedOut`; the rest is `.other`. The engine prefers it to the code of the
    /// `NSError` AVFoundation wraps, which cannot tell a 503 from a malformed answer.
    /// - Parameter error: The origin's last failure for the media.
    /// - Returns: Its kind.
    static func kind(of error: ByteSourceError) -> MediaFailure.Kind {
        switch error {
        case .notFound: .notFound
        case .serverError: .network
        case .unexpectedStatus(let status): status == 408 || status == 429 ? .network : .other
        case .connectionLost, .shortRead, .unreachable: .network
        case .timedOut: .timedOut
        case .rangeNotSatisfiable, .badContentRange, .cancelled, .transport: .other
        }
    }

    /// The media's type is not known from its URL: AVFoundation could not parse it.
    static let unknownContentType = ResourceLoadingFailure(
        code: ItemError.URLCode.unsupportedURL, description: "no content type known for the media's extension")

    /// The origin did not say the media's length, which a byte-range resource needs.
    static let unknownLength = ResourceLoadingFailure(
        code: ItemError.URLCode.badServerResponse, description: "origin: no length for the media")
}
