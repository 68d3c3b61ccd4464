/// Why a ``ByteSource`` could not read a range of bytes.
public enum ByteSourceError: Error, Hashable, Sendable {
    /// The server says the media is not there: HTTP `404` or `410`.
    /// - Parameter status: The status.
    case notFound(status: Int)
    /// The server failed: an HTTP `5xx`.
    /// - Parameter status: The status.
    case serverError(status: Int)
    /// The range starts at or past the end of the media (HTTP `416`).
    /// - Parameter length: The media's length, when the server said it.
    case rangeNotSatisfiable(length: Int64?)
    /// Any other status a range read cannot use (a redirect left unfollowed, `401`, `403`, …).
    /// - Parameter status: The status.
    case unexpectedStatus(Int)
    /// A `206` whose `Content-Range` is missing, malformed, starts elsewhere than asked, or disagrees with its
    /// `Content-Length`.
    /// - Parameter contentRange: The header's value, or `nil` when there was none.
    case badContentRange(String?)
    /// The body ended before its announced length: the connection was closed, reset or failed after the answer's
    /// head arrived.
    /// - Parameters:
    ///   - expected: How many bytes of the range the answer announced.
    ///   - received: How many of them arrived.
    case shortRead(expected: Int64, received: Int64)
    /// The connection was lost or reset before the answer's head arrived.
    case connectionLost
    /// The server could not be reached: no connection (refused, unknown host, offline).
    case unreachable
    /// The server sent nothing for longer than the source's timeout.
    case timedOut
    /// The read was cancelled: its task, or its ``ByteReadCancellation``.
    case cancelled
    /// Another transport failure.
    /// - Parameter description: What the platform said.
    case transport(String)
}
