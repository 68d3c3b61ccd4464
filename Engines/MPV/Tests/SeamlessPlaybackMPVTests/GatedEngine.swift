@_spi(EngineSupport) import SeamlessPlayback
import SeamlessPlaybackTesting

@testable import SeamlessPlaybackMPV

/// A real ``MPVEngine`` whose next apply can be held at a ``Gate``, to keep a handoff in flight.
final class GatedEngine: PlaybackEngine {
    let mpv: MPVEngine
    private let nextApplyGate = Protected<Gate?>(nil)

    init() async throws {
        mpv = try await MPVEngine()
    }

    /// Makes the next apply wait at `gate` before it reaches mpv.
    func holdNextApply(at gate: Gate) {
        nextApplyGate.withLock { $0 = gate }
    }

    func load(_ item: MediaItem) async throws {
        try await mpv.load(item)
    }

    func apply(_ settings: PlaybackSettings) async {
        let gate = nextApplyGate.withLock { gate in
            defer { gate = nil }
            return gate
        }
        await gate?.pass()
        await mpv.apply(settings)
    }

    func currentPosition() async -> Duration {
        await mpv.currentPosition()
    }

    func unload() async {
        await mpv.unload()
    }

    func shutdown() async {
        await mpv.shutdown()
    }
}
