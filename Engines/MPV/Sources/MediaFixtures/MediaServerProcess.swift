import Foundation

/// The local HTTP server of `Tests/Support/media_server.py`, for the real-playback tests and `mpv-bench --feed`: a
/// child process serving one folder on a port of 127.0.0.1 the system chose, until it is stopped.
package final class MediaServerProcess: Sendable {
    private let process: Process
    private let input: Pipe
    /// The port it listens on.
    package let port: Int
    /// A port of 127.0.0.1 that refuses connections while the server runs.
    package let refusingPort: Int

    private init(process: Process, input: Pipe, port: Int, refusingPort: Int) {
        self.process = process
        self.input = input
        self.port = port
        self.refusingPort = refusingPort
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
            guard ports.count == 2 else { throw MediaFixtureError("the media server printed \(text)") }
            return MediaServerProcess(process: process, input: input, port: ports[0], refusingPort: ports[1])
        }
    }

    /// Stops the server.
    package func stop() {
        try? input.fileHandleForWriting.close()
        process.terminate()
    }
}
