/// The geometry of a seamless transition of a playing video from one view frame to another.
///
/// A player view cannot be animated by its frame without the video jumping, so the view is placed at its
/// final frame, the ``destination``, at once, and a transform makes it appear where it was: scaled by
/// ``ratio`` about its centre, so the video looks exactly as big as in the ``source``, and moved so its centre
/// sits on the source's centre. Animating that transform back to the identity carries the video to its
/// new place. When the source crops the video (``ContentMode/aspectFill`` in a square feed cell) and the
/// destination shows it whole (``ContentMode/aspectFit`` on a page), a mask view inside the player view crops
/// the enlarged view to the source's shape and animates open.
///
/// ```swift
/// let plan = try TransitionPlan(from: cell.frame, mode: .aspectFill,
///                               to: page.frame, mode: .aspectFit, videoSize: video)
/// playerView.frame = page.frame
/// apply(plan.frame(at: 0))
/// animate { apply(plan.frame(at: 1)) }                 // the entry
/// animate { apply(plan.reversed().frame(at: 1)) }      // later, the exit
/// ```
///
/// With an ``ContentMode/aspectFit`` destination the first frame shows exactly the picture the source showed.
/// With an ``ContentMode/aspectFill`` destination the scaled view can be narrower (or shorter) than that
/// picture, so the first frame crops a little more than the source did unless their aspect ratios match.
///
/// A plan is a value with no concurrency: build it anywhere, sample it on any thread.
public struct TransitionPlan: Hashable, Sendable {
    /// Where the video was shown, such as the feed cell's frame, in the same coordinate space as ``destination``.
    public let source: Rect
    /// How the video was laid out in ``source``.
    public let sourceMode: ContentMode
    /// The player view's frame throughout the transition.
    public let destination: Rect
    /// How the video is laid out in ``destination``.
    public let destinationMode: ContentMode
    /// The natural size of the video.
    public let videoSize: Size
    /// The scale that makes the video in the view at ``destination`` look exactly as big as in ``source``:
    /// `scale(source, sourceMode) / scale(destination, destinationMode)`. The same for a reversed plan.
    public let ratio: Double
    /// Whether this plan runs from the destination back to the source, the exit animation.
    public private(set) var isReversed: Bool
    /// The transforms that make the view at ``destination`` look like the source.
    private let collapsed: TransitionFrame

    /// Plans the transition of a video shown in `source` to a player view at `destination`.
    ///
    /// All rects must be in one coordinate space, the player view's superview's.
    ///
    /// - Parameters:
    ///   - source: Where the video is shown now.
    ///   - sourceMode: How the video is laid out there.
    ///   - destination: The player view's final frame.
    ///   - destinationMode: How the video is laid out there.
    ///   - videoSize: The natural size of the video.
    /// - Throws: ``TransitionError/nonFinite`` if any coordinate or size is NaN or infinite, checked first;
    ///   then ``TransitionError/emptyRect`` if `source` or `destination` has a zero or negative width or height;
    ///   then ``TransitionError/emptyVideoSize`` if `videoSize` does; and ``TransitionError/nonFinite`` again
    ///   if the numbers are finite but so extreme that the transforms overflow.
    public init(
        from source: Rect,
        mode sourceMode: ContentMode,
        to destination: Rect,
        mode destinationMode: ContentMode,
        videoSize: Size
    ) throws(TransitionError) {
        guard source.isFinite, destination.isFinite, videoSize.isFinite else { throw .nonFinite }
        guard source.size.width > 0, source.size.height > 0,
            destination.size.width > 0, destination.size.height > 0
        else { throw .emptyRect }
        guard videoSize.width > 0, videoSize.height > 0 else { throw .emptyVideoSize }

        let ratio =
            sourceMode.scale(for: videoSize, in: source.size)
            / destinationMode.scale(for: videoSize, in: destination.size)
        let view = AffineTransform(
            a: ratio, b: 0, c: 0, d: ratio,
            tx: source.midX - destination.midX,
            ty: source.midY - destination.midY
        )
        let mask = AffineTransform(
            scaleX: source.size.width / (destination.size.width * ratio),
            y: source.size.height / (destination.size.height * ratio)
        )
        // Overflow or underflow in the divisions shows up as an infinite or zero scale.
        guard ratio > 0, view.isFinite, mask.isFinite, mask.a > 0, mask.d > 0 else { throw .nonFinite }

        self.source = source
        self.sourceMode = sourceMode
        self.destination = destination
        self.destinationMode = destinationMode
        self.videoSize = videoSize
        self.ratio = ratio
        self.isReversed = false
        self.collapsed = TransitionFrame(viewTransform: view, maskTransform: mask)
    }

