import SeamlessPlayback

/// One call made on the side pool, from invocation to response.
struct LinOperation: Sendable, CustomStringConvertible {
    /// What was called.
    enum Call: Sendable, Hashable {
        /// `acquire(media, timeout: .zero)`: it never waits for a player, so whether it gets one is decided
        /// at once; the failure of that player's engine can still end the grant before it completes.
        case acquire(media: Int)
        case lend(PlayerLease)
        /// `borrow(token)`; `cancelled` when the harness cancelled the call's task.
        case borrow(HandoffToken, cancelled: Bool)
        case giveBack(PlayerLease)
        case reclaim(PlayerLease)
        /// `update`, with settings in range or not.
        case update(valid: Bool)
        /// The player's engine reports that it broke (always answers `.done`).
        case fail(PlayerID)
        /// `seek(lease, to:)`, to a position in the media or (`negative`) before its start.
        case seek(PlayerLease, negative: Bool)
    }

    /// What the call returned.
    enum Response: Sendable, Hashable {
        case lease(PlayerLease)
        case token(HandoffToken)
        case done
        case failed(PlayerPoolError)
    }

    /// The operation's position in the window's history.
    let id: Int
    let page: Int
    let call: Call
    let response: Response
    /// Ticks of the window's logical clock: every invocation and response takes the next tick.
    let invoked: Int
    let returned: Int

    var description: String {
        "[\(invoked)…\(returned)] page \(page): \(Self.describe(call)) → \(Self.describe(response))"
    }

    private static func describe(_ call: Call) -> String {
        switch call {
        case .acquire(let media): "acquire(m\(media), timeout: .zero)"
        case .lend(let lease): "lend(\(lease))"
        case .borrow(let token, let cancelled): "borrow(\(token))\(cancelled ? " [task cancelled]" : "")"
        case .giveBack(let lease): "giveBack(\(lease))"
        case .reclaim(let lease): "reclaim(\(lease))"
        case .update(let valid): "update(\(valid ? "valid" : "invalid") settings)"
        case .fail(let player): "the engine of \(player) fails"
        case .seek(let lease, let negative): "seek(\(lease), to: \(negative ? "-1 s" : "a tagged position"))"
        }
    }

    private static func describe(_ response: Response) -> String {
        switch response {
        case .lease(let lease): "\(lease)"
        case .token(let token): "token \(token)"
        case .done: "done"
        case .failed(let error): "\(error)"
        }
    }
}
