import SeamlessPlaybackTesting

/// How the slow feed's origin holds its rate down (`--origin-rate` or `--origin-link`): a cap on each connection,
/// where more connections get more bandwidth, or one link every connection shares, as a phone's radio, where every
/// byte a preload gets is a byte the clip on screen did not.
enum OriginLimit: Equatable, Sendable {
    /// Each connection at most this many kbit/s (`TestOrigin.Pacing.bytesPerSecond`).
    case perConnection(kilobits: Int)
    /// Every connection together at most this many kbit/s (`TestOrigin.Pacing.linkBytesPerSecond`).
    case sharedLink(kilobits: Int)

    /// The rate, in kbit/s.
    var kilobits: Int {
        switch self {
        case .perConnection(let kilobits), .sharedLink(let kilobits): kilobits
        }
    }

    /// The command-line option that sets it, with its value.
    var option: String {
        switch self {
        case .perConnection(let kilobits): "--origin-rate \(kilobits)"
        case .sharedLink(let kilobits): "--origin-link \(kilobits)"
        }
    }

    /// What it limits, in words: `per connection` or `shared link`.
    var name: String {
        switch self {
        case .perConnection: "per connection"
        case .sharedLink: "shared link"
        }
    }

    /// The JSON key of its rate.
    var jsonKey: String {
        switch self {
        case .perConnection: "origin_rate_kbit"
        case .sharedLink: "origin_link_kbit"
        }
    }

    /// The origin's pacing: this limit, and `firstByteDelay` before each answer.
    func pacing(firstByteDelay: Duration) -> TestOrigin.Pacing {
        let bytesPerSecond = kilobits * 1_000 / 8
        return switch self {
        case .perConnection: .init(firstByteDelay: firstByteDelay, bytesPerSecond: bytesPerSecond)
        case .sharedLink: .init(firstByteDelay: firstByteDelay, linkBytesPerSecond: bytesPerSecond)
        }
    }
}
