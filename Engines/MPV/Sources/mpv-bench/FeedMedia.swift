import Foundation

/// The feed bench's media: clips made with ffmpeg in a folder of their own, served over local HTTP by the tests'
/// media server (`Tests/Support/media_server.py`, range requests as an ordinary web server serves them).
final class FeedMedia: Sendable {
    /// Clips of the feed.
    static let clipCount = 20
    /// Each clip: four seconds of H.264/AAC, 640×360 at 30 fps, its index first.
    static let clipSeconds = 4

    /// The URLs of the clips, in feed order.
    let urls: [String]
    private let server: Process
    private let serverInput: Pipe

    private init(urls: [String], server: Process, serverInput: Pipe) {
        self.urls = urls
        self.server = server
        self.serverInput = serverInput
    }

    /// Makes the clips (each with its own tone, so that none is another's copy) and starts the server.
    /// - Throws: ``BenchError/failed(_:)`` when ffmpeg or the server cannot run.
    static func prepare() async throws(BenchError) -> FeedMedia {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("seamless-feed-\(ProcessInfo.processInfo.processIdentifier)")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for index in 0..<clipCount {
                try await runToEnd("ffmpeg", arguments(for: index, into: folder))
            }
            let (server, input, port) = try await startServer(serving: folder)
            let urls = (0..<clipCount).map { "http://127.0.0.1:\(port)/file/clip-\($0).mp4" }
            return FeedMedia(urls: urls, server: server, serverInput: input)
        } catch let error as BenchError {
            throw error
        } catch {
            throw .failed("cannot make the feed's media: \(error)")
        }
    }

    /// Stops the server.
    func stop() {
        try? serverInput.fileHandleForWriting.close()
        server.terminate()
    }

    private static func arguments(for index: Int, into folder: URL) -> [String] {
        [
            "-y", "-hide_banner", "-loglevel", "error",
            "-f", "lavfi", "-i", "testsrc=size=640x360:rate=30:duration=\(clipSeconds)",
            "-f", "lavfi", "-i", "sine=frequency=\(220 + 20 * index):sample_rate=48000:duration=\(clipSeconds)",
            "-c:v", "libx264", "-preset", "veryfast", "-g", "30", "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest",
            "-movflags", "+faststart", folder.appendingPathComponent("clip-\(index).mp4").path,
        ]
    }

    private static func startServer(serving folder: URL) async throws -> (Process, Pipe, Int) {
        let script = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Tests/Support/media_server.py").path
        return try await onThread {
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
                guard !chunk.isEmpty else { throw BenchError.failed("the media server exited before listening") }
                line.append(chunk)
            }
            let text = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            guard let port = Int(text) else { throw BenchError.failed("the media server printed \(text)") }
            return (process, input, port)
        }
    }

    private static func runToEnd(_ program: String, _ arguments: [String]) async throws {
        try await onThread {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = [program] + arguments
            try process.run()
            process.waitUntilExit()
            guard process.terminationStatus == 0 else {
                throw BenchError.failed("\(program) exited with \(process.terminationStatus)")
            }
        }
    }

    /// Blocking work (a child process, a pipe) on a thread of its own, off the cooperative pool.
    private static func onThread<Value: Sendable>(_ body: @escaping @Sendable () throws -> Value) async throws -> Value
    {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try body() }) }.start()
        }
    }
}
