@_spi(EngineSupport) import SeamlessPlayback
import SeamlessPlaybackMPV

/// The engines a pool's factory made, in order: how a test watches players that no page holds (a preload's).
final class MadeEngines: Sendable {
    private let engines = Protected<[MPVEngine]>([])

    /// Makes an engine, for the pool's factory, and keeps it.
    func make(options: MPVEngine.Options = .init()) async throws -> MPVEngine {
        let engine = try await MPVEngine(options: options)
        engines.withLock { $0.append(engine) }
        return engine
    }

    /// Every engine made so far.
    var all: [MPVEngine] { engines.withLock { $0 } }
}
