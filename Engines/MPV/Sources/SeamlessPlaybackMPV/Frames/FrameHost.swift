@_spi(EngineSupport) import SeamlessPlayback

/// A ``SeamlessPlayback/SurfaceHost`` for Linux: a frame buffer of its own size that shows a frame-rendering
/// ``MPVEngine``'s picture (``MPVEngine/Options/rendersFrames``) while the player's surfaces have it attached.
///
/// ``SeamlessPlayback/PlayerSurfaces`` decides which host shows a player, as on iOS: it attaches the new host before
/// it detaches the old one, and the engine draws into one host at a time, the last attached. While attached, every
/// new video frame is drawn into this host at its size, laid out as its page's ``SeamlessPlayback/ContentMode``
/// says (fit leaves black bars, fill crops), and the current picture is drawn at once on attach, so the host never
/// waits empty for the next frame. The drawing happens on the engine's render thread; the host keeps the latest
/// picture and tells its observers of each one.
///
/// Two things make a handoff seamless frame by frame:
/// - **The move takes effect at a frame boundary.** Attached late in a frame, the new host gets its first picture
///   right after the old host has drawn that frame, which the new one draws again: the picture never stands still in
///   the new host for longer than in the old (measured: `mpv-bench --seamless`). The wait is at most one and a half
///   frame intervals, and there is none for a still picture.
/// - **Each host keeps its own page's layout.** A host takes the content mode on the engine when it is attached (the
///   surfaces attach a page's host once its settings have landed); the next page's settings, which land before its
///   host is shown, do not change the old host's layout. A page's own change of content mode while its host shows
///   the picture is drawn after a grace of 100 ms, once it is clear that no handoff caused it: attached by
///   ``SeamlessPlayback/PlayerSurfaces`` (``attach(_:recordedIn:)``), the host knows at once when its page stops
///   being the active holder; attached directly with ``attach(_:)``, only when the next host is attached.
///
/// ```swift
/// let pool = PlayerPool { try await MPVEngine(options: .init(rendersFrames: true)) }
/// let cell = FrameHost(width: 160, height: 160)
/// cell.onFrame { frame in show(frame) }   // on the engine's render thread
/// surfaces.show(lease, in: cell)
/// ```
///
/// A lease whose engine is not a frame-rendering ``MPVEngine`` shows nothing here.
public final class FrameHost: Sendable {
    /// The width of the host's frames, in pixels.
    public let width: Int
    /// The height of the host's frames, in pixels.
    public let height: Int

    private struct State {
        /// The renderer whose pictures the host takes: the one of the engine last attached.
        var renderer: FrameRenderer?
        var latest: VideoFrame?
        var sequence: UInt64 = 0
        var observers: [@Sendable (VideoFrame) -> Void] = []
    }

    private let state = Protected(State())

    /// A host whose frames are `width × height` pixels (each at least 1).
    /// - Parameters:
    ///   - width: The width, in pixels.
    ///   - height: The height, in pixels.
    public init(width: Int, height: Int) {
        self.width = Swift.max(1, width)
        self.height = Swift.max(1, height)
    }

    /// The picture drawn last, or `nil` before the first.
    public var latestFrame: VideoFrame? { state.withLock { $0.latest } }

    /// How many pictures the host received.
    public var frameCount: UInt64 { state.withLock { $0.sequence } }

    /// Whether a frame-rendering engine draws into the host now: it was attached, and no other host was attached to
    /// the same engine since, and it was not detached. A host attached late in a frame turns `true` at the frame's
    /// end, when the picture moves (until then the host it leaves is the one drawn into, and stays `true`).
    public var isShowing: Bool {
        guard let renderer = state.withLock({ $0.renderer }) else { return false }
        return renderer.isShowing(in: self)
    }

    /// Calls `observer` with every picture drawn into the host from now on, on the engine's render thread, right
    /// after ``latestFrame`` has it. It must return soon (the engine's next frame waits) and must not call the engine.
    /// - Parameter observer: Told of each picture.
    public func onFrame(_ observer: @escaping @Sendable (VideoFrame) -> Void) {
        state.withLock { $0.observers.append(observer) }
    }

    /// A picture the render thread drew for this host; dropped if the host took another engine's meanwhile. A host
    /// just detached still takes the picture its renderer drew for it: a move waiting for a frame draws the old host
    /// that frame (``FrameRouting``).
    func receive(_ picture: (pixels: [UInt8], stride: Int), kind: VideoFrame.Kind, from renderer: FrameRenderer) {
        let delivery = state.withLock { state -> (VideoFrame, [@Sendable (VideoFrame) -> Void])? in
            guard state.renderer == nil || state.renderer === renderer else { return nil }
            state.sequence += 1
            let frame = VideoFrame(
                width: width, height: height, stride: picture.stride, pixels: picture.pixels, kind: kind,
                sequence: state.sequence, renderedAt: .now)
            state.latest = frame
            return (frame, state.observers)
        }
        guard let (frame, observers) = delivery else { return }
        for observer in observers { observer(frame) }
    }
}

extension FrameHost: SurfaceHost {
    /// Shows the lease's player here, if its engine renders frames: from now on its pictures are drawn into this host,
    /// starting with the current one, in the content mode on the engine now.
    /// - Parameter lease: The active lease of the page that registered this host.
    public func attach(_ lease: PlayerLease) {
        show(lease, holders: nil)
    }

    /// Shows the lease's player here, as ``attach(_:)`` does, and keeps the record of active holders: a change of the
    /// engine's content mode while `lease` is no longer the active one is the next page's, so this host keeps its own
    /// layout until the picture has left it. ``SeamlessPlayback/PlayerSurfaces`` calls this one.
    /// - Parameters:
    ///   - lease: The active lease of the page that registered this host.
    ///   - holders: The pool's record of active holders.
    public func attach(_ lease: PlayerLease, recordedIn holders: ActiveHolders) {
        show(lease, holders: holders)
    }

    private func show(_ lease: PlayerLease, holders: ActiveHolders?) {
        guard let renderer = (lease.engine as? MPVEngine)?.frameRenderer else { return }
        let previous = state.withLock { state in
            defer { state.renderer = renderer }
            return state.renderer
        }
        // One player per host: another engine drawing here stops, rather than draw pictures the host drops.
        if let previous, previous !== renderer { previous.stopShowing(self) }
        renderer.show(in: self, for: lease, recordedIn: holders)
    }

    /// Takes the lease's player out of this host, unless its picture has moved to another host already.
    /// - Parameter lease: The lease the picture was attached for.
    public func detach(_ lease: PlayerLease) {
        guard let renderer = (lease.engine as? MPVEngine)?.frameRenderer else { return }
        state.withLock { state in
            if state.renderer === renderer { state.renderer = nil }
        }
        // Changes nothing when the engine's picture has moved to another host already.
        renderer.stopShowing(self)
    }
}
