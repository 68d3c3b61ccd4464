import SeamlessPlayback
import SeamlessPlaybackMPV

/// Composes the screen during a seamless transition, as the seed describes it, from a background and the
/// player's own picture.
///
/// The player view sits at the plan's destination frame the whole time, moved by the view transform, so its
/// picture (a ``SeamlessPlaybackMPV/VideoFrame`` rendered at the destination's size, in the destination's content
/// mode, bars and all) is drawn scaled into ``SeamlessPlayback/TransitionPlan/viewRect(at:)``. The mask crops it to
/// ``SeamlessPlayback/TransitionPlan/maskRect(at:)``. Nothing else is drawn over the background: every pixel is
/// either the background's or the frame's.
///
/// Coordinates are the background's pixels: build the plan in pixel units (one point, one pixel).
public struct TransitionCompositor: Sendable {
    /// The screen behind the player view, such as a ``FeedBackground``'s rendering.
    public var background: RGBImage
    /// How the picture is scaled. Defaults to ``RGBImage/Sampling/bilinear``.
    public var sampling: RGBImage.Sampling

    /// A compositor over a background.
    /// - Parameters:
    ///   - background: The screen behind the player view; its size is the screen's.
    ///   - sampling: How the picture is scaled.
    public init(background: RGBImage, sampling: RGBImage.Sampling = .bilinear) {
        self.background = background
        self.sampling = sampling
    }

    /// The screen at a moment of a transition.
    /// - Parameters:
    ///   - picture: The player's picture, rendered at the size of the plan's destination.
    ///   - plan: The transition; an entry or a ``SeamlessPlayback/TransitionPlan/reversed()`` exit.
    ///   - progress: From 0 to 1, as ``SeamlessPlayback/TransitionPlan/frame(at:)`` takes it.
    /// - Returns: The background with the picture in the view's rect, clipped by the mask and the screen.
    public func compose(_ picture: VideoFrame, plan: TransitionPlan, progress: Double) -> RGBImage {
        var screen = background
        screen.draw(
            picture, in: plan.viewRect(at: progress), clippedTo: plan.maskRect(at: progress), sampling: sampling)
        return screen
    }

    /// The screen with no transition under way: a player's picture in its host.
    /// - Parameters:
    ///   - picture: The player's picture, rendered at the host's size.
    ///   - host: The host's frame on the screen, such as the feed cell or the detail page.
    /// - Returns: The background with the picture filling `host`.
    public func compose(_ picture: VideoFrame, in host: Rect) -> RGBImage {
        var screen = background
        screen.draw(picture, in: host, sampling: sampling)
        return screen
    }
}
