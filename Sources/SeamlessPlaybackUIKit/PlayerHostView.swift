#if canImport(UIKit) && canImport(AVFoundation) && !os(watchOS)
import AVFoundation
import QuartzCore
import SeamlessPlayback
import SeamlessPlaybackAVFoundation
import UIKit

/// A view that shows an ``SeamlessPlaybackAVFoundation/AVPlayerEngine``'s picture when the surfaces attach
/// it: the engine's one `AVPlayerLayer`, moved into this view's layer, never recreated, and never separated
/// from its player.
///
/// Register it with ``SeamlessPlayback/PlayerSurfaces/show(_:in:)``; the surfaces call ``attach(_:)`` and
/// ``detach(_:)``. Attaching adds the layer as a sublayer, which takes it out of the view that showed it
/// before in the same step, so the picture is never without a host; the detach that follows finds the layer
/// gone and leaves it where it is. The move is made without Core Animation's implicit animations, so the
/// layer does not slide from its old frame.
///
/// The picture is scaled as this view's page asks: the layer's `videoGravity` is set in the same transaction as the
/// move, from the content mode of the page's settings (the surfaces attach a page's host once they have landed), so
/// a borrower's mode never shows in the lender's view, nor the lender's in the borrower's exit. A change of mode
/// by the page showing the picture takes effect after a tenth of a second, once the pool's record of active holders
/// says it was not a handoff's. A view the picture comes back to before its page's settings land (attached for a
/// lease that is not the active one yet) keeps the mode it last showed.
@MainActor
public final class PlayerHostView: UIView, SurfaceHost, LayerHost {
    /// The layer this view shows, while it is attached here.
    private var playerLayer: AVPlayerLayer?
    /// The engine whose layer that is.
    private weak var playerEngine: AVPlayerEngine?
    /// The content mode the layer last had here.
    package var laidOutMode: ContentMode?

    /// Creates an empty host.
    /// - Parameter frame: The view's frame.
    override public init(frame: CGRect) {
        super.init(frame: frame)
        clipsToBounds = true
    }

    /// Creates an empty host from an archive (a storyboard).
    /// - Parameter coder: The archive.
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        clipsToBounds = true
    }

    /// Moves the engine's layer into this view, filling its bounds, scaled in the content mode on the engine. Does
    /// nothing for an engine that is not an ``SeamlessPlaybackAVFoundation/AVPlayerEngine``.
    /// - Parameter lease: The lease whose engine's picture to show.
    public func attach(_ lease: PlayerLease) {
        place(lease, holders: nil)
    }

    /// Moves the engine's layer into this view, as ``attach(_:)`` does, and keeps the record of active holders: the
    /// layer is scaled as the lease's page asks while that lease is the active one, and keeps this view's own mode
    /// while it is not yet. ``SeamlessPlayback/PlayerSurfaces`` calls this one.
    /// - Parameters:
    ///   - lease: The lease whose engine's picture to show.
    ///   - holders: The pool's record of active holders.
    public func attach(_ lease: PlayerLease, recordedIn holders: ActiveHolders) {
        place(lease, holders: holders)
    }

    private func place(_ lease: PlayerLease, holders: ActiveHolders?) {
        guard let engine = lease.engine as? AVPlayerEngine else { return }
        let moving = engine.layer
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        // One picture per host: another player's layer still here goes.
        if let previous = playerLayer, previous !== moving, previous.superlayer === layer {
            previous.removeFromSuperlayer()
            playerEngine?.layerLeft(self)  // so that engine no longer lays its picture out here
        }
        engine.layerMoved(into: self) { [weak holders] in
            guard let holders else { return true }
            return holders.activeLease(of: lease.player) == lease
        }
        moving.frame = bounds
        layer.addSublayer(moving)
        CATransaction.commit()
        playerLayer = moving
        playerEngine = engine
    }

    /// Takes the engine's layer out of this view, if it is still here; a layer already moved to another host
    /// stays there. The layer keeps its player.
    /// - Parameter lease: The lease the picture was attached for.
    public func detach(_ lease: PlayerLease) {
        guard let engine = lease.engine as? AVPlayerEngine else { return }
        let leaving = engine.layer
        if leaving.superlayer === layer {
            leaving.removeFromSuperlayer()
            engine.layerLeft(self)
        }
        if playerLayer === leaving {
            playerLayer = nil
            playerEngine = nil
        }
    }

    /// Keeps the attached layer filling the view.
    override public func layoutSubviews() {
        super.layoutSubviews()
        guard let playerLayer, playerLayer.superlayer === layer else { return }
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        playerLayer.frame = bounds
        CATransaction.commit()
    }
}
#endif
