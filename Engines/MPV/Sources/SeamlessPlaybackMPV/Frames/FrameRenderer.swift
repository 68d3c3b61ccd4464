import CMPV
import Foundation

/// The software render context of a frame-rendering ``MPVEngine`` and the thread that draws with it: the shell of
/// ``FrameRouting``.
///
/// Made right after `mpv_initialize` (before anything is loaded, as libmpv requires), it lives as long as the
/// engine's handle: ``stop()`` ends the render thread, which frees the context, and only then is the handle
/// destroyed. Only the render thread calls `mpv_render_*` after creation, and it calls nothing else of libmpv, holds
/// no lock while it is in mpv, and waits for nothing of the engine's other threads, as libmpv's render API demands.
/// mpv's update callback only wakes it.
final class FrameRenderer: Sendable {
    private struct State {
        var routing = FrameRouting<ObjectIdentifier>()
        /// The host ``FrameRouting/target`` names, kept alive while it is the target.
        var target: FrameHost?
        var isStopping = false
        /// The render thread has ended and freed the context.
        var isStopped = false
    }

    /// The render context. Touched by the render thread only, once ``start()`` has handed it over.
    private nonisolated(unsafe) let context: OpaquePointer
    private let state = Protected(State())
    /// Signalled by mpv's update callback, by an attach that owes a redraw, and by ``stop()``.
    private let wake = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)
    /// The size of the buffer drawn into while no host is attached: mpv waits for every frame to be drawn.
    private static let scratchSize = (width: 16, height: 16)

    private init(context: OpaquePointer) {
        self.context = context
    }

    /// Creates the software render context of `handle`: call after `mpv_initialize`, before any load.
    /// - Throws: ``MPVError/initializationFailed(_:)`` when libmpv refuses it.
    static func make(for handle: OpaquePointer) throws(MPVError) -> FrameRenderer {
        var apiType = Array("sw".utf8CString)
        var context: OpaquePointer?
        let code = apiType.withUnsafeMutableBufferPointer { apiType in
            var parameters = [
                mpv_render_param(type: MPV_RENDER_PARAM_API_TYPE, data: UnsafeMutableRawPointer(apiType.baseAddress)),
                mpv_render_param(type: MPV_RENDER_PARAM_INVALID, data: nil),
            ]
            return mpv_render_context_create(&context, handle, &parameters)
        }
        guard code >= 0, let context else {
            throw .initializationFailed("the software render context: \(MPVEvent.errorText(code))")
        }
        return FrameRenderer(context: context)
    }

    /// Starts the render thread.
    func start() {
        Thread { [self] in run() }.start()
    }

    /// Ends the render thread, which frees the render context, and returns once it is freed. Call from the thread
    /// that destroys the handle, before destroying it; a later call returns at once.
    func stop() {
        let first = state.withLock { state in
            defer { state.isStopping = true }
            return !state.isStopping
        }
        guard first else { return }
        wake.signal()
        finished.wait()
    }

    /// Whether the render thread has ended and freed the render context: nothing is drawn any more.
    var isStopped: Bool { state.withLock { $0.isStopped } }

    /// Draws the picture into `host` from now on (at once, if there is a picture); nothing once the renderer is
    /// stopping (it would keep the host alive for good).
    func show(in host: FrameHost) {
        let redraws = state.withLock { state in
            guard !state.isStopping else { return false }
            state.target = host
            return state.routing.attached(ObjectIdentifier(host))
        }
        if redraws { wake.signal() }
    }

    /// Stops drawing into `host`, if it is the host the picture goes to.
    func stopShowing(_ host: FrameHost) {
        state.withLock { state in
            state.routing.detached(ObjectIdentifier(host))
            if state.routing.target == nil { state.target = nil }
        }
    }

    /// Whether the picture goes to `host` now.
    func isShowing(in host: FrameHost) -> Bool {
        state.withLock { !$0.isStopping && $0.target === host }
    }

    // MARK: The render thread

    private func run() {
        seamless_name_current_thread("mpv-render")
        mpv_render_context_set_update_callback(
            context,
            { wakeContext in
                guard let wakeContext else { return }
                Unmanaged<FrameRenderer>.fromOpaque(wakeContext).takeUnretainedValue().wake.signal()
            }, Unmanaged.passUnretained(self).toOpaque())
        var buffer = RenderBuffer()
        while true {
            wake.wait()
            if state.withLock({ $0.isStopping }) { break }
            let pending = pendingFrame()
            let (render, host) = state.withLock { state in (state.routing.wake(pending: pending), state.target) }
            switch render {
            case nil:
                continue
            case .scratch?:
                _ = draw(into: &buffer, width: Self.scratchSize.width, height: Self.scratchSize.height)
            case .into(_, let kind)?:
                // A render mpv refused left the buffer as it was: nothing to hand over.
                guard let host, draw(into: &buffer, width: host.width, height: host.height) else { continue }
                host.receive(buffer.copy(height: host.height), kind: kind, from: self)
            }
        }
        mpv_render_context_set_update_callback(context, nil, nil)
        mpv_render_context_free(context)
        buffer.free()
        // The host no longer kept alive from here: the two referred to each other while it was the target.
        state.withLock { state in
            state.target = nil
            state.isStopped = true
        }
        finished.signal()
    }

    /// What mpv's next render would draw.
    private func pendingFrame() -> FrameRouting<ObjectIdentifier>.Pending {
        let flags = mpv_render_context_update(context)
        guard flags & UInt64(MPV_RENDER_UPDATE_FRAME.rawValue) != 0 else { return .none }
        var info = mpv_render_frame_info()
        let code = withUnsafeMutablePointer(to: &info) { info in
            mpv_render_context_get_info(
                context, mpv_render_param(type: MPV_RENDER_PARAM_NEXT_FRAME_INFO, data: UnsafeMutableRawPointer(info)))
        }
        let present = info.flags & UInt64(MPV_RENDER_FRAME_INFO_PRESENT.rawValue) != 0
        let redraw = info.flags & UInt64(MPV_RENDER_FRAME_INFO_REDRAW.rawValue) != 0
        return code >= 0 && present && !redraw ? .newFrame : .redraw
    }

    /// Draws the current (or next) picture into the buffer at the size.
    /// - Returns: Whether mpv drew it.
    private func draw(into buffer: inout RenderBuffer, width: Int, height: Int) -> Bool {
        let bytes = buffer.prepare(width: width, height: height)
        var size: [Int32] = [Int32(clamping: width), Int32(clamping: height)]
        var format = Array("rgb0".utf8CString)
        var stride = buffer.stride
        return size.withUnsafeMutableBufferPointer { size in
            format.withUnsafeMutableBufferPointer { format in
                withUnsafeMutablePointer(to: &stride) { stride in
                    var parameters = [
                        mpv_render_param(
                            type: MPV_RENDER_PARAM_SW_SIZE, data: UnsafeMutableRawPointer(size.baseAddress)),
                        mpv_render_param(
                            type: MPV_RENDER_PARAM_SW_FORMAT, data: UnsafeMutableRawPointer(format.baseAddress)),
                        mpv_render_param(type: MPV_RENDER_PARAM_SW_STRIDE, data: UnsafeMutableRawPointer(stride)),
                        mpv_render_param(type: MPV_RENDER_PARAM_SW_POINTER, data: bytes),
                        mpv_render_param(type: MPV_RENDER_PARAM_INVALID, data: nil),
                    ]
                    return mpv_render_context_render(context, &parameters) >= 0
                }
            }
        }
    }
}
