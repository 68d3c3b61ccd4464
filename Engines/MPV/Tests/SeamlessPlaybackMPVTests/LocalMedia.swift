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
        let clip = folder.appendingPathComponent("clip.mp4")
        for (file, seconds) in [(clip, 6), (folder.appendingPathComponent("short.mp4"), 2)] {
            try await recipe(seconds: seconds).make(at: file)
        }
        try await run(
            "ffmpeg",
            [
                "-y", "-hide_banner", "-loglevel", "error", "-i", clip.path, "-c", "copy",
                folder.appendingPathComponent("tail-index.mp4").path,
            ])
        try "#EXTM3U\n\(clip.path)\n".write(
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

    /// `clip.mp4` (6 s) and `short.mp4` (2 s): testsrc at 320×180, its pictures 4:4:4 as x264 keeps testsrc's RGB.
    static func recipe(seconds: Int) -> ClipRecipe {
        ClipRecipe(seconds: seconds, isConvertedToYUV420: false)
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
