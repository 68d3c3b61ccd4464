@_spi(EngineSupport) import SeamlessPlayback

@testable import SeamlessPlaybackMPV

/// Collects what an engine reports through `onFailure`, for a test to await with a bounded wait.
final class FailureProbe: Sendable {
    private let reports: AsyncStream<String>
    private let continuation: AsyncStream<String>.Continuation
    private let received = Protected<[String]>([])

    /// Registers with the engine, as the pool does before the first load.
    init(listeningTo engine: any PlaybackEngine) {
        (reports, continuation) = AsyncStream.makeStream(of: String.self)
        engine.onFailure { [received, continuation] reason in
            received.withLock { $0.append(reason) }
            continuation.yield(reason)
        }
    }

    /// Every report so far.
    var all: [String] { received.withLock { $0 } }

    /// The first report, or `nil` if none comes within `limit` (the limit only guards against a hang).
    func first(within limit: Duration) async -> String? {
        let reports = reports
        return await firstResult(within: limit) {
            var iterator = reports.makeAsyncIterator()
            return await iterator.next()
        }
    }
}
