import Foundation

extension TestOrigin {
    /// What the origin serves at a path.
    public enum Resource: Hashable, Sendable {
        /// Bytes in memory.
        case data(Data)
        /// A file's contents, read at each request (its length at the time of the request).
        case file(URL)
    }

    /// A misbehaviour the origin scripts for the requests of a path (see ``TestOrigin/setFault(_:for:)``).
    public enum Fault: Hashable, Sendable {
        /// Answers a range request with `200` and the whole body, as a server that ignores `Range` does.
        case ignoreRange
        /// Sends the head and the first `bytes` bytes of the body, then closes the connection in order: the client
        /// reads a body shorter than announced.
        case closeAfter(bytes: Int)
        /// Sends the head and the first `bytes` bytes of the body, then resets the connection (an RST).
        case resetAfter(bytes: Int)
        /// Answers a range request with a `Content-Range` whose positions are one byte later than the bytes sent.
        case wrongContentRange
        /// Closes the connection without answering.
        case refuse
        /// Never answers, until ``TestOrigin/releaseStalled()`` (then answers normally), the client closes the
        /// connection or the origin stops.
        case stall
        /// Sends the head and the first `bytes` bytes of the body, then stalls as ``stall`` does; once released,
        /// sends the rest.
        case stallAfter(bytes: Int)
        /// Answers with this status and an empty body.
        case status(Int)
    }

    /// One request the origin has read.
    public struct Request: Hashable, Sendable {
        /// The method, such as `GET`.
        public var method: String
        /// The path, without its query.
        public var path: String
        /// The `Range` header's value, if there was one.
        public var range: String?
        /// The `Cookie` header's value, if there was one.
        public var cookie: String? = nil
    }

    /// What the origin has done since it started.
    public struct Stats: Hashable, Sendable {
        /// How many connections it accepted.
        public var connections = 0
        /// How many requests it read, on all connections.
        public var requests = 0
        /// How many body bytes it sent: the measure of "bytes fetched" (heads are not counted).
        public var bodyBytesSent: Int64 = 0
        /// How many requests the client gave up on (closed the connection) before the answer was complete,
        /// stalled ones included.
        public var abandoned = 0
        /// How many requests are stalled now (see ``Fault/stall``).
        public var stalled = 0

        /// Creates empty stats.
        public init() {}
    }

    /// Settings of the origin's pacing, changeable while it runs.
    ///
    /// Two rate limits model two kinds of network, alone or together: a cap on each connection
    /// (``bytesPerSecond``), where every connection gets the whole rate and more connections get more bandwidth; and
    /// one link shared by every connection (``linkBytesPerSecond``), as a phone's radio or a congested cell, where
    /// every byte one connection gets is a byte the others did not. On the shared link each piece written reserves
    /// its share of link time (its length ÷ the rate) after whatever is already reserved, and its connection waits
    /// until that reservation ends: two bodies sent at once each get about half the rate, and take together as long
    /// as their sum takes alone. An idle link saves nothing up.
    public struct Pacing: Hashable, Sendable {
        /// How long the origin waits after reading each request before it answers.
        public var firstByteDelay: Duration
        /// How many body bytes per second each connection sends at most; `nil` for as fast as the socket takes.
        public var bytesPerSecond: Int?
        /// How many body bytes per second all the origin's connections send together at most, as one shared link;
        /// `nil` for no shared limit.
        public var linkBytesPerSecond: Int?

        /// Creates pacing settings.
        /// - Parameters:
        ///   - firstByteDelay: The wait before each answer. Default none.
        ///   - bytesPerSecond: The cap of each connection's body rate; `nil` (the default) for no cap. Values below 1
        ///     count as 1.
        ///   - linkBytesPerSecond: The rate of one link shared by every connection; `nil` (the default) for none.
        ///     Values below 1 count as 1. With ``bytesPerSecond`` too, each connection keeps to both.
        public init(firstByteDelay: Duration = .zero, bytesPerSecond: Int? = nil, linkBytesPerSecond: Int? = nil) {
            self.firstByteDelay = firstByteDelay
            self.bytesPerSecond = bytesPerSecond.map { max(1, $0) }
            self.linkBytesPerSecond = linkBytesPerSecond.map { max(1, $0) }
        }
    }
}

/// Why a ``TestOrigin`` could not start.
public enum TestOriginError: Error, Hashable, Sendable {
    /// A socket call failed.
    /// - Parameters:
    ///   - call: The POSIX call that failed (`socket`, `bind`, `listen`, `getsockname`).
    ///   - errno: Its `errno`.
    case socketFailed(call: String, errno: Int32)
}
