import Foundation

/// One accepted connection of a ``TestOrigin``, served on its own thread: reads requests one after the other
/// (keep-alive), answers each as the origin's resources, faults and pacing say, and closes when the client does,
/// a fault says so, or the origin stops.
struct OriginConnection {
    let socket: OriginSocket
    let state: OriginState

    /// What the serving of one request ended with.
    private enum Ending {
        case keepOpen
        case close
        case reset
    }

    func run() {
        var pending: [UInt8] = []
        var ending = Ending.keepOpen
        while ending == .keepOpen, let head = readHead(&pending) {
            ending = serve(head)
        }
        if ending == .reset { socket.resetOnClose() }
        socket.close()
    }

    /// Reads until a whole head is there; `nil` when the client closes, the read fails or the origin stops.
    private func readHead(_ pending: inout [UInt8]) -> OriginExchange.RequestHead? {
        while !state.isStopped {
            if let end = OriginExchange.headEnd(in: pending) {
                let head = OriginExchange.parseHead(pending[..<(end - 4)])
                pending.removeFirst(end)
                return head
            }
            switch socket.waitReadable() {
            case .failed: return nil
            case .idle: continue
            case .ready: break
            }
            let (bytes, failed) = socket.receive(upTo: 4096)
            if failed { return nil }
            guard let bytes else { continue }
            if bytes.isEmpty { return nil }
            pending += bytes
        }
        return nil
    }

    private func serve(_ head: OriginExchange.RequestHead) -> Ending {
        let (fault, pacing, resource) = state.withLock { values in
            values.stats.requests += 1
            values.log.append(
                TestOrigin.Request(method: head.method, path: head.path, range: head.range, cookie: head.cookie))
            return (OriginState.takeFault(for: head.path, in: &values), values.pacing, values.resources[head.path])
        }
        var active = fault
        if active == .stall {
            guard stall() else { return .close }
            active = nil
        }
        if active == .refuse { return .close }
        if pacing.firstByteDelay > .zero, state.pause(until: .now + pacing.firstByteDelay) { return .close }
        if case .status(let status) = active {
            return send(status: status, headers: [("Content-Length", "0")], body: Data(), head)
        }
        guard let resource, let body = Self.contents(of: resource) else {
            return send(status: 404, headers: [("Content-Length", "0")], body: Data(), head)
        }
        let answer = active == .ignoreRange ? .whole : OriginExchange.range(head.range, length: body.count)
        switch answer {
        case .whole:
            let headers = [("Content-Length", "\(body.count)"), ("Accept-Ranges", "bytes")]
            return send(status: 200, headers: headers, body: body, head, fault: active)
        case .unsatisfiable:
            let headers = [("Content-Length", "0"), ("Content-Range", "bytes */\(body.count)")]
            return send(status: 416, headers: headers, body: Data(), head)
        case .partial(let range):
            let shift = active == .wrongContentRange ? 1 : 0
            let headers = [
                ("Content-Length", "\(range.count)"), ("Accept-Ranges", "bytes"),
                ("Content-Range", "bytes \(range.lowerBound + shift)-\(range.upperBound - 1 + shift)/\(body.count)"),
            ]
            let slice = body.subdata(in: (body.startIndex + range.lowerBound)..<(body.startIndex + range.upperBound))
            return send(status: 206, headers: headers, body: slice, head, fault: active)
        }
    }

    private static func contents(of resource: TestOrigin.Resource) -> Data? {
        switch resource {
        case .data(let data): data
        case .file(let url): try? Data(contentsOf: url)
        }
    }

    /// Holds a stalled request until it is released, the client closes or the origin stops.
    /// - Returns: Whether to answer it now.
    private func stall() -> Bool {
        let generation = state.withLock { values in
            values.stats.stalled += 1
            return values.stallGeneration
        }
        var answer = false
        while true {
            let (released, stopped) = state.withLock { ($0.stallGeneration != generation, $0.isStopped) }
            if stopped { break }
            if released {
                answer = true
                break
            }
            if socket.peerClosed() {
                state.withLock { $0.stats.abandoned += 1 }
                break
            }
        }
        state.withLock { $0.stats.stalled -= 1 }
        return answer
    }

