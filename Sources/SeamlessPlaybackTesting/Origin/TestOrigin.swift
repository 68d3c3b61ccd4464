import Foundation

/// A small HTTP/1.1 server on 127.0.0.1, for tests and benches of code that fetches media: a slow, faulty origin
/// under the test's control.
///
/// It serves resources held in memory or read from files, answers `Range: bytes=a-b`, `bytes=a-` and `bytes=-n`
/// with `206` (with `Content-Range`, `Content-Length` and `Accept-Ranges`), a request with no range with `200`, an
/// unknown path with `404`, and keeps connections open between requests. It is meant for tests only: it trusts its
/// clients, reads whole resources into memory and serves each connection on a thread of its own.
///
/// Three settings slow it down, at start or while it runs (``setPacing(_:)``): a delay before each answer, a cap on
/// each connection's body rate (paced writes), and one rate shared by every connection, as a phone's radio is
/// (``Pacing/linkBytesPerSecond``). Faults (``Fault``) make it misbehave for chosen paths, for every
/// request (``setFault(_:for:)``) or the next few (``setFault(_:for:times:)``): ignore the range, close or reset after
/// some bytes, announce a wrong `Content-Range`, refuse, stall until released.
/// ``stats`` counts connections, requests and body bytes sent, and ``wait(until:)`` lets a test wait for a count
/// without sleeping.
///
/// ```swift
/// let origin = try TestOrigin(resources: ["/clip.mp4": .data(clip)])
/// defer { origin.stop() }
/// origin.setFault(.stall, for: "/clip.mp4")
/// let fetch = Task { try await source.read(origin.url(for: "/clip.mp4"), range: 0..<1024) }
/// await origin.wait { $0.stalled == 1 }   // the request has arrived and waits
/// fetch.cancel()
/// await origin.wait { $0.abandoned == 1 } // the client closed the connection
/// ```
///
/// Time here is real time (it is a network server): tests should control it with ``Fault/stall`` and
/// ``releaseStalled()``, and not assert durations. ``stop()`` ends every thread before it returns.
public final class TestOrigin: Sendable {
    private let state: OriginState
    private let listener: OriginSocket

    /// The port the system chose.
    public let port: UInt16

    /// The origin's address, `http://127.0.0.1:<port>`.
    public var baseURL: URL { URL(string: "http://127.0.0.1:\(port)") ?? URL(fileURLWithPath: "/") }

    /// Starts an origin on 127.0.0.1, on a port the system chooses.
    /// - Parameters:
    ///   - resources: What to serve, by path (each starting with `/`).
    ///   - pacing: The delay before each answer, the cap on each connection's rate and the shared link's rate.
    ///     Default: none of them.
    /// - Throws: ``TestOriginError/socketFailed(call:errno:)`` when the listening socket cannot be opened.
    public init(resources: [String: Resource] = [:], pacing: Pacing = Pacing()) throws(TestOriginError) {
        let (listener, port) = try OriginSocket.listen().get()
        self.listener = listener
        self.port = port
        state = OriginState(resources: resources, pacing: pacing)
        if !Self.startThread(state, { [state, listener] in Self.acceptLoop(listener, state) }) { listener.close() }
    }

    /// Starts an origin serving bytes held in memory.
    /// - Parameters:
    ///   - data: The bytes to serve, by path (each starting with `/`).
    ///   - pacing: The delay before each answer, the cap on each connection's rate and the shared link's rate.
    ///     Default: none of them.
    /// - Throws: ``TestOriginError/socketFailed(call:errno:)`` when the listening socket cannot be opened.
    public convenience init(data: [String: Data], pacing: Pacing = Pacing()) throws(TestOriginError) {
        try self.init(resources: data.mapValues { .data($0) }, pacing: pacing)
    }

    deinit { stop() }

    /// The URL of a path on this origin.
    /// - Parameter path: A path starting with `/`.
    /// - Returns: `http://127.0.0.1:<port><path>`.
    public func url(for path: String) -> URL {
        Self.url(port: port, path: path)
    }

    /// The URL of `path` on `port` of 127.0.0.1, `http://127.0.0.1:<port><path>`; the port's own address when `path`
    /// makes no URL. For an origin and a ``RefusingPort`` alike.
    static func url(port: UInt16, path: String) -> URL {
        URL(string: "http://127.0.0.1:\(port)\(path)") ?? URL(string: "http://127.0.0.1:\(port)")
            ?? URL(fileURLWithPath: "/")
    }

