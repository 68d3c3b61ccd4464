import Foundation
import MediaFixtures
import SeamlessPlayback

/// The local HTTP server of `Tests/Support/media_server.py`, serving ``LocalMedia``'s folder.
///
/// `/file/NAME` serves a file with range requests, as an ordinary web server does; `/linear/NAME`
/// serves it whole and ignores ranges. With `?at=BYTES` the server dies at that byte of the file:
/// every response stops there and drops its connection, and later requests get 503. With `?rate=BYTES` it sends
/// BYTES per second, as a slow network would; with `?pause=BYTES:MS` it stops before that byte for MS milliseconds,
/// then goes on. `/hang/NAME` never answers. `/status/CODE/NAME` answers that status; `/flaky/NAME` answers 503 the
/// first time, then serves the file. A second port refuses every connection; a third refuses them until
/// ``listenOnLatePort()``, then serves as the first does.
final class MediaServer: Sendable {
    private let server: MediaServerProcess
    /// `http://127.0.0.1:PORT`.
    let base: String

    private init(server: MediaServerProcess) {
        self.server = server
        base = "http://127.0.0.1:\(server.port)"
    }

    /// Starts a server and returns once it listens.
    static func start() async throws -> MediaServer {
        MediaServer(server: try await MediaServerProcess.start(serving: try await LocalMedia.shared.directory()))
    }

    /// An item for a file served with range requests, from a server that dies at byte `cutAt`, sends `rate` bytes
    /// per second, and stops for `pause.time` before byte `pause.at`, if given.
    func file(
        _ name: String, cutAt bytes: Int? = nil, rate: Int? = nil, pause: (at: Int, time: Duration)? = nil
    ) -> MediaItem {
        MediaItem(id: "\(base)/file/\(name)" + Self.query(cutAt: bytes, rate: rate, pause: pause))
    }

    /// An item for a file served whole, without range requests, from a server that dies at byte `cutAt` and sends
    /// `rate` bytes per second, if given.
    func linear(_ name: String, cutAt bytes: Int? = nil, rate: Int? = nil) -> MediaItem {
        MediaItem(id: "\(base)/linear/\(name)" + Self.query(cutAt: bytes, rate: rate))
    }

    private static func query(cutAt bytes: Int?, rate: Int?, pause: (at: Int, time: Duration)? = nil) -> String {
        let pause = pause.map { "pause=\($0.at):\(Int($0.time / .milliseconds(1)))" }
        let parameters = [bytes.map { "at=\($0)" }, rate.map { "rate=\($0)" }, pause].compactMap { $0 }
        return parameters.isEmpty ? "" : "?" + parameters.joined(separator: "&")
    }

    /// An item whose server never answers: a load of it waits until its timeout or cancellation.
    func hanging() -> MediaItem {
        MediaItem(id: "\(base)/hang/clip.mp4")
    }

    /// An item the server answers with an HTTP error `status`.
    func status(_ status: Int) -> MediaItem {
        MediaItem(id: "\(base)/status/\(status)/clip.mp4")
    }

    /// An item the server answers with 503 the first time and serves from then on; `key` tells items apart.
    func flaky(_ name: String, key: String) -> MediaItem {
        MediaItem(id: "\(base)/flaky/\(name)?key=\(key)")
    }

    /// An item on a port of 127.0.0.1 that refuses connections.
    func refused() -> MediaItem {
        MediaItem(id: "http://127.0.0.1:\(server.refusingPort)/file/clip.mp4")
    }

    /// An item on a port of 127.0.0.1 that refuses connections until ``listenOnLatePort()``, then serves `name`
    /// with range requests.
    func late(_ name: String) -> MediaItem {
        MediaItem(id: "http://127.0.0.1:\(server.latePort)/file/\(name)")
    }

    /// Makes the late port listen; returns once it does.
    func listenOnLatePort() async throws {
        try await server.listenOnLatePort()
    }

    /// Stops the server.
    func stop() {
        server.stop()
    }
}