    private func send(
        status: Int, headers: [(String, String)], body: Data, _ head: OriginExchange.RequestHead,
        fault: TestOrigin.Fault? = nil
    ) -> Ending {
        guard write(OriginExchange.responseHead(status: status, headers: headers)[...]) else { return .close }
        var limit = body.count
        var ending = head.closes ? Ending.close : .keepOpen
        switch fault {
        case .closeAfter(let bytes):
            limit = min(max(0, bytes), body.count)
            ending = .close
        case .resetAfter(let bytes):
            limit = min(max(0, bytes), body.count)
            ending = .reset
        default:
            break
        }
        var bytes = Array(body.prefix(limit))
        if case .stallAfter(let count) = fault {
            let first = min(max(0, count), bytes.count)
            guard sendBody(Array(bytes[..<first])) else {
                state.withLock { $0.stats.abandoned += 1 }
                return .close
            }
            guard stall() else { return .close }
            bytes.removeFirst(first)
        }
        guard sendBody(bytes) else {
            state.withLock { $0.stats.abandoned += 1 }
            return .close
        }
        return ending
    }

    /// Sends the body in chunks, paced to the origin's rate cap and shared link as they are at each chunk: a chunk
    /// first waits for its reservation of the shared link's time (``OriginLink``), then goes out, then the
    /// connection's own cap holds the next one back.
    /// - Returns: Whether all of it was sent (not when the client closed or the origin stopped).
    private func sendBody(_ body: [UInt8]) -> Bool {
        var sent = 0
        var paceStart = ContinuousClock.now
        var pacedBytes = 0
        var pacedRate: Int?
        while sent < body.count {
            let (rate, end, linkDue) = state.withLock { values -> (Int?, Int, ContinuousClock.Instant?) in
                let pacing = values.pacing
                let end = min(body.count, sent + Self.chunkLength(pacing))
                let due = pacing.linkBytesPerSecond.map {
                    values.link.reserve(end - sent, bytesPerSecond: $0, now: .now)
                }
                return (pacing.bytesPerSecond, end, due)
            }
            if rate != pacedRate {
                (paceStart, pacedBytes, pacedRate) = (.now, 0, rate)
            }
            if let linkDue, state.pause(until: linkDue) { return false }
            guard write(body[sent..<end]) else { return false }
            state.withLock { $0.stats.bodyBytesSent += Int64(end - sent) }
            pacedBytes += end - sent
            sent = end
            if let rate, sent < body.count {
                let due = paceStart + .seconds(Double(pacedBytes) / Double(rate))
                if state.pause(until: due) { return false }
            }
        }
        return true
    }

    /// The bytes of one paced write: a fiftieth of a second at the slowest rate in force (at most 16 KiB), or
    /// 64 KiB unpaced.
    static func chunkLength(_ pacing: TestOrigin.Pacing) -> Int {
        let slowest = [pacing.bytesPerSecond, pacing.linkBytesPerSecond].compactMap { $0 }.min()
        return slowest.map { max(1, min(16_384, $0 / 50)) } ?? 65_536
    }

    /// Writes all of `bytes`, waiting for room slice by slice.
    /// - Returns: Whether it was written (not when the client closed or the origin stopped).
    private func write(_ bytes: ArraySlice<UInt8>) -> Bool {
        var rest = bytes
        while !rest.isEmpty {
            if state.isStopped { return false }
            switch socket.waitWritable() {
            case .failed: return false
            case .idle: continue
            case .ready: break
            }
            guard let written = socket.send(rest) else { return false }
            rest = rest.dropFirst(written)
        }
        return true
    }
}
