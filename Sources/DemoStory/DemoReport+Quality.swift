import SeamlessPlayback

/// One page's playback quality for its lease, read when the page's part of the story ended.
public struct PageQuality: Hashable, Sendable {
    /// The page.
    public var page: String
    /// What ``SeamlessPlayback/PageSession/quality(of:)`` gave for the page's lease then.
    public var quality: PlaybackQuality
}

extension DemoReport {
    /// Each page's quality, one readable line per page in the order their parts ended.
    /// - Returns: Lines such as `  feed         startup 0.80 s  playing 9.00 s  stalls 0 (0.00 s)  rebuffer 0.0 %  …`.
    public func qualityList() -> String {
        pageQualities.map { entry in
            let quality = entry.quality
            let page = entry.page.padding(toLength: 13, withPad: " ", startingAt: 0)
            return "  \(page)startup \(quality.startupTime.map(Self.seconds) ?? "none")"
                + "  playing \(Self.seconds(quality.playingTime))"
                + "  stalls \(quality.stallCount) (\(Self.seconds(quality.stallTime)))"
                + "  rebuffer \(String(format: "%.1f", quality.rebufferRatio * 100)) %"
                + "  seeks \(quality.seekCount)  retries \(quality.loadRetries)"
        }
        .joined(separator: "\n")
    }

    private static func seconds(_ duration: Duration) -> String {
        String(format: "%.2f s", duration / .seconds(1))
    }
}
