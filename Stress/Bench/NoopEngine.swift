import SeamlessPlayback

/// An engine that does nothing at once: what the benchmarks time is the pool alone. Like any engine whose settings
/// are plain properties, it takes them without waiting (``applyImmediately(_:)``).
final class NoopEngine: PlaybackEngine {
    init() {}
    func load(_ item: MediaItem) async throws {}
    func applyImmediately(_ settings: PlaybackSettings) -> Bool { true }
    func apply(_ settings: PlaybackSettings) async {}
    func currentPosition() async -> Duration { .zero }
    func shutdown() async {}
}

/// The same engine without ``applyImmediately(_:)``: the pool starts a task for each apply (which returns at once).
/// The round trip on it shows what that task costs.
final class AwaitingNoopEngine: PlaybackEngine {
    init() {}
    func load(_ item: MediaItem) async throws {}
    func apply(_ settings: PlaybackSettings) async {}
    func currentPosition() async -> Duration { .zero }
    func shutdown() async {}
}
