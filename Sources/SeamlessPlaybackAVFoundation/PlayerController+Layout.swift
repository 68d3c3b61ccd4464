#if canImport(AVFoundation) && !os(watchOS)  // AVPlayerLayer is unavailable on watchOS
import AVFoundation
import QuartzCore
import SeamlessPlayback

/// A view that shows an ``AVPlayerEngine``'s layer (`PlayerHostView`) and remembers how the picture was laid out in
/// it, so that a host the picture comes back to ahead of its page's settings keeps its own layout (``LayerLayout``).
@MainActor
package protocol LayerHost: AnyObject {
    /// The content mode the layer had in this host when it last showed it; `nil` before.
    var laidOutMode: ContentMode? { get set }
}

extension PlayerController {
    /// The layer moves into `host`: sets its gravity as ``LayerLayout`` says. Called inside the host's transaction
    /// that moves the layer, so the scaling and the move are drawn together.
    /// - Parameters:
    ///   - host: The host.
    ///   - isActive: Whether the lease the host shows is still the player's active lease.
    func layerMoved(into host: any LayerHost, isActive: @escaping @MainActor () -> Bool) {
        shownHost = host
        shownIsActive = isActive
        setGravity(layout.attached(ObjectIdentifier(host), lastMode: host.laidOutMode, isActive: isActive()))
    }

    /// `host` let the layer go.
    func layerLeft(_ host: any LayerHost) {
        layout.detached(ObjectIdentifier(host))
        if shownHost === host {
            shownHost = nil
            shownIsActive = nil
        }
    }

    /// New settings are on the engine: their content mode is the shown host's now, at its grace's end, or never.
    func contentModeApplied(_ mode: ContentMode) {
        switch layout.applied(mode, at: .now) {
        case .none:
            break
        case .set(let mode):
            withoutAnimation { setGravity(mode) }
        case .checkAt(let deadline):
            // A timer: nothing structured waits for the grace's end, and a later change makes this one a no-op.
            Task { @MainActor [weak self] in
                try? await Task.sleep(until: deadline, clock: .continuous)
                self?.graceEnded()
            }
        }
    }

    private func graceEnded() {
        guard let mode = layout.graceEnded(at: .now, shownIsActive: shownIsActive?() ?? true) else { return }
        withoutAnimation { setGravity(mode) }
    }

    private func setGravity(_ mode: ContentMode) {
        layer.videoGravity = PlayerCommand.VideoGravity(mode) == .resizeAspect ? .resizeAspect : .resizeAspectFill
        shownHost?.laidOutMode = mode
    }

    /// `videoGravity` is animatable: a change of it must not animate the picture from fill to fit.
    private func withoutAnimation(_ body: () -> Void) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        body()
        CATransaction.commit()
    }
}
#endif
