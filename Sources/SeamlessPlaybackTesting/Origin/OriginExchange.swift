/// What a ``TestOrigin`` reads from a request and decides to answer: pure, no sockets, tested on its own.
enum OriginExchange {
    /// A request's head: its line and the headers the origin reads.
    struct RequestHead: Equatable {
        var method: String
        /// The path without its query.
        var path: String
        /// The `Range` header's value, if any.
        var range: String?
        /// Whether the client asked to close the connection after this answer (`Connection: close`, or HTTP/1.0).
        var closes: Bool
        /// The `Cookie` header's value, if any.
        var cookie: String? = nil
    }

    /// Where a head ends in `bytes`: the index after its blank line, or `nil` while it is incomplete.
    static func headEnd(in bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for index in 3..<bytes.count
        where bytes[index - 3] == 13 && bytes[index - 2] == 10 && bytes[index - 1] == 13 && bytes[index] == 10 {
            return index + 1
        }
        return nil
    }

    /// Parses a request head (the bytes before and without its blank line).
    /// - Returns: The head, or `nil` when the request line is malformed.
    static func parseHead(_ bytes: some Collection<UInt8>) -> RequestHead? {
        let text = String(decoding: bytes, as: UTF8.self)
        var lines = text.split(separator: "\r\n", omittingEmptySubsequences: false).makeIterator()
        guard let requestLine = lines.next() else { return nil }
        let parts = requestLine.split(separator: " ")
        guard parts.count == 3, parts[1].hasPrefix("/") else { return nil }
        let target = parts[1]
        let path = String(target.prefix { $0 != "?" })
        var head = RequestHead(method: String(parts[0]), path: path, range: nil, closes: parts[2] == "HTTP/1.0")
        while let line = lines.next() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].lowercased()
            let value = line[line.index(after: colon)...].trimmingWhitespace()
            switch name {
            case "range": head.range = value
            case "connection": head.closes = value.lowercased() == "close"
            case "cookie": head.cookie = value
            default: break
            }
        }
        return head
    }

    /// What a `Range` header asks of a body of `length` bytes.
    enum RangeAnswer: Equatable {
        /// No range, or one the origin does not understand (several ranges, another unit): the whole body.
        case whole
        /// These bytes, as a 206.
        case partial(Range<Int>)
        /// A range that starts past the end: a 416.
        case unsatisfiable
    }

    /// Reads `bytes=a-b`, `bytes=a-` and `bytes=-n` against a body of `length` bytes.
    static func range(_ header: String?, length: Int) -> RangeAnswer {
        guard let header, header.hasPrefix("bytes="), !header.contains(",") else { return .whole }
        let spec = header.dropFirst("bytes=".count)
        guard let dash = spec.firstIndex(of: "-") else { return .whole }
        let first = spec[..<dash].trimmingWhitespace()
        let last = spec[spec.index(after: dash)...].trimmingWhitespace()
        if first.isEmpty {
            guard let suffix = Int(last), suffix > 0 else { return suffixOrWhole(last) }
            return length == 0 ? .unsatisfiable : .partial(max(0, length - suffix)..<length)
        }
        guard let start = Int(first), start >= 0 else { return .whole }
        let end: Int
        if last.isEmpty {
            end = length
        } else {
            guard let lastIndex = Int(last), lastIndex >= start else { return .whole }
            end = min(length, lastIndex + 1)
        }
        return start < length ? .partial(start..<end) : .unsatisfiable
    }

    private static func suffixOrWhole(_ last: String) -> RangeAnswer {
        Int(last) == 0 ? .unsatisfiable : .whole
    }

    /// The head of an answer.
    static func responseHead(status: Int, headers: [(String, String)]) -> [UInt8] {
        var text = "HTTP/1.1 \(status) \(reason(status))\r\n"
        for (name, value) in headers { text += "\(name): \(value)\r\n" }
        text += "\r\n"
        return Array(text.utf8)
    }

    /// The reason phrase of the statuses the origin sends.
    static func reason(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 206: "Partial Content"
        case 404: "Not Found"
        case 410: "Gone"
        case 416: "Range Not Satisfiable"
        case 500: "Internal Server Error"
        case 503: "Service Unavailable"
        default: "Status"
        }
    }
}

extension StringProtocol {
    fileprivate func trimmingWhitespace() -> String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
