/// A place on screen that can show a player's picture: a view a page registers with ``PlayerSurfaces``.
///
/// The surfaces call ``attach(_:)`` and ``detach(_:)`` on the main actor, in the order a
/// `SurfaceStateMachine` decides: when the picture moves, the new host's `attach` comes before the old
/// host's `detach`. A host that moves one shared view or layer (as a `CALayer` is moved by adding it to a
/// new superlayer) must therefore make `detach` do nothing once the picture already sits elsewhere.
///
/// Hosts that exist: on iOS, `PlayerHostView` (`SeamlessPlaybackUIKit`, which moves the engine's one
/// `AVPlayerLayer`); on Linux, `FrameHost` (package `Engines/MPV`), a frame buffer a frame-rendering libmpv engine
/// draws into while it is attached; in tests, `RecordingHost` (`SeamlessPlaybackTesting`).
@MainActor
public protocol SurfaceHost: AnyObject {
    /// Puts the picture of the lease's player (`lease.engine`) in this host.
    /// - Parameter lease: The active lease of the page that registered this host.
    func attach(_ lease: PlayerLease)

    /// Puts the picture of the lease's player in this host, and gives it the record of active holders the surfaces
    /// follow: a host that lays the picture out itself can tell from it, later, whether `lease` is still the
    /// player's active lease, that is whether the settings on the engine are still its page's.
    ///
    /// ``PlayerSurfaces`` calls this one. The default calls ``attach(_:)``; implement it only to keep `holders`.
    /// - Parameters:
    ///   - lease: The active lease of the page that registered this host.
    ///   - holders: The pool's ``PlayerPool/activeHolders``.
    func attach(_ lease: PlayerLease, recordedIn holders: ActiveHolders)

    /// Takes the picture of the lease's player out of this host, unless it has already moved elsewhere.
    /// - Parameter lease: The lease the picture was attached for; it may no longer be valid.
    func detach(_ lease: PlayerLease)
}

extension SurfaceHost {
    /// Calls ``attach(_:)``: a host that does not keep the record of active holders needs nothing else.
    /// - Parameters:
    ///   - lease: The active lease of the page that registered this host.
    ///   - holders: Not kept.
    public func attach(_ lease: PlayerLease, recordedIn holders: ActiveHolders) {
        attach(lease)
    }
}
