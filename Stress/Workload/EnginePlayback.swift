@_spi(EngineSupport) import SeamlessPlayback
import SeamlessPlaybackTesting

/// What a ``StressEngine`` plays, as the engine itself knows it, and the status reports it makes.
///
/// The engine carries the settings of its last apply, and is paused or playing: as those settings say, unless the
/// system paused it since (``pauseBySystem(_:)``), which changes what it carries until the next apply puts the
/// settings on in full again. Every change is reported to the pool (``PlaybackEngine/onStatusChange(_:)``) from
/// inside the lock that orders the changes, so the pool hears them in the order they happened: an apply is reported
/// before the engine's `apply` returns.
final class EnginePlayback: Sendable {
    /// The engine's state at one moment, for the checkpoints.
    struct Carried: Sendable {
        /// The settings of the last apply that landed.
        var settings: PlaybackSettings?
        /// Whether the engine is paused now, for whatever reason.
        var isPaused = true
        /// Why the system paused the engine after its last apply; `nil` when the last change was the apply.
        var pausedBySystem: PauseReason?
        /// Whether the system paused the engine since ``startCheckpointInterval()``: a report of that pause may have
        /// reached the pool while a later apply ran, which leaves the pool not counting that apply's settings as live.
        var pausedBySystemRecently = false
    }

    private struct State {
        var carried = Carried()
        var position: Duration = .zero
        var report: (@Sendable (PlaybackStatus) -> Void)?
        /// The latest seeks the engine made, oldest first; `seeks[0]` is seek `seekCount - seeks.count + 1`.
        var seeks: [UInt64] = []
        var seekCount = 0
    }

    private let state = Protected(State())
    private static let seeksKept = 256

    /// A paused engine with no settings yet, at the start of no media.
    init() {}

    /// Where the engine's reports go; set once by the pool, before the first load.
    func onReport(_ report: @escaping @Sendable (PlaybackStatus) -> Void) {
        state.withLock { $0.report = report }
    }

    /// The engine's state now.
    var carried: Carried { state.withLock { $0.carried } }

    /// How many seeks the engine made.
    var seekCount: Int { state.withLock { $0.seekCount } }

    /// A load begins: the position is back at the start.
    func loading() {
        state.withLock { state in
            state.position = .zero
            state.report?(PlaybackStatus(phase: .loading, position: .zero, duration: nil))
        }
    }

    /// An apply landed: the engine carries `settings` in full, paused or playing as they say.
    func landed(_ settings: PlaybackSettings) {
        state.withLock { state in
            state.carried.settings = settings
            state.carried.isPaused = settings.isPaused
            state.carried.pausedBySystem = nil
            Self.report(&state)
        }
    }

    /// The system pauses the engine (a call came in, the output went away); returns whether it was playing or
    /// paused by request, that is, whether anything changed. A second system pause changes nothing and is not
    /// reported, as a real player reports changes only.
    /// - Parameter reason: Why; never ``SeamlessPlayback/PauseReason/requested``.
    func pauseBySystem(_ reason: PauseReason) -> Bool {
        state.withLock { state in
            guard state.carried.pausedBySystem == nil, state.carried.settings != nil else { return false }
            state.carried.isPaused = true
            state.carried.pausedBySystem = reason
            state.carried.pausedBySystemRecently = true
            Self.report(&state)
            return true
        }
    }

    /// A seek tagged `number` moved the position.
    func sought(to position: Duration, number: UInt64) {
        state.withLock { state in
            state.position = position
            state.seekCount += 1
            state.seeks.append(number)
            if state.seeks.count > Self.seeksKept { state.seeks.removeFirst(Self.seeksKept / 2) }
            Self.report(&state)
        }
    }

    /// Whether the seek tagged `number` was made after the first `count` seeks; `nil` when that is too long ago to
    /// tell.
    func made(seek number: UInt64, after count: Int) -> Bool? {
        state.withLock { state in
            let first = state.seekCount - state.seeks.count
            guard count >= first else { return nil }
            return state.seeks[(count - first)...].contains(number)
        }
    }

    /// Starts a new interval between checkpoints: ``Carried/pausedBySystemRecently`` is false again.
    func startCheckpointInterval() {
        state.withLock { $0.carried.pausedBySystemRecently = false }
    }

    private static func report(_ state: inout State) {
        let phase: PlaybackPhase =
            if !state.carried.isPaused {
                .playing
            } else {
                .paused(state.carried.pausedBySystem ?? .requested)
            }
        state.report?(PlaybackStatus(phase: phase, position: state.position, duration: nil))
    }
}
