/// The decisions of one HTTP range read, with no networking: the `Range` header to send, whether an answer can be
/// used, which of the body's bytes belong to the range, and how the read ended. ``HTTPByteSource`` feeds it what
/// URLSession says and does what it returns.
///
/// States: *awaiting the answer* → (``responseReceived(status:contentRange:contentLength:)``) *receiving* or
/// *refused*; *receiving* → (``bodyReceived(count:)``) *receiving*, until the range is complete; any state →
/// (``ended(failure:)``) the outcome. A `206` must start where asked; a `200` to a range request is used by skipping
/// the body's first bytes up to the range (the media's length is learnt from its `Content-Length`), and the shell
/// stops the transfer once the range is complete.
struct ByteRangeExchange: Sendable {
    /// How the transport ended, as the shell classifies the platform's error.
    enum TransportFailure: Hashable, Sendable {
        case cancelled
        case timedOut
        case connectionLost
        case unreachable
        case other(String)
    }

    /// A `Content-Range` header's value.
    enum ContentRange: Hashable, Sendable {
        /// `bytes first-last/total`, with `total` `nil` for `*`.
        case bytes(first: Int64, last: Int64, total: Int64?)
        /// `bytes */total`, sent with a `416`.
        case unsatisfied(total: Int64)
    }

    /// Which bytes of a body chunk belong to the range.
    struct Delivery: Hashable, Sendable {
        /// How many bytes at the chunk's start to drop.
        var drop: Int
        /// How many bytes after them to deliver (0 for none).
        var take: Int
        /// The media offset of the first delivered byte.
        var offset: Int64
        /// Whether the range is now complete: the shell stops the transfer.
        var isComplete: Bool
    }

    private struct Body: Sendable {
        /// The media offset of the body's first byte: the `206`'s first position, 0 for a `200`.
        var start: Int64
        /// The body's announced length, if any.
        var length: Int64?
        /// The end (exclusive media offset) of what to deliver.
        var end: Int64
        var total: Int64?
        /// Body bytes received so far.
        var received: Int64 = 0
    }

    /// The range asked for.
    let requested: Range<Int64>
    private var body: Body?
    private var refusal: ByteSourceError?

    /// Starts the read of `requested`.
    init(requested: Range<Int64>) {
        self.requested = requested
    }

    /// The `Range` header asking for `range`; `nil` for an empty range, which needs no request.
    static func rangeHeader(for range: Range<Int64>) -> String? {
        guard range.lowerBound >= 0, !range.isEmpty else { return nil }
        return "bytes=\(range.lowerBound)-\(range.upperBound - 1)"
    }

    /// Parses `bytes a-b/n`, `bytes a-b/*` and `bytes */n`; `nil` for anything else.
    static func parseContentRange(_ value: String) -> ContentRange? {
        let trimmed = value.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard trimmed.count == 2, trimmed[0].lowercased() == "bytes" else { return nil }
        let parts = trimmed[1].split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2 else { return nil }
        let total: Int64?
        if parts[1] == "*" {
            total = nil
        } else {
            guard let length = Int64(parts[1]), length >= 0 else { return nil }
            total = length
        }
        if parts[0] == "*" { return total.map { .unsatisfied(total: $0) } }
        let positions = parts[0].split(separator: "-", omittingEmptySubsequences: false)
        guard positions.count == 2, let first = Int64(positions[0]), let last = Int64(positions[1]), first >= 0,
            last >= first, total.map({ last < $0 }) ?? true
        else { return nil }
        return .bytes(first: first, last: last, total: total)
    }

    /// What a status means for a range read, apart from `200` and `206`.
    static func failure(forStatus status: Int, contentRange: String?) -> ByteSourceError {
        switch status {
        case 404, 410: .notFound(status: status)
        case 416:
            if case .unsatisfied(let total) = contentRange.flatMap(parseContentRange) {
                .rangeNotSatisfiable(length: total)
            } else {
                .rangeNotSatisfiable(length: nil)
            }
        case 500...599: .serverError(status: status)
        default: .unexpectedStatus(status)
        }
    }

