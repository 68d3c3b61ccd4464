import SeamlessPlayback

/// Writes a page's identity into its settings, so that an engine can tell whose settings it was given.
///
/// The volume carries the tag: `(page + 1) / 2²¹` is exact in a `Double` and within `0...1`. Updates
/// of the workload change every other setting, never the volume, so every settings value a page
/// ever has names the page.
enum PageTag {
    /// The most pages a run can tag.
    static let maximumPages = (1 << 21) - 2
    private static let scale = Double(1 << 21)

    /// The volume that names `page`.
    static func volume(of page: Int) -> Double { Double(page + 1) / scale }

    /// The page whose settings these are, or `nil` for settings no page of the workload has.
    static func page(of settings: PlaybackSettings) -> Int? {
        let raw = settings.volume * scale
        guard raw.isFinite, raw >= 1, raw == raw.rounded(), raw <= Double(maximumPages + 1) else { return nil }
        return Int(raw) - 1
    }

    /// A page's first settings.
    static func initialSettings(of page: Int) -> PlaybackSettings {
        PlaybackSettings(
            isMuted: page % 2 == 0, volume: volume(of: page), rate: 1,
            isPaused: false, contentMode: page % 3 == 0 ? .aspectFill : .aspectFit)
    }
}
