@_spi(EngineSupport) import SeamlessPlayback
import SeamlessPlaybackTesting
import Synchronization

/// The barrier of the quiescent checkpoints: pages stop at it between operations, the checker looks
/// at the pool, then lets them go on (or tells them to stop).
final class Pause: Sendable {
    private let requested = Atomic<Bool>(false)
    private let state = Protected(State())

    private struct State {
        var arrived: [PageView] = []
        var parked: [CheckedContinuation<Bool, Never>] = []
    }

    init() {}

    /// Whether pages should stop at the barrier now; cheap enough to ask before every operation.
    var isRequested: Bool { requested.load(ordering: .relaxed) }

    /// Asks every page to stop at the barrier.
    func request() { requested.store(true, ordering: .relaxed) }

    /// How many pages have stopped so far.
    var arrivedCount: Int { state.withLock { $0.arrived.count } }

    /// Stops a page until ``resume(goOn:)``; returns whether the page should carry on.
    func arrive(_ view: PageView) async -> Bool {
        await withCheckedContinuation { continuation in
            state.withLock { state in
                state.arrived.append(view)
                state.parked.append(continuation)
            }
        }
    }

    /// The views of the pages stopped now.
    var views: [PageView] { state.withLock { $0.arrived } }

    /// Lets every stopped page go on, or tells them all to finish.
    func resume(goOn: Bool) {
        let parked = state.withLock { state -> [CheckedContinuation<Bool, Never>] in
            defer {
                state.arrived = []
                state.parked = []
            }
            return state.parked
        }
        requested.store(false, ordering: .relaxed)
        for continuation in parked { continuation.resume(returning: goOn) }
    }
}

/// A way to cancel a page's call in flight, for checkpoints that find the page waiting on a player
/// that a paused page holds; and what kind of move the page is making, for the message of a page that never stops.
final class CancelSlot: Sendable {
    /// What a page is doing, as far as a stuck page's message needs to tell.
    enum Activity: UInt8 {
        case navigating, seeking, makingAnOvertakenSeek
    }

    private let cancel = Protected<(@Sendable () -> Void)?>(nil)
    private let activity = Atomic<UInt8>(Activity.navigating.rawValue)

    init() {}

    func set(_ body: (@Sendable () -> Void)?) { cancel.withLock { $0 = body } }

    func fire() { cancel.withLock { $0 }?() }

    /// Records what the page does from now on; cheap enough to call before every move.
    func note(_ what: Activity) { activity.store(what.rawValue, ordering: .relaxed) }

    /// What the page is doing.
    var doing: Activity { Activity(rawValue: activity.load(ordering: .relaxed)) ?? .navigating }
}
