/// A fenced grant of one player to one page.
///
/// A lease is valid while its page stays in the player's holder stack. Once the page gives the
/// player back or has it reclaimed, every call with the lease is refused (``PlayerPoolError/notHolder``
/// or ``PlayerPoolError/leaseRevoked``; a lease revoked before the page's latest 64 revocations answers
/// ``PlayerPoolError/notHolder``) and never reaches the engine. Two leases are equal when they
/// name the same player and the same grant.
public struct PlayerLease: Hashable, Sendable {
    /// The player granted.
    public let player: PlayerID
    /// The media loaded on the player.
    public let media: MediaItem
    /// The name of the page holding the lease.
    public let session: String
    /// The engine, for attaching the player's view.
    ///
    /// Control playback through the page, never through the engine: the pool fences every call it makes,
    /// but a reference held here is only a reference. A page that lost the lease must detach its view.
    public let engine: any PlaybackEngine
    /// The grant's epoch: unique within the pool, fresh for every acquire and borrow.
    let epoch: UInt64
    /// The holding page's identity (names need not be unique).
    let sessionID: UInt64

    /// The grant's epoch: unique within the pool, fresh for every acquire and borrow. With ``player`` it is what
    /// makes two leases equal, so code that must tell a lease again without keeping it (and its ``engine``) keeps
    /// these two.
    public var grantEpoch: UInt64 { epoch }

    init(
        player: PlayerID, media: MediaItem, session: String, engine: any PlaybackEngine,
        epoch: UInt64, sessionID: UInt64
    ) {
        self.player = player
        self.media = media
        self.session = session
        self.engine = engine
        self.epoch = epoch
        self.sessionID = sessionID
    }

    /// Leases are equal when they name the same player and the same grant.
    public static func == (lhs: PlayerLease, rhs: PlayerLease) -> Bool {
        lhs.player == rhs.player && lhs.epoch == rhs.epoch
    }

    /// Hashes the player and the grant.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(player)
        hasher.combine(epoch)
    }
}

extension PlayerLease: CustomStringConvertible {
    /// `player-N (media) held by page, grant E`.
    public var description: String { "\(player) (\(media)) held by \(session), grant \(epoch)" }
}
