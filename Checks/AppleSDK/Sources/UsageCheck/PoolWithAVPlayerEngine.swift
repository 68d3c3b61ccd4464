import AVFoundation
import SeamlessPlayback
import SeamlessPlaybackAVFoundation

/// The AVFoundation catalog's first example, verbatim between the snippet lines (a test compares them), so that the
/// way an app builds a pool of `AVPlayerEngine`s and reaches an engine's layer is type-checked. Never run.
@MainActor
func feedClipLayer(for clipURL: URL) async throws -> AVPlayerLayer? {
    // snippet SeamlessPlaybackAVFoundation/pool
    let pool = PlayerPool(configuration: .init(capacity: 4)) { await AVPlayerEngine() }  // made on the main actor
    let feed = try await pool.makeSession(
        named: "feed", settings: PlaybackSettings(isMuted: true, contentMode: .aspectFill)
    )
    let lease = try await feed.acquire(MediaItem(id: "clip-42", url: clipURL))  // returns at the first frame
    // end snippet
    return (lease.engine as? AVPlayerEngine)?.layer
}
