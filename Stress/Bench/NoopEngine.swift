import SeamlessPlayback

/// An engine that does nothing at once: what the benchmarks time is the pool alone. Its seek returns at once too.
///
/// By default it takes settings without waiting (``applyImmediately(_:)``), like any engine whose settings are
/// plain properties. Made with `takesSettingsAtOnce: false` it declines them there, and the pool runs each apply on a
/// task of its own (which returns at once): the round trip on it shows what that task costs.
final class NoopEngine: PlaybackEngine {
    private let takesSettingsAtOnce: Bool

    init(takesSettingsAtOnce: Bool = true) {
        self.takesSettingsAtOnce = takesSettingsAtOnce
    }

    func load(_ item: MediaItem) async throws {}
    func applyImmediately(_ settings: PlaybackSettings) -> Bool { takesSettingsAtOnce }
    func apply(_ settings: PlaybackSettings) async {}
    func seek(to position: Duration) async throws {}
    func currentPosition() async -> Duration { .zero }
    func shutdown() async {}
}
