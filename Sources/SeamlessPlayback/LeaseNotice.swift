/// What a page is told about its leases, on ``PageSession/notices``.
public enum LeaseNotice: Hashable, Sendable {
    /// A page below took the player back; this lease can never act again.
    case revoked(PlayerLease)
    /// The page above gave the player back; this lease is active again, its settings on the engine.
    case returned(PlayerLease)
}
