import CMPV
import Foundation
@_spi(EngineSupport) import SeamlessPlayback

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
        /// The hosts ``FrameRouting/target`` and ``FrameRouting/move`` name, kept alive while they do.
        var hosts: [ObjectIdentifier: Attachment] = [:]
        /// The video's display size, as far as mpv has told it (a side of 0: not known; ``FrameLayout`` then declines).
        var videoSize: (width: Int, height: Int)?
        /// The sides as mpv last told them, one event each.
        var reportedSize = (width: 0, height: 0)
        var isStopping = false
        /// The render thread has ended and freed the context.
        var isStopped = false

        /// Forgets the hosts the routing no longer names.
        mutating func pruneHosts() {
            let named = [routing.target?.host, routing.move?.host]
            hosts = hosts.filter { named.contains($0.key) }
        }
    }

    /// A host the picture goes to, and what tells whether its page is still the player's active holder.
    private struct Attachment {
        let host: FrameHost
        /// The lease the host was attached for, as its player and grant: the lease itself would keep the engine,
        /// which keeps this renderer.
        let grant: (player: PlayerID, epoch: UInt64)?
        /// Weak: the record keeps the active lease, which keeps the engine, which keeps this renderer. A record gone
        /// with its pool tells nothing: then the host counts as active.
        weak var holders: ActiveHolders?

        init(host: FrameHost, lease: PlayerLease?, holders: ActiveHolders?) {
            self.host = host
            self.grant = lease.map { ($0.player, $0.grantEpoch) }
            self.holders = holders
        }

        /// Whether the lease the host was attached for is still the active one (`true` when that is not known): the
        /// player and grant are what makes two leases equal (`PlayerLease.==`).
        var isActive: Bool {
            guard let grant, let holders else { return true }
            return holders.activeLease(of: grant.player)?.grantEpoch == grant.epoch
        }
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

    /// Draws the picture into `host` from now on, at the next frame boundary (``FrameRouting``), in the content mode
    /// on the engine now; nothing once the renderer is stopping (it would keep the host alive for good).
    /// - Parameters:
    ///   - host: The host.
    ///   - lease: The lease it is attached for, with `holders`: while that lease is no longer the active one, a change
    ///     of the engine's layout is not the host's.
    ///   - holders: The record of active holders, if known.
    func show(in host: FrameHost, for lease: PlayerLease? = nil, recordedIn holders: ActiveHolders? = nil) {
        let wakes = state.withLock { state in
            guard !state.isStopping else { return false }
            let id = ObjectIdentifier(host)
            state.hosts[id] = Attachment(host: host, lease: lease, holders: holders)
            defer { state.pruneHosts() }
            return state.routing.attached(id, at: .now)
        }
        if wakes { wake.signal() }
    }

    /// Stops drawing into `host`, if it is the host the picture goes to (once a move waiting for a frame is made).
    func stopShowing(_ host: FrameHost) {
        state.withLock { state in
            state.routing.detached(ObjectIdentifier(host))
            state.pruneHosts()
        }
    }

    /// Whether the picture goes to `host` now.
    func isShowing(in host: FrameHost) -> Bool {
        state.withLock { !$0.isStopping && $0.routing.target?.host == ObjectIdentifier(host) }
    }

    /// The engine's settings now lay the picture out in `mode`: the host attached next takes it, and the one showing
    /// the picture when its page's own (``FrameRouting``).
    func applied(_ mode: ContentMode) {
        let wakes = state.withLock { state in
            state.routing.applied(mode, at: .now)
            return state.routing.modeChange != nil
        }
        // The grace's end is a deadline the render thread must learn, even if no frame comes.
        if wakes { wake.signal() }
    }

    /// mpv reported an observed property: `dwidth` and `dheight` are the video's display size (``FrameLayout``);
    /// others are not the renderer's.
    func propertyChanged(_ name: String, to value: MPVValue?) {
        guard name == "dwidth" || name == "dheight" else { return }
        let side: Int = if case .int(let pixels)? = value, pixels > 0 { Int(clamping: pixels) } else { 0 }
        state.withLock { state in
            if name == "dwidth" { state.reportedSize.width = side } else { state.reportedSize.height = side }
            // mpv tells the two sides in two events, read one after the other by the event thread: between them
            // (microseconds, when the video's shape changes) a frame may be cut from the new width and the old height.
            let size = state.reportedSize
            state.videoSize = size.width > 0 && size.height > 0 ? size : nil
        }
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
            waitForWake()
            if state.withLock({ $0.isStopping }) { break }
            let pending = pendingFrame()
            // The record is read outside the lock (it has its own), for the target as it is now.
            let checked = state.withLock { state in
                state.routing.target.flatMap { target in state.hosts[target.host].map { (target.host, $0) } }
            }
            let isActive = checked?.1.isActive ?? true
            let (renders, hosts, videoSize) = state.withLock { state in
                let stillChecked = checked.map { $0.0 == state.routing.target?.host } ?? false
                let renders = state.routing.wake(
                    pending: pending, at: .now, targetIsActive: stillChecked ? isActive : true)
                let hosts = state.hosts
                state.pruneHosts()
                return (renders, hosts, state.videoSize)
            }
            for render in renders {
                switch render {
                case .scratch:
                    _ = draw(into: &buffer, width: Self.scratchSize.width, height: Self.scratchSize.height)
                case .into(let id, let kind, let mode):
                    guard let host = hosts[id]?.host else { continue }
                    draw(kind, into: host, mode: mode, videoSize: videoSize, buffer: &buffer)
                }
            }
        }
        mpv_render_context_set_update_callback(context, nil, nil)
        mpv_render_context_free(context)
        buffer.free()
        // The hosts no longer kept alive from here: the two referred to each other while the host was the target.
        state.withLock { state in
            state.hosts = [:]
            state.isStopped = true
        }
        finished.signal()
    }

    /// Sleeps until mpv, an attach, an apply or ``stop()`` wakes the thread, or the routing's deadline comes.
    private func waitForWake() {
        guard let deadline = state.withLock({ $0.routing.deadline }) else {
            wake.wait()
            return
        }
        let remaining = ContinuousClock.now.duration(to: deadline)
        let nanoseconds = max(
            0, remaining.components.seconds * 1_000_000_000 + remaining.components.attoseconds / 1_000_000_000)
        _ = wake.wait(timeout: .now() + .nanoseconds(Int(clamping: nanoseconds)))
    }

    /// Draws the current picture for `host` in `mode` and hands it over. With the video's size known, mpv draws at
    /// the video's shape (``FrameLayout``) and the host's frame is cut or framed from that; before, mpv draws at the
    /// host's size in the engine's own layout.
    private func draw(
        _ kind: VideoFrame.Kind, into host: FrameHost, mode: ContentMode, videoSize: (width: Int, height: Int)?,
        buffer: inout RenderBuffer
    ) {
        let layout = videoSize.flatMap { FrameLayout(video: $0, width: host.width, height: host.height, mode: mode) }
        let width = layout?.renderWidth ?? host.width
        let height = layout?.renderHeight ?? host.height
        // A render mpv refused left the buffer as it was: nothing to hand over.
        guard draw(into: &buffer, width: width, height: height) else { return }
        let picture =
            layout.map { buffer.compose($0, width: host.width, height: host.height) }
            ?? buffer.copy(height: host.height)
        host.receive(picture, kind: kind, from: self)
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
