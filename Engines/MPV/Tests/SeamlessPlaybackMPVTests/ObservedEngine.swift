@_spi(EngineSupport) import SeamlessPlayback

@testable import SeamlessPlaybackMPV

/// A real ``MPVEngine`` in a pool, whose every status report a test can read, though the pages' status streams only
/// give the newest to a slow reader; each report and each call of the pool is timed on the continuous clock, as it
/// happens on the engine's side.
final class ObservedEngine: PlaybackEngine {
    let mpv: MPVEngine
    /// Every status the engine reported to the pool, timed when the engine reported it.
    let reports = StatusProbe()
    /// When the pool asked for the engine (before mpv was made), and when each of its loads and applies began.
    let calls: Protected<[ContinuousClock.Instant]>

    init(options: MPVEngine.Options = .init()) async throws {
        calls = Protected([ContinuousClock.now])
        mpv = try await MPVEngine(options: options)
    }

    func load(_ item: MediaItem) async throws {
        calls.withLock { $0.append(.now) }
        try await mpv.load(item)
    }

    func apply(_ settings: PlaybackSettings) async {
        calls.withLock { $0.append(.now) }
        await mpv.apply(settings)
    }

    func seek(to position: Duration) async throws { try await mpv.seek(to: position) }
    func currentPosition() async -> Duration { await mpv.currentPosition() }
    func unload() async { await mpv.unload() }
    func shutdown() async { await mpv.shutdown() }
    func onFailure(_ report: @escaping @Sendable (String) -> Void) { mpv.onFailure(report) }

    func onStatusChange(_ report: @escaping @Sendable (PlaybackStatus) -> Void) {
        let reports = self.reports
        mpv.onStatusChange { status in
            reports.record(status)
            report(status)
        }
    }
}