    /// The answer's head has arrived.
    /// - Parameters:
    ///   - status: The HTTP status.
    ///   - contentRange: The `Content-Range` header, if any.
    ///   - contentLength: The body's announced length, if any.
    /// - Returns: `nil` to read the body, or why the answer cannot be used (the shell then stops the transfer).
    mutating func responseReceived(status: Int, contentRange: String?, contentLength: Int64?) -> ByteSourceError? {
        guard body == nil, refusal == nil else { return refusal }
        let contentLength = contentLength.flatMap { $0 >= 0 ? $0 : nil }
        switch status {
        case 206:
            guard case .bytes(let first, let last, let total) = contentRange.flatMap(Self.parseContentRange),
                first == requested.lowerBound, contentLength.map({ $0 == last - first + 1 }) ?? true
            else { return refuse(.badContentRange(contentRange)) }
            body = Body(start: first, length: last - first + 1, end: min(requested.upperBound, last + 1), total: total)
        case 200:
            if let contentLength, contentLength <= requested.lowerBound {
                return refuse(.rangeNotSatisfiable(length: contentLength))
            }
            let end = min(requested.upperBound, contentLength ?? requested.upperBound)
            body = Body(start: 0, length: contentLength, end: end, total: contentLength)
        default:
            return refuse(Self.failure(forStatus: status, contentRange: contentRange))
        }
        return nil
    }

    private mutating func refuse(_ error: ByteSourceError) -> ByteSourceError {
        refusal = error
        return error
    }

    /// `count` more bytes of the body have arrived.
    /// - Returns: Which of them to deliver, and whether the range is complete.
    mutating func bodyReceived(count: Int) -> Delivery {
        guard var body, count > 0 else {
            return Delivery(drop: max(0, count), take: 0, offset: requested.lowerBound, isComplete: isComplete)
        }
        let chunkStart = body.start + body.received
        let chunkEnd = chunkStart + Int64(count)
        body.received += Int64(count)
        self.body = body
        let from = max(chunkStart, requested.lowerBound)
        let to = min(chunkEnd, body.end)
        guard from < to else {
            return Delivery(drop: count, take: 0, offset: from, isComplete: isComplete)
        }
        return Delivery(drop: Int(from - chunkStart), take: Int(to - from), offset: from, isComplete: isComplete)
    }

    /// The media's whole length, once an accepted answer's head said it.
    var totalLength: Int64? { body?.total }

    /// Whether every byte of the range the answer can give has arrived.
    var isComplete: Bool {
        guard let body else { return false }
        return body.start + body.received >= body.end
    }

    /// The transfer has ended.
    /// - Parameter failure: How the transport failed, or `nil` when the body ended normally.
    /// - Returns: The range delivered and the media's length when known, or why the read failed.
    func ended(failure: TransportFailure?) -> Result<ByteRangeRead, ByteSourceError> {
        if let refusal { return .failure(refusal) }
        guard let body else { return .failure(Self.error(for: failure ?? .connectionLost)) }
        let deliveredEnd = min(body.end, max(requested.lowerBound, body.start + body.received))
        if isComplete {
            return .success(ByteRangeRead(range: requested.lowerBound..<body.end, totalLength: body.total))
        }
        switch failure {
        case .cancelled, .timedOut:
            return .failure(Self.error(for: failure ?? .connectionLost))
        case .connectionLost, .unreachable, .other, nil:
            // Once the head is in, a transport that fails otherwise has cut the body short (FoundationNetworking
            // reports a connection closed mid-body as an unknown error).
            // A body without an announced length that ends cleanly is the end of the media.
            if failure == nil, body.length == nil {
                let mediaEnd = body.start + body.received
                guard mediaEnd >= requested.lowerBound else { return .failure(.rangeNotSatisfiable(length: mediaEnd)) }
                return .success(ByteRangeRead(range: requested.lowerBound..<deliveredEnd, totalLength: mediaEnd))
            }
            return .failure(
                .shortRead(
                    expected: body.end - requested.lowerBound, received: deliveredEnd - requested.lowerBound))
        }
    }

    private static func error(for failure: TransportFailure) -> ByteSourceError {
        switch failure {
        case .cancelled: .cancelled
        case .timedOut: .timedOut
        case .connectionLost: .connectionLost
        case .unreachable: .unreachable
        case .other(let description): .transport(description)
        }
    }
}
