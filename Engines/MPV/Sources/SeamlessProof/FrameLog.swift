import Foundation
@_spi(EngineSupport) import SeamlessPlayback
import SeamlessPlaybackMPV

/// The pictures the hosts of a ``SeamlessRun`` received, appended from the engine's render thread, and a way to wait
/// for a host's next new frames without polling.
final class FrameLog: Sendable {
    private struct Waiter {
        let host: Int
        let target: Int
        let continuation: CheckedContinuation<Bool, Never>
    }

    private struct State {
        var frames: [SeamlessAnalysis.ShownFrame] = []
        var unreadable: [SeamlessRun.UnreadableFrame] = []
        var newFrames: [Int: Int] = [:]
        var waiters: [UUID: Waiter] = [:]
    }

    private let state = Protected(State())
    /// How long a host may go without a new frame before the run counts as stalled.
    static let stallLimit = Duration.seconds(30)

    /// Every picture so far, in order of arrival.
    var frames: [SeamlessAnalysis.ShownFrame] { state.withLock { $0.frames } }

    /// The frames noted as unreadable so far.
    var unreadable: [SeamlessRun.UnreadableFrame] { state.withLock { $0.unreadable } }

    /// Notes a frame that read neither an index nor black.
    func noteUnreadable(_ frame: SeamlessRun.UnreadableFrame) {
        state.withLock { $0.unreadable.append(frame) }
    }

    /// Records a picture; resumes whoever waits for it.
    func append(_ frame: SeamlessAnalysis.ShownFrame) {
        let ready = state.withLock { state -> [Waiter] in
            state.frames.append(frame)
            guard frame.kind == .newFrame else { return [] }
            let count = state.newFrames[frame.host, default: 0] + 1
            state.newFrames[frame.host] = count
            let ready = state.waiters.filter { $0.value.host == frame.host && $0.value.target <= count }
            for id in ready.keys { state.waiters[id] = nil }
            return Array(ready.values)
        }
        for waiter in ready { waiter.continuation.resume(returning: true) }
    }

    /// Returns once `host` has received `count` more new frames.
    /// - Throws: ``SeamlessRunError/stalled(host:frames:)`` when they do not come within ``stallLimit``.
    func waitForNewFrames(_ count: Int, in host: Int) async throws {
        let id = UUID()
        let limit = Protected<Task<Void, Never>?>(nil)
        let arrived = await withCheckedContinuation { continuation in
            state.withLock { state in
                let target = state.newFrames[host, default: 0] + count
                state.waiters[id] = Waiter(host: host, target: target, continuation: continuation)
            }
            // Started once the waiter is known, so that it always finds it unless the frames came first.
            let task = Task { [state] in
                try? await Task.sleep(for: Self.stallLimit)
                guard !Task.isCancelled else { return }
                let waiter = state.withLock { $0.waiters.removeValue(forKey: id) }
                waiter?.continuation.resume(returning: false)
            }
            limit.withLock { $0 = task }
        }
        limit.withLock { $0?.cancel() }
        guard arrived else {
            throw SeamlessRunError.stalled(host: host, frames: state.withLock { $0.newFrames[host, default: 0] })
        }
    }
}