    /// The player view's transform at progress 0.
    ///
    /// For an entry: scale by ``ratio`` and translation by `source.center − destination.center`. For a
    /// reversed plan, which starts where the entry ended: the identity.
    public var viewTransform: AffineTransform {
        frame(at: 0).viewTransform
    }

    /// The mask view's transform at progress 0.
    ///
    /// For an entry: scale by `source.width / (destination.width × ratio)` and
    /// `source.height / (destination.height × ratio)`, no translation, so the mask shows exactly the source's
    /// rect on screen. For a reversed plan: the identity.
    public var maskTransform: AffineTransform {
        frame(at: 0).maskTransform
    }

    /// The transforms at a moment of the transition.
    ///
    /// Each component moves linearly from its value at progress 0 to its value at progress 1. Both ends are
    /// exact: an entry gives exactly ``viewTransform`` and ``maskTransform`` at 0 and exactly
    /// ``TransitionFrame/identity`` at 1, so the final frame carries no leftover sub-pixel scale.
    ///
    /// - Parameter progress: From 0 to 1; clamped to that range, and NaN or ±infinity counts as 0.
    /// - Returns: The transforms to set on the player view and its mask.
    public func frame(at progress: Double) -> TransitionFrame {
        let clamped = progress.isFinite ? min(max(progress, 0), 1) : 0
        return entryFrame(at: isReversed ? 1 - clamped : clamped)
    }

    /// The same transition run backwards: the exit animation, from the identity back to the source's look.
    ///
    /// For every finite `p`, `reversed().frame(at: p)` equals `frame(at: 1 − p)` bit for bit. Reversing twice
    /// gives back an equal plan.
    public func reversed() -> TransitionPlan {
        var plan = self
        plan.isReversed.toggle()
        return plan
    }

    /// Where the player view appears on screen at a moment of the transition.
    /// - Parameter progress: As for ``frame(at:)``.
    /// - Returns: ``destination`` moved by the view's transform about its centre.
    public func viewRect(at progress: Double) -> Rect {
        frame(at: progress).viewRect(placedAt: destination)
    }

    /// Where the mask appears on screen at a moment of the transition; at an entry's start, ``source``.
    /// - Parameter progress: As for ``frame(at:)``.
    /// - Returns: The mask's bounds moved by both transforms.
    public func maskRect(at progress: Double) -> Rect {
        frame(at: progress).maskRect(placedAt: destination)
    }

    /// Where the whole video picture appears on screen at a moment of the transition, before any cropping.
    /// - Parameter progress: As for ``frame(at:)``.
    /// - Returns: The video laid out in ``destination`` by ``destinationMode``, moved by the view's transform
    ///   about the view's centre.
    public func videoRect(at progress: Double) -> Rect {
        destinationMode.rect(for: videoSize, in: destination)
            .applying(frame(at: progress).viewTransform, about: destination.center)
    }

    /// The part of the video the viewer sees at a moment of the transition, assuming the player view clips
    /// to its bounds: the overlap of ``videoRect(at:)``, ``viewRect(at:)`` and ``maskRect(at:)``.
    /// - Parameter progress: As for ``frame(at:)``.
    /// - Returns: The visible rect on screen; `nil` if nothing shows.
    public func visibleRect(at progress: Double) -> Rect? {
        let frame = frame(at: progress)
        let video = destinationMode.rect(for: videoSize, in: destination)
            .applying(frame.viewTransform, about: destination.center)
        return video.intersection(frame.viewRect(placedAt: destination))?
            .intersection(frame.maskRect(placedAt: destination))
    }

    private func entryFrame(at progress: Double) -> TransitionFrame {
        // The ends are returned as stored, not interpolated: a + (1 − a)·1 can round away from 1.
        if progress == 0 { return collapsed }
        if progress == 1 { return .identity }
        return TransitionFrame(
            viewTransform: collapsed.viewTransform.interpolated(to: .identity, fraction: progress),
            maskTransform: collapsed.maskTransform.interpolated(to: .identity, fraction: progress)
        )
    }
}
