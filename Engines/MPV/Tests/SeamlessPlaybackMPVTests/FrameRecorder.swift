import Foundation
@_spi(EngineSupport) import SeamlessPlayback

@testable import SeamlessPlaybackMPV

/// Records what a ``FrameHost`` receives (the frames, and the name of the thread each arrived on) and lets a test wait
/// for a number of them without polling.
final class FrameRecorder: Sendable {
    private struct State {
        var frames: [VideoFrame] = []
        var threads: Set<String> = []
        var waiters: [(id: UUID, count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    }

    private let state = Protected(State())

    /// Records what `host` receives from now on.
    init(_ host: FrameHost) {
        host.onFrame { [self] frame in record(frame) }
    }

    /// The frames received so far.
    var frames: [VideoFrame] { state.withLock { $0.frames } }

    /// The names of the threads the frames arrived on.
    var threads: Set<String> { state.withLock { $0.threads } }

    /// Returns once `count` frames in all were received, or after `limit` (a guard against a hang: assert on the
    /// frames, not on the time).
    /// - Returns: Whether they were.
    func waitFor(_ count: Int, within limit: Duration = .seconds(10)) async -> Bool {
        let reached = await firstResult(within: limit) { [self] () async -> Bool? in
            let id = UUID()
            await withTaskCancellationHandler {
                await withCheckedContinuation { continuation in
                    let ready = state.withLock { state in
                        guard state.frames.count < count, !Task.isCancelled else { return true }
                        state.waiters.append((id, count, continuation))
                        return false
                    }
                    if ready { continuation.resume() }
                }
            } onCancel: {
                let waiter = state.withLock { state in
                    state.waiters.firstIndex { $0.id == id }.map { state.waiters.remove(at: $0) }
                }
                waiter?.continuation.resume()
            }
            return state.withLock { $0.frames.count >= count } ? true : nil
        }
        return reached == true
    }

    /// The calling thread's name as the system knows it (on Linux its `comm`, which Foundation's `Thread.name` does not
    /// always read back).
    private static func threadName() -> String {
        #if os(Linux)
        let comm = try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)
        return comm?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "unknown"
        #else
        return Thread.current.name ?? "unknown"
        #endif
    }

    private func record(_ frame: VideoFrame) {
        let thread = Self.threadName()
        let ready = state.withLock { state in
            state.frames.append(frame)
            state.threads.insert(thread)
            let (ready, waiting) = (
                state.waiters.filter { $0.count <= state.frames.count },
                state.waiters.filter { $0.count > state.frames.count }
            )
            state.waiters = waiting
            return ready
        }
        for waiter in ready { waiter.continuation.resume() }
    }
}
