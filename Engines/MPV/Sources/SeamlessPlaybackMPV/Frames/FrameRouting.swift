/// Which host a frame-rendering engine's next picture goes to, and whether to draw one: the renderer's decisions,
/// pure and synchronous (its shell, ``FrameRenderer``, only carries them out on its thread).
///
/// - One picture, one host: the host attached last is the target; attaching another moves the picture there, and
///   detaching a host that is no longer the target changes nothing (``PlayerSurfaces`` attaches the new host before
///   it detaches the old one).
/// - A host just attached is owed a redraw of the current picture, so that it never shows nothing until mpv's next
///   frame; owed only once the engine has drawn a picture at all, since before that mpv has none to draw.
/// - mpv waits for each frame it queues to be drawn, so a frame that comes while no host is attached is still drawn,
///   into the renderer's own scratch buffer, and kept by nobody: playback keeps its pace with no host at all.
struct FrameRouting<Host: Hashable> {
    /// What mpv says the next render will draw (its `MPV_RENDER_PARAM_NEXT_FRAME_INFO`).
    enum Pending: Hashable {
        /// Nothing: a render would draw the current picture again.
        case none
        /// A new video frame.
        case newFrame
        /// mpv asks for the current picture to be drawn again (an option that affects it changed, such as `panscan`).
        case redraw
    }

    /// A render to carry out.
    enum Render: Hashable {
        /// Draw into `host` at its size, and hand it the picture.
        case into(Host, VideoFrame.Kind)
        /// Draw into the scratch buffer, for mpv's pace, and keep nothing.
        case scratch
    }

    /// The host the picture goes to, if any.
    private(set) var target: Host?
    /// Whether the target is owed a redraw of the current picture.
    private(set) var owesRedraw = false
    /// Whether any picture was drawn yet.
    private(set) var hasPicture = false

    /// `host` is to show the picture from now on.
    /// - Returns: Whether the renderer should wake to draw it the current picture.
    mutating func attached(_ host: Host) -> Bool {
        target = host
        owesRedraw = hasPicture
        return owesRedraw
    }

    /// `host` is taken down; the picture stays where it is unless `host` is its target.
    mutating func detached(_ host: Host) {
        guard target == host else { return }
        target = nil
        owesRedraw = false
    }

    /// The renderer woke: decides what to draw given what mpv has pending.
    /// - Parameter pending: What mpv's next render would draw.
    /// - Returns: The render to carry out, or `nil` for none.
    mutating func wake(pending: Pending) -> Render? {
        switch pending {
        case .newFrame:
            hasPicture = true
            owesRedraw = false
            return target.map { .into($0, .newFrame) } ?? .scratch
        case .redraw where hasPicture, .none where owesRedraw:
            owesRedraw = false
            return target.map { .into($0, .redraw) } ?? .scratch
        case .redraw:
            // Before the first picture there is nothing to draw again; mpv still waits for its render.
            return .scratch
        case .none:
            return nil
        }
    }
}
