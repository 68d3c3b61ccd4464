import SeamlessPlayback

/// Which host a frame-rendering engine's next picture goes to, laid out how, and when a move of the picture takes
/// effect: the renderer's decisions, pure and synchronous (its shell, ``FrameRenderer``, only carries them out on its
/// thread). Time comes in with each input.
///
/// - One picture, one host: the host attached last is the target, or is about to be (below); detaching a host that
///   is no longer the target changes nothing (``PlayerSurfaces`` attaches the new host before it detaches the old).
/// - **A move takes effect at a frame boundary.** Attached within the first half of a frame interval, the new host
///   gets the current picture drawn again at once. Attached later in the frame (the next frame is due sooner than
///   half an interval), the move waits for that frame: it is drawn into the old host, and the new one gets it drawn
///   again right after. So the picture is never older in the new host than one frame interval after the old host's
///   last new frame, whatever the moment of the tap; the move waits at most one and a half intervals (the frame may be
///   late, or playback stopped), and never for a still picture or one slower than 20 frames a second.
/// - **Each host keeps its own layout.** A host takes the content mode on the engine when it is attached (the
///   surfaces attach a page's host once its settings have landed). A later change of it is its page's own only when
///   that page is still the active holder: it waits ``modeGrace``, and is dropped as soon as the shell reports the
///   target's page is no longer the active holder, or another host is attached: then it was the next page's, and
///   the old host keeps drawing its own page's layout until the picture has left it.
/// - A host just attached is owed a redraw of the current picture, so that it never shows nothing until mpv's next
///   frame; owed only once the engine has drawn a picture at all, since before that mpv has none to draw.
/// - mpv waits for each frame it queues to be drawn, so a frame that comes while no host is attached is still drawn,
///   into the renderer's own scratch buffer, and kept by nobody: playback keeps its pace with no host at all.
struct FrameRouting<Host: Hashable> {
    typealias Instant = ContinuousClock.Instant

    /// What mpv says the next render will draw (its `MPV_RENDER_PARAM_NEXT_FRAME_INFO`).
    enum Pending: Hashable {
        /// Nothing: a render would draw the current picture again.
        case none
        /// A new video frame.
        case newFrame
        /// mpv asks for the current picture to be drawn again (an option that affects it changed).
        case redraw
    }

    /// A host and how the picture is laid out in it.
    struct Placement: Hashable {
        /// The host.
        let host: Host
        /// Its layout.
        var mode: ContentMode
    }

    /// A render to carry out.
    enum Render: Hashable {
        /// Draw into `host` at its size in `mode`, and hand it the picture.
        case into(Host, VideoFrame.Kind, ContentMode)
        /// Draw into the scratch buffer, for mpv's pace, and keep nothing.
        case scratch
    }

    /// A change of the engine's content mode the target has not taken (yet).
    struct ModeChange: Hashable {
        /// The mode now on the engine.
        let mode: ContentMode
        /// When it was applied.
        let at: Instant
    }

    /// How long a change of the content mode waits before the target takes it as its own page's: the pool records
    /// a new active holder right after its settings land, so a handoff's change is known as one well within it.
    static var modeGrace: Duration { .milliseconds(100) }
    /// The longest frame interval a move waits a frame for (20 frames a second).
    static var longestDeferredInterval: Duration { .milliseconds(50) }

    /// The host the picture goes to, if any.
    private(set) var target: Placement?
    /// A move asked for late in a frame: made right after the next new frame (or at ``deadline``).
    private(set) var move: Placement?
    /// Whether the target is owed a redraw of the current picture.
    private(set) var owesRedraw = false
    /// Whether any picture was drawn yet.
    private(set) var hasPicture = false
    /// The content mode of the settings on the engine, as last applied.
    private(set) var appliedMode: ContentMode
    /// A change of it the target has not taken.
    private(set) var modeChange: ModeChange?
    /// When the last new frame was drawn.
    private(set) var lastNewFrameAt: Instant?
    /// The time between the last two new frames, if known and short enough to wait for.
    private(set) var frameInterval: Duration?

    /// A routing with no host, for an engine whose settings lay the picture out in `appliedMode`.
    init(appliedMode: ContentMode = .aspectFit) {
        self.appliedMode = appliedMode
    }

