import SeamlessPlayback

/// One call a ``RecordingHost`` received.
public struct HostCall: Hashable, Sendable, CustomStringConvertible {
    /// Which call.
    public enum Kind: Hashable, Sendable {
        /// `SurfaceHost.attach(_:)`.
        case attach
        /// `SurfaceHost.detach(_:)`.
        case detach
    }

    /// Which call.
    public let kind: Kind
    /// The host's name.
    public let host: String
    /// The lease passed.
    public let lease: PlayerLease

    /// Creates a call, to compare with the journal's.
    /// - Parameters:
    ///   - kind: Which call.
    ///   - host: The host's name.
    ///   - lease: The lease passed.
    public init(_ kind: Kind, host: String, lease: PlayerLease) {
        self.kind = kind
        self.host = host
        self.lease = lease
    }

    /// `attach cell (feed)`: the call, the host and the page holding the lease.
    public var description: String { "\(kind == .attach ? "attach" : "detach") \(host) (\(lease.session))" }
}
