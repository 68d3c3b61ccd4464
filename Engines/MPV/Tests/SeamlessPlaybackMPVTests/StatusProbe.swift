@_spi(EngineSupport) import SeamlessPlayback

@testable import SeamlessPlaybackMPV

/// Collects statuses (an engine's reports, or a page's status stream) for a test to await with a bounded wait.
final class StatusProbe: Sendable {
    private let reports: AsyncStream<PlaybackStatus>
    private let continuation: AsyncStream<PlaybackStatus>.Continuation
    private let received = Protected<[(status: PlaybackStatus, at: ContinuousClock.Instant)]>([])

    init() {
        (reports, continuation) = AsyncStream.makeStream(of: PlaybackStatus.self)
    }

    /// Registers with the engine as the pool does (before its first load); `forward`, if given, hears each report
    /// after the probe, as the pool would.
    convenience init(listeningTo engine: MPVEngine, forwardingTo forward: (@Sendable (PlaybackStatus) -> Void)? = nil) {
        self.init()
        engine.onStatusChange { [self] status in
            record(status)
            forward?(status)
        }
    }

    /// Reads a page's status stream until it finishes.
    /// - Returns: The task reading it; cancel it to stop early.
    @discardableResult
    func follow(_ stream: AsyncStream<PlaybackStatus>) -> Task<Void, Never> {
        Task { [self] in
            for await status in stream { record(status) }
        }
    }

    /// Notes one status, with when it came.
    func record(_ status: PlaybackStatus) {
        let now = ContinuousClock.now
        received.withLock { $0.append((status, now)) }
        continuation.yield(status)
    }

    /// Every status so far, in order.
    var all: [PlaybackStatus] { received.withLock { $0.map(\.status) } }

    /// Every status so far with when it was recorded, in order.
    var timed: [(status: PlaybackStatus, at: ContinuousClock.Instant)] { received.withLock { $0 } }

    /// The first status not yet awaited that satisfies `condition`, or `nil` if none comes within `limit` (the limit
    /// only guards against a hang). Statuses awaited and passed over are not offered again.
    func next(within limit: Duration = .seconds(30), where condition: @escaping @Sendable (PlaybackStatus) -> Bool)
        async -> PlaybackStatus?
    {
        let reports = reports
        return await firstResult(within: limit) {
            for await status in reports where condition(status) { return status }
            return nil
        }
    }

    /// The first status not yet awaited in `phase`, or `nil` if none comes within `limit`.
    func next(_ phase: PlaybackPhase, within limit: Duration = .seconds(30)) async -> PlaybackStatus? {
        await next(within: limit) { $0.phase == phase }
    }
}
