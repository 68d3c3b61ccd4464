/// Where a player's load of its media stands with transient failures (``PlayerPool/Configuration/loadRetries``).
enum RetryState: Hashable, Sendable {
    /// No transient failure of the media's load since it was last loaded, dropped or changed.
    case none
    /// The load failed transiently this many times (at least once) and may run again.
    case failed(Int)
    /// The load failed transiently this many times (at least once) and is tried again once a delay is over: no load
    /// starts meanwhile.
    case waiting(after: Int)

    /// How many transient failures so far.
    var failures: Int {
        switch self {
        case .none: 0
        case .failed(let count), .waiting(after: let count): count
        }
    }

    /// Whether a retry waits for its delay.
    var isWaiting: Bool {
        if case .waiting = self { true } else { false }
    }
}
