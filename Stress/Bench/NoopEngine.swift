import SeamlessPlayback

/// An engine that does nothing at once: what the benchmarks time is the pool alone.
final class NoopEngine: PlaybackEngine {
    init() {}
    func load(_ item: MediaItem) async throws {}
    func apply(_ settings: PlaybackSettings) async {}
    func currentPosition() async -> Duration { .zero }
    func shutdown() async {}
}