    /// When the shell must wake even if mpv has nothing: a waiting move's last moment, or a mode change's grace end.
    var deadline: Instant? {
        if move != nil, let lastNewFrameAt, let frameInterval { return lastNewFrameAt + frameInterval * 3 / 2 }
        return modeChange.map { $0.at + Self.modeGrace }
    }

    /// The engine's settings now lay the picture out in `mode`.
    mutating func applied(_ mode: ContentMode, at now: Instant) {
        appliedMode = mode
        if move != nil {
            // The page moving in is the active holder: the change is its own; the old host keeps its layout.
            move?.mode = mode
        } else if let target, target.mode != mode {
            modeChange = ModeChange(mode: mode, at: now)
        } else {
            modeChange = nil
        }
    }

    /// `host` is to show the picture from now on.
    /// - Returns: Whether the renderer should wake now (to draw the host the current picture, or to learn a deadline).
    mutating func attached(_ host: Host, at now: Instant) -> Bool {
        let placement = Placement(host: host, mode: appliedMode)
        // A change not taken yet was for the page whose host this is: it takes the mode on the engine.
        modeChange = nil
        if move?.host == host {
            move = placement
            return false
        }
        guard let current = target, current.host != host, waitsForAFrame(at: now) else {
            commit(placement)
            return owesRedraw
        }
        move = placement
        return true
    }

    /// `host` is taken down; the picture stays where it is unless `host` is its target. The old host of a move that
    /// waits for a frame keeps the picture until the move is made.
    mutating func detached(_ host: Host) {
        if move?.host == host { move = nil }
        guard target?.host == host, move == nil else { return }
        target = nil
        owesRedraw = false
        modeChange = nil
    }

    /// The renderer woke: decides what to draw given what mpv has pending.
    /// - Parameters:
    ///   - pending: What mpv's next render would draw.
    ///   - now: The time.
    ///   - targetIsActive: Whether the target's page is still the player's active holder (`true` when unknown).
    /// - Returns: The renders to carry out, in order: at most one from mpv's pending picture, then the moved
    ///   picture's redraw in its new host.
    mutating func wake(pending: Pending, at now: Instant, targetIsActive: Bool = true) -> [Render] {
        settleModeChange(at: now, targetIsActive: targetIsActive)
        var renders: [Render] = []
        switch pending {
        case .newFrame:
            noteNewFrame(at: now)
            owesRedraw = false
            renders.append(target.map { .into($0.host, .newFrame, $0.mode) } ?? .scratch)
            if let move { commit(move) }
        case .redraw where hasPicture, .none where owesRedraw:
            owesRedraw = false
            renders.append(target.map { .into($0.host, .redraw, $0.mode) } ?? .scratch)
        case .redraw:
            // Before the first picture there is nothing to draw again; mpv still waits for its render.
            renders.append(.scratch)
        case .none:
            break
        }
        if let move, let deadline, now >= deadline { commit(move) }
        if owesRedraw, let target {
            owesRedraw = false
            renders.append(.into(target.host, .redraw, target.mode))
        }
        return renders
    }

    // MARK: Internals

    /// Whether a move asked for `now` waits for the next frame: the picture is moving, at a pace worth waiting for,
    /// and its next frame is due within half an interval.
    private func waitsForAFrame(at now: Instant) -> Bool {
        guard hasPicture, let lastNewFrameAt, let frameInterval else { return false }
        let elapsed = now - lastNewFrameAt
        return elapsed > frameInterval / 2 && elapsed < frameInterval * 3 / 2
    }

    private mutating func commit(_ placement: Placement) {
        target = placement
        move = nil
        owesRedraw = hasPicture
    }

    private mutating func noteNewFrame(at now: Instant) {
        if let lastNewFrameAt {
            let step = now - lastNewFrameAt
            frameInterval = step > .zero && step <= Self.longestDeferredInterval ? step : nil
        }
        lastNewFrameAt = now
        hasPicture = true
    }

    /// Takes a change of the content mode as the target page's own once its grace is over, or drops it when the
    /// target's page is no longer the active holder (the change was the next page's).
    private mutating func settleModeChange(at now: Instant, targetIsActive: Bool) {
        guard let change = modeChange, let current = target else { return }
        if !targetIsActive {
            modeChange = nil
        } else if now >= change.at + Self.modeGrace {
            modeChange = nil
            target = Placement(host: current.host, mode: change.mode)
            owesRedraw = hasPicture
        }
    }
}
