import Foundation
import MediaFixtures
import SeamlessPlayback

/// Media files made for the tests with ffmpeg (installed by `ci.sh`), once per test process:
/// a six-second H.264/AAC mp4 with its index first, the same clip with its index at the end, a two-second clip
/// made the same way (for loops), an `.m3u` playlist that names the first, and `garbage.mp4`: 64 KiB of
/// pseudo-random bytes that no demuxer recognises.
actor LocalMedia {
    static let shared = LocalMedia()

    /// The length of `clip.mp4` and `tail-index.mp4`.
    static let duration = Duration.seconds(6)
    /// The length of `short.mp4`.
    static let shortDuration = Duration.seconds(2)

    /// The one making of the files; concurrent callers await the same task (an actor is reentrant at
    /// every await, so a stored flag would let two callers run ffmpeg on the same files).
    private var making: Task<URL, any Error>?

    /// The folder that holds `clip.mp4`, `tail-index.mp4`, `short.mp4`, `playlist.m3u` and `garbage.mp4`, made on
    /// first use.
    func directory() async throws -> URL {
        if let making { return try await making.value }
        let task = Task { try await Self.make() }
        making = task
        return try await task.value
    }

    private static func make() async throws -> URL {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("seamless-mpv-media-\(ProcessInfo.processInfo.processIdentifier)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let clip = folder.appendingPathComponent("clip.mp4").path
        for (path, seconds) in [(clip, 6), (folder.appendingPathComponent("short.mp4").path, 2)] {
            try await run(
                "ffmpeg",
                [
                    "-y", "-hide_banner", "-loglevel", "error",
                    "-f", "lavfi", "-i", "testsrc=size=320x180:rate=30:duration=\(seconds)",
                    "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration=\(seconds)",
                    "-c:v", "libx264", "-preset", "ultrafast", "-g", "30", "-c:a", "aac", "-shortest",
                    "-movflags", "+faststart", path,
                ])
        }
        try await run(
            "ffmpeg",
            [
                "-y", "-hide_banner", "-loglevel", "error", "-i", clip, "-c", "copy",
                folder.appendingPathComponent("tail-index.mp4").path,
            ])
        try "#EXTM3U\n\(clip)\n".write(
            to: folder.appendingPathComponent("playlist.m3u"), atomically: true, encoding: .utf8)
        // A linear congruential generator: the same bytes every run.
        var state: UInt32 = 12_345
        let garbage = (0..<65_536).map { _ -> UInt8 in
            state = (state &* 1_103_515_245 &+ 12_345) & 0x7fff_ffff
            return UInt8(truncatingIfNeeded: state >> 16)
        }
        try Data(garbage).write(to: folder.appendingPathComponent("garbage.mp4"))
        return folder
    }

    /// A media item for one of the files.
    func item(_ name: String) async throws -> MediaItem {
        let url = try await directory().appendingPathComponent(name)
        return MediaItem(id: url.path, url: url)
    }

    /// The size of one of the files, in bytes.
    func size(of name: String) async throws -> Int {
        let path = try await directory().appendingPathComponent(name).path
        return (try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    }
}

struct TestSupportError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
