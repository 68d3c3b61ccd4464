import Foundation

/// The local HTTP server of `Tests/Support/media_server.py`, for the real-playback tests and `mpv-bench --feed`: a
/// child process serving one folder on a port of 127.0.0.1 the system chose, until it is stopped.
package final class MediaServerProcess: Sendable {
    private let process: Process
    private let input: Pipe
    private let output: Pipe
    /// The port it listens on.
    package let port: Int
    /// A port of 127.0.0.1 that refuses connections while the server runs.
    package let refusingPort: Int
    /// A port of 127.0.0.1 that refuses connections until ``listenOnLatePort()``, then serves as ``port`` does.
    package let latePort: Int

    private init(process: Process, input: Pipe, output: Pipe, ports: [Int]) {
        self.process = process
        self.input = input
        self.output = output
        port = ports[0]
        refusingPort = ports[1]
        latePort = ports[2]
    }

    /// Starts a server of `folder` and returns once it listens (it prints its ports first).
    /// - Parameter folder: What it serves.
    /// - Returns: The running server.
    /// - Throws: ``MediaFixtureError`` when it cannot start or says no port.
    package static func start(serving folder: URL) async throws -> MediaServerProcess {
        let script = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Tests/Support/media_server.py").path
        return try await onOwnThread {
            let process = Process()
            let input = Pipe()
            let output = Pipe()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["python3", script, folder.path]
            process.standardInput = input
            process.standardOutput = output
            try process.run()
            var line = Data()
            while !line.contains(UInt8(ascii: "\n")) {
                let chunk = output.fileHandleForReading.availableData
                guard !chunk.isEmpty else { throw MediaFixtureError("the media server exited before listening") }
                line.append(chunk)
            }
            let text = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            let ports = text.split(separator: " ").compactMap { Int($0) }
            guard ports.count == 3 else { throw MediaFixtureError("the media server printed \(text)") }
            return MediaServerProcess(process: process, input: input, output: output, ports: ports)
        }
    }

    /// Makes ``latePort`` listen, and returns once it does: connections to it are served from then on.
    /// - Throws: ``MediaFixtureError`` when the server does not say it listens.
    package func listenOnLatePort() async throws {
        let input = input
        let output = output
        try await onOwnThread {
            try input.fileHandleForWriting.write(contentsOf: Data("listen\n".utf8))
            var line = Data()
            while !line.contains(UInt8(ascii: "\n")) {
                let chunk = output.fileHandleForReading.availableData
                guard !chunk.isEmpty else { throw MediaFixtureError("the media server exited before listening") }
                line.append(chunk)
            }
            let text = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            guard text == "listening" else { throw MediaFixtureError("the media server answered \(text)") }
        }
    }

    /// Stops the server.
    package func stop() {
        try? input.fileHandleForWriting.close()
        process.terminate()
    }
}
