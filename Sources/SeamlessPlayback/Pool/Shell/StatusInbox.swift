/// One engine's status reports on their way to its pool, in the order the engine made them.
///
/// The engine reports from any thread (``PlaybackEngine/onStatusChange(_:)``); the reports wait here under a lock,
/// and one task at a time carries them to the pool's actor — none while nothing is reported, one per burst of
/// reports. A task per report would not keep them in order.
final class StatusInbox: Sendable {
    /// The most reports kept for the pool; beyond it the oldest are dropped and the pool told some were lost.
    static let limit = 64

    private let state = Protected(State())
    private let player: PlayerID
    private let pool: PlayerPool.WeakPool

    private struct State {
        var reports: [PlaybackStatus] = []
        var isScheduled = false
        var lost = false
    }

    /// - Parameters:
    ///   - player: The player whose engine reports here.
    ///   - pool: The pool the reports go to, held weakly.
    init(player: PlayerID, pool: PlayerPool.WeakPool) {
        self.player = player
        self.pool = pool
    }

    /// Keeps a report and, unless a task is already on its way, starts one that carries the reports to the pool.
    /// - Parameter status: What the engine reported.
    func post(_ status: PlaybackStatus) {
        let schedules = state.withLock { state -> Bool in
            if state.reports.count >= Self.limit {
                state.reports.removeFirst()
                state.lost = true
            }
            state.reports.append(status)
            guard !state.isScheduled else { return false }
            state.isScheduled = true
            return true
        }
        guard schedules else { return }
        let pool = self.pool
        let player = self.player
        Task { await pool.pool?.statusArrived(player, from: self) }
    }

    /// Takes every report kept, oldest first, and whether some were dropped before them; the next report starts a
    /// new task.
    func take() -> (reports: [PlaybackStatus], lost: Bool) {
        state.withLock { state in
            defer {
                state.reports = []
                state.lost = false
                state.isScheduled = false
            }
            return (state.reports, state.lost)
        }
    }
}
