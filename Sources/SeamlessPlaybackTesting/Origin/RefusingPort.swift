import Foundation
@_spi(EngineSupport) import SeamlessPlayback

/// A port on 127.0.0.1 that refuses every connection for as long as it is open: for tests of an origin that cannot
/// be reached.
///
/// The port is bound and never listened on, so a connection to it is refused at once, and the system gives it to no
/// other socket until ``close()``. A stopped ``TestOrigin``'s port is not such a port: once it is free, another origin
/// started by a test running beside it may be given the same port and answer.
///
/// ```swift
/// let port = try RefusingPort()
/// defer { port.close() }
/// await #expect(throws: ByteSourceError.unreachable) { try await source.read(port.url(for: "/clip"), range: 0..<10) }
/// ```
public final class RefusingPort: Sendable {
    private let socket: Protected<OriginSocket?>

    /// The port the system chose.
    public let port: UInt16

    /// Binds a port the system chooses on 127.0.0.1.
    /// - Throws: ``TestOriginError/socketFailed(call:errno:)`` when the socket cannot be opened or bound.
    public init() throws(TestOriginError) {
        let (socket, port) = try OriginSocket.refusing().get()
        self.socket = Protected(socket)
        self.port = port
    }

    deinit { close() }

    /// The URL of a path on this port.
    /// - Parameter path: A path starting with `/`.
    /// - Returns: `http://127.0.0.1:<port><path>`.
    public func url(for path: String) -> URL {
        TestOrigin.url(port: port, path: path)
    }

    /// Closes the socket: the port is free for the system to give again. Calling it again does nothing.
    public func close() {
        socket.withLock { socket in
            socket?.close()
            socket = nil
        }
    }
}
