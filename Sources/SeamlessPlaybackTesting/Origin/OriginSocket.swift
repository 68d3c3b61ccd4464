#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One TCP socket of a ``TestOrigin``, over the POSIX calls: the listener on 127.0.0.1 or an accepted connection.
///
/// Every wait is a `poll` bounded by a short slice, so that the thread using it can look at the origin's stop flag
/// between slices; no call blocks for longer. Writes never raise `SIGPIPE` (a client that went away is an error, not
/// the death of the test process).
struct OriginSocket: Sendable {
    /// The file descriptor; closed by ``close()``.
    let descriptor: Int32

    /// How long one wait lasts before the caller looks at its stop flag again, in milliseconds.
    static let slice: Int32 = 20

    /// The send buffer asked for each accepted connection (the system may double it). On the loopback, a send
    /// buffer grown to megabytes would take a whole clip from an origin whose client reads nothing (a paused
    /// preload): the origin would count bytes, and spend a paced link's time on them, that a network would not carry
    /// until the client read. A small one lets through about what the client's own socket takes, as a network's flow
    /// control does.
    static let sendBufferBytes: Int32 = 32 * 1024

    /// What a bounded wait saw.
    enum Readiness: Equatable {
        case ready
        case idle
        case failed
    }

    /// Opens a listening socket on 127.0.0.1 with a port the system chooses.
    /// - Returns: The socket and its port, or the failing call's `errno` when one fails.
    static func listen() -> Result<(OriginSocket, UInt16), TestOriginError> { open(listening: true) }

    /// Binds a socket on 127.0.0.1 to a port the system chooses and never listens on it: every connection to the port
    /// is refused, and no other socket is given the port while this one is open.
    /// - Returns: The socket and its port, or the failing call's `errno` when one fails.
    static func refusing() -> Result<(OriginSocket, UInt16), TestOriginError> { open(listening: false) }

    private static func open(listening: Bool) -> Result<(OriginSocket, UInt16), TestOriginError> {
        #if canImport(Glibc) || canImport(Musl)
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { return .failure(.socketFailed(call: "socket", errno: errno)) }
        let socket = OriginSocket(descriptor: descriptor)
        if listening {
            var reuse: Int32 = 1
            _ = setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
        }
        var address = sockaddr_in()
        #if canImport(Darwin)
        address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
        #endif
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr = in_addr(s_addr: UInt32(0x7F00_0001).bigEndian)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0 else { return socket.failing("bind") }
        if listening, systemListen(descriptor, 64) != 0 { return socket.failing("listen") }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard named == 0 else { return socket.failing("getsockname") }
        return .success((socket, UInt16(bigEndian: address.sin_port)))
    }

    private func failing(_ call: String) -> Result<(OriginSocket, UInt16), TestOriginError> {
        let error = errno
        close()
        return .failure(.socketFailed(call: call, errno: error))
    }

    /// Waits one slice for the socket to be readable (a connection to accept, bytes, or the peer's close).
    func waitReadable() -> Readiness { wait(Int16(POLLIN)) }

    /// Waits one slice for room to write.
    func waitWritable() -> Readiness { wait(Int16(POLLOUT)) }

    private func wait(_ events: Int16) -> Readiness {
        var entry = pollfd(fd: descriptor, events: events, revents: 0)
        let count = poll(&entry, 1, Self.slice)
        if count < 0 { return errno == EINTR ? .idle : .failed }
        if count == 0 { return .idle }
        if entry.revents & Int16(POLLNVAL) != 0 { return .failed }
        return .ready
    }

    /// Accepts a pending connection, if there is one.
    func accept() -> OriginSocket? {
        let descriptor = systemAccept(descriptor)
        guard descriptor >= 0 else { return nil }
        var sendBuffer = Self.sendBufferBytes
        _ = setsockopt(descriptor, SOL_SOCKET, SO_SNDBUF, &sendBuffer, socklen_t(MemoryLayout<Int32>.size))
        #if canImport(Darwin)
        var noSignal: Int32 = 1
        _ = setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &noSignal, socklen_t(MemoryLayout<Int32>.size))
        #endif
        return OriginSocket(descriptor: descriptor)
    }

    /// Reads what is there without waiting.
    /// - Returns: The bytes; empty when the peer closed; `nil` when nothing is there yet or the read failed
    ///   (`failed` tells which).
    func receive(upTo count: Int) -> (bytes: [UInt8]?, failed: Bool) {
        var buffer = [UInt8](repeating: 0, count: count)
        let read = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, count, Int32(MSG_DONTWAIT)) }
        if read < 0 { return (nil, errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) }
        return (Array(buffer.prefix(read)), false)
    }

    /// Whether the peer has closed its side: readable with nothing to read, or failed.
    func peerClosed() -> Bool {
        guard waitReadable() == .ready else { return false }
        var byte: UInt8 = 0
        let read = recv(descriptor, &byte, 1, Int32(MSG_PEEK) | Int32(MSG_DONTWAIT))
        return read == 0 || (read < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)
    }

    /// Writes as much of `bytes` as the socket takes now, without waiting.
    /// - Returns: How many bytes were written (0 when there is no room), or `nil` when the write failed.
    func send(_ bytes: ArraySlice<UInt8>) -> Int? {
        #if canImport(Darwin)
        let flags = Int32(MSG_DONTWAIT)
        #else
        let flags = Int32(MSG_DONTWAIT) | Int32(MSG_NOSIGNAL)
        #endif
        let written = bytes.withUnsafeBytes { systemSend(descriptor, $0.baseAddress, $0.count, flags) }
        if written < 0 { return errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR ? 0 : nil }
        return written
    }

    /// Makes the next ``close()`` reset the connection (an RST) instead of closing it in order.
    func resetOnClose() {
        var option = linger(l_onoff: 1, l_linger: 0)
        _ = setsockopt(descriptor, SOL_SOCKET, SO_LINGER, &option, socklen_t(MemoryLayout<linger>.size))
    }

    /// Closes the socket.
    func close() {
        #if canImport(Darwin)
        _ = Darwin.close(descriptor)
        #elseif canImport(Musl)
        _ = Musl.close(descriptor)
        #else
        _ = Glibc.close(descriptor)
        #endif
    }
}

// The C calls whose names a method of this type shadows.
private func systemListen(_ descriptor: Int32, _ backlog: Int32) -> Int32 { listen(descriptor, backlog) }
private func systemAccept(_ descriptor: Int32) -> Int32 { accept(descriptor, nil, nil) }
private func systemSend(
    _ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int, _ flags: Int32
) -> Int {
    send(descriptor, bytes, count, flags)
}
