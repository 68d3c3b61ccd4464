/// Every way a pool or page call can fail.
///
/// A call that throws one of these leaves the pool as if it had not been made: no holder moved because
/// of it, no player was lost. (A reclaim that throws `.leaseRevoked` was overtaken by a reclaim below it,
/// which removed everything it had removed.)
public enum PlayerPoolError: Error, Hashable, Sendable {
    /// A setting is out of range; the text says which.
    case invalidSettings(String)
    /// The text is not a handoff token at all.
    case tokenMalformed
    /// The token was not issued by this pool, or the pool no longer remembers it: a lifetime after it expired,
    /// or, once used, after 4,096 later uses of tokens (what keeps the token table bounded).
    case tokenUnknown
    /// The token is older than its lifetime, or its lender has not stayed the active holder since it was
    /// issued (another borrow completed, or the lender reclaimed, gave the player back or lost it): then
    /// for good. While another borrow of the player is still pending the answer is the same, but if that
    /// borrow never completes (cancelled, or its page closed) the token can be redeemed again.
    case tokenExpired
    /// The token was already redeemed; tokens are single use. A used token answers this until 4,096 later
    /// uses of the pool's tokens or a lifetime after it expired, whichever comes first; then ``tokenUnknown``.
    case tokenAlreadyUsed
    /// The lease was taken back by a page below it in the stack; it can never act again. A page remembers the
    /// latest 64 of its leases that were revoked; an older one answers ``notHolder``, which keeps that record
    /// bounded for a page that stays open.
    case leaseRevoked
    /// The calling page does not hold this lease (another page's, given back, or not the active holder; or
    /// revoked or failed longer ago than the page remembers: see ``leaseRevoked`` and ``engineFailed(_:)``).
    case notHolder
    /// The lease is held, but another page is the player's active holder now: this page lent the player (or its
    /// turn came after it lent it). Only the active holder may seek.
    case notActiveHolder
    /// The calling page is already in this player's stack.
    case alreadyHolding
    /// The page was closed.
    case sessionClosed
    /// The wait for a free player outlasted its timeout on the pool's clock.
    case timedOut
    /// The calling task was cancelled.
    case cancelled
    /// The pool was shut down.
    case poolShutDown
    /// Creating or loading an engine failed, or the lease's engine failed; the text is the engine's error. A page
    /// remembers the latest 64 of its leases whose engine failed; an older one answers ``notHolder``.
    case engineFailed(String)
    /// A seek was refused: a negative position, an engine that cannot seek, or one whose seek threw; the text
    /// says which. The player stays in service.
    case seekFailed(String)
    /// The media could not be loaded, and the engine is not at fault: it stays in the pool (idle, no media). A
    /// transient failure was tried again first, ``PlayerPool/Configuration/loadRetries`` times; this is the last.
    case mediaFailed(MediaFailure)
}

extension PlayerPoolError: CustomStringConvertible {
    /// A sentence for logs and alerts.
    public var description: String {
        switch self {
        case .invalidSettings(let reason): "invalid settings: \(reason)"
        case .tokenMalformed: "the handoff token is malformed"
        case .tokenUnknown: "the handoff token was not issued by this pool"
        case .tokenExpired: "the handoff token has expired"
        case .tokenAlreadyUsed: "the handoff token was already used"
        case .leaseRevoked: "the lease was revoked by the player's owner"
        case .notHolder: "this page does not hold that lease"
        case .notActiveHolder: "another page is the player's active holder"
        case .alreadyHolding: "this page already holds that player"
        case .sessionClosed: "the page session is closed"
        case .timedOut: "timed out waiting for a free player"
        case .cancelled: "the task was cancelled"
        case .poolShutDown: "the player pool is shut down"
        case .engineFailed(let reason): "the engine failed: \(reason)"
        case .seekFailed(let reason): "the seek failed: \(reason)"
        case .mediaFailed(let failure): "the media could not be played: \(failure)"
        }
    }
}
