import AVFoundation
import SeamlessPlayback
import SeamlessPlaybackAVFoundation

/// The README's "On iOS" example without its UIKit lines, so that the way an app builds a pool of
/// `AVPlayerEngine`s and reaches an engine's layer is type-checked too. Never run.
@MainActor
func feedClipLayer(for clipURL: URL) async throws -> AVPlayerLayer? {
    let pool = PlayerPool(configuration: .init(capacity: 4)) { await AVPlayerEngine() }
    let feed = try await pool.makeSession(
        named: "feed", settings: PlaybackSettings(isMuted: true, contentMode: .aspectFill)
    )
    let lease = try await feed.acquire(MediaItem(id: "clip-42", url: clipURL))
    return (lease.engine as? AVPlayerEngine)?.layer
}
