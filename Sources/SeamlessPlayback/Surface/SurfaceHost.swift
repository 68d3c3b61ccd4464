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

    /// Takes the picture of the lease's player out of this host, unless it has already moved elsewhere.
    /// - Parameter lease: The lease the picture was attached for; it may no longer be valid.
    func detach(_ lease: PlayerLease)
}
