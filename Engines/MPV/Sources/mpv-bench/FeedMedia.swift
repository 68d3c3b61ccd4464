import Foundation
import MediaFixtures

/// The feed bench's media: clips made with ffmpeg in a folder of their own, served over local HTTP by the tests'
/// media server (`Tests/Support/media_server.py`, range requests as an ordinary web server serves them).
final class FeedMedia: Sendable {
    /// Clips of the feed.
    static let clipCount = 20
    /// Each clip: four seconds of H.264/AAC, 640×360 at 30 fps, its index first.
    static let clipSeconds = 4

    /// The URLs of the clips, in feed order.
    let urls: [String]
    private let server: MediaServerProcess

    private init(urls: [String], server: MediaServerProcess) {
        self.urls = urls
        self.server = server
    }

    /// Makes the clips (each with its own tone, so that none is another's copy) and starts the server.
    /// - Throws: ``BenchError/failed(_:)`` when ffmpeg or the server cannot run.
    static func prepare() async throws(BenchError) -> FeedMedia {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("seamless-feed-\(ProcessInfo.processInfo.processIdentifier)")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for index in 0..<clipCount {
                try await recipe(for: index).make(at: folder.appendingPathComponent("clip-\(index).mp4"))
            }
            let server = try await MediaServerProcess.start(serving: folder)
            let urls = (0..<clipCount).map { "http://127.0.0.1:\(server.port)/file/clip-\($0).mp4" }
            return FeedMedia(urls: urls, server: server)
        } catch let error as BenchError {
            throw error
        } catch {
            throw .failed("cannot make the feed's media: \(error)")
        }
    }

    /// Stops the server.
    func stop() {
        server.stop()
    }

    /// Clip `index`: its tone is its own.
    static func recipe(for index: Int) -> ClipRecipe {
        ClipRecipe(seconds: clipSeconds, width: 640, height: 360, preset: .veryfast, toneFrequency: 220 + 20 * index)
    }
}
