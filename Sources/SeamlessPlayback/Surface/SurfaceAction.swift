/// One host call decided by a `SurfaceStateMachine`: put a player's picture in a host, or take it out.
///
/// A move is always two actions, the ``attach(_:to:)`` to the new host first and then the
/// ``detach(_:from:)`` from the old one, so there is no moment at which no host shows the picture.
enum SurfaceAction<Host: Hashable & Sendable>: Hashable, Sendable {
    /// Show the lease's player (`lease.engine`) in the host.
    case attach(PlayerLease, to: Host)
    /// Stop showing the player in the host; the lease is the one it was attached for.
    case detach(PlayerLease, from: Host)
}
