import Foundation
import SeamlessPlayback

/// A page's playback quality (``SeamlessPlayback/PlaybackQuality``) for its lease, as the demo prints it.
struct QualityLine {
    /// The page.
    let page: String
    /// What ``SeamlessPlayback/PageSession/quality(of:)`` gave when the page's part ended.
    let quality: PlaybackQuality

    /// One readable line: startup, playing, stalls, rebuffer ratio, seeks, retries.
    var text: String {
        let startup = quality.startupTime.map { String(format: "%.1f ms", $0 / .milliseconds(1)) } ?? "none"
        return "  \(page): startup \(startup), playing \(seconds(quality.playingTime)), stalls \(quality.stallCount) "
            + "(\(seconds(quality.stallTime))), rebuffer \(String(format: "%.1f", quality.rebufferRatio * 100)) %, "
            + "seeks \(quality.seekCount), retries \(quality.loadRetries)"
    }

    private func seconds(_ duration: Duration) -> String {
        String(format: "%.2f s", duration / .seconds(1))
    }
}
