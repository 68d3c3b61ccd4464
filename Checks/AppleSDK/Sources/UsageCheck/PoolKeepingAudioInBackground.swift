import AVFoundation
import SeamlessPlayback
import SeamlessPlaybackAVFoundation

/// The AVFoundation catalog's pool-wide background policy, verbatim between the snippet lines (a test compares them):
/// one `AVPlaybackSystem` handed to every engine by the pool's factory, and a detail page that seeks, loops, and
/// follows the status its engine reports. Never run.
@MainActor
func poolKeepingAudioInBackground(filmURL: URL) async throws {
    // snippet SeamlessPlaybackAVFoundation/background
    let system = AVPlaybackSystem(backgroundPolicy: .keepAudioInBackground)
    let pool = PlayerPool(configuration: .init(capacity: 4)) { await AVPlayerEngine(system: system) }
    // end snippet
    let detail = try await pool.makeSession(named: "detail", settings: PlaybackSettings(endAction: .loop))
    let lease = try await detail.acquire(MediaItem(id: "film", url: filmURL))
    try await detail.seek(lease, to: .seconds(30))
    for await status in detail.status(of: lease) {
        switch status.phase {
        case .paused(.outputLost), .paused(.interrupted):
            return  // the system paused it: the page offers to play on (an unchanged update re-applies)
        case .loading, .playing, .buffering, .paused, .ended:
            continue
        }
    }
}