    /// Serves `resource` at `path` from the next request on; `nil` removes it (a `404` then).
    /// - Parameters:
    ///   - resource: What to serve, or `nil`.
    ///   - path: A path starting with `/`.
    public func setResource(_ resource: Resource?, at path: String) {
        state.withLock { $0.resources[path] = resource }
    }

    /// Changes the delay before each answer, the rate cap and the shared link's rate. A body being sent adopts the new
    /// rates at its next chunk.
    /// - Parameter pacing: The new settings.
    public func setPacing(_ pacing: Pacing) {
        state.withLock { $0.pacing = pacing }
    }

    /// The pacing in force.
    public var pacing: Pacing { state.withLock { $0.pacing } }

    /// Scripts a fault for every later request of `path` until it is set to `nil`; it takes precedence over the
    /// fault set for every path.
    /// - Parameters:
    ///   - fault: The misbehaviour, or `nil` to answer normally.
    ///   - path: A path starting with `/`.
    public func setFault(_ fault: Fault?, for path: String) {
        state.withLock { values in
            values.faults[path] = fault
            values.faultBudgets[path] = nil
        }
    }

    /// Scripts a fault for the next `times` requests of `path` only; the requests after them are answered normally
    /// (or by the fault set for every path). It replaces any fault of the path, as ``setFault(_:for:)`` does.
    /// - Parameters:
    ///   - fault: The misbehaviour.
    ///   - path: A path starting with `/`.
    ///   - times: How many requests it answers; values below 1 script nothing (and clear the path's fault).
    public func setFault(_ fault: Fault, for path: String, times: Int) {
        state.withLock { values in
            values.faults[path] = times >= 1 ? fault : nil
            values.faultBudgets[path] = times >= 1 ? times : nil
        }
    }

    /// Scripts a fault for every later request of every path that has no fault of its own, until set to `nil`.
    /// - Parameter fault: The misbehaviour, or `nil` to answer normally.
    public func setFaultForEveryPath(_ fault: Fault?) {
        state.withLock { $0.faultForEveryPath = fault }
    }

    /// Lets every request stalled now (``Fault/stall``) be answered, normally; later requests still stall while the
    /// fault is set.
    public func releaseStalled() {
        state.withLock { $0.stallGeneration += 1 }
    }

    /// What the origin has done so far.
    public var stats: Stats { state.withLock { $0.stats } }

    /// Every request read so far, in order of arrival.
    public var requests: [Request] { state.withLock { $0.log } }

    /// Every request read since the last call (or since the origin started), in order of arrival, and forgets them:
    /// a long run that drains the log now and then keeps it small.
    /// - Returns: The requests, oldest first.
    public func takeRequests() -> [Request] {
        state.withLock { values in
            defer { values.log = [] }
            return values.log
        }
    }

    /// Returns once `isMet` holds for ``stats`` (at once when it holds now, or when the origin has stopped).
    /// - Parameter isMet: The condition, checked at each change of the stats.
    public func wait(until isMet: @escaping @Sendable (Stats) -> Bool) async {
        await state.wait(until: isMet)
    }

    /// Stops the origin: stops accepting, closes every connection (stalled and paced ones included) and returns when
    /// the last of its threads has ended. Calling it again does nothing.
    public func stop() {
        state.markStopped()
        state.waitForThreads()
    }

    /// Runs `body` on a thread of its own, counted in until it ends.
    /// - Returns: Whether it started (not once the origin has stopped).
    private static func startThread(_ state: OriginState, _ body: @escaping @Sendable () -> Void) -> Bool {
        guard state.enter() else { return false }
        let thread = Thread {
            body()
            state.leave()
        }
        thread.name = "TestOrigin"
        thread.start()
        return true
    }

    private static func acceptLoop(_ listener: OriginSocket, _ state: OriginState) {
        defer { listener.close() }
        while !state.isStopped {
            guard listener.waitReadable() == .ready, let socket = listener.accept() else { continue }
            state.withLock { $0.stats.connections += 1 }
            let connection = OriginConnection(socket: socket, state: state)
            if !startThread(state, { connection.run() }) { socket.close() }
        }
    }
}
