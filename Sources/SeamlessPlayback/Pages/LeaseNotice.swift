/// What a page is told about its leases, on ``PageSession/notices``.
///
/// A page that does not read its notices keeps only the latest one of each lease, and at most 16 about
/// leases it no longer holds; the latest notice of a lease it still holds is never dropped.
public enum LeaseNotice: Hashable, Sendable {
    /// A page below took the player back; this lease can never act again.
    case revoked(PlayerLease)
    /// The page above gave the player back (or closed); this lease is active again. Sent once this
    /// page's settings are on the engine, so a page can re-attach its view on it.
    case returned(PlayerLease)

    /// The player's engine failed (it reported a failure, or a call on it outlasted its timeout). The
    /// lease can never act again: its calls answer ``PlayerPoolError/engineFailed(_:)``. Acquire the media
    /// again for a healthy player.
    case failed(PlayerLease, reason: String)

    /// The lease the notice is about.
    public var lease: PlayerLease {
        switch self {
        case .revoked(let lease), .returned(let lease), .failed(let lease, _): lease
        }
    }
}
