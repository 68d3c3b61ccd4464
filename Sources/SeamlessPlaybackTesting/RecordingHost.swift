import SeamlessPlayback

/// A ``SeamlessPlayback/SurfaceHost`` that shows nothing and writes every call into a shared
/// ``HostJournal``, so that a test (or the demo) can check the exact order in which hosts were called.
///
/// ```swift
/// let journal = HostJournal()
/// let cell = RecordingHost("cell", journal: journal), page = RecordingHost("page", journal: journal)
/// surfaces.show(lease, in: cell)
/// #expect(journal.calls == [.init(.attach, host: "cell", lease: lease)])
/// ```
@MainActor
public final class RecordingHost: SurfaceHost {
    /// The host's name in the journal.
    public let name: String
    /// Where the calls are written.
    public let journal: HostJournal

    /// Creates a host.
    /// - Parameters:
    ///   - name: Its name in the journal.
    ///   - journal: The journal shared by the hosts under test.
    public init(_ name: String, journal: HostJournal) {
        self.name = name
        self.journal = journal
    }

    /// Writes down the attach.
    /// - Parameter lease: The lease the picture is attached for.
    public func attach(_ lease: PlayerLease) {
        journal.record(HostCall(.attach, host: name, lease: lease))
    }

    /// Writes down the detach.
    /// - Parameter lease: The lease the picture was attached for.
    public func detach(_ lease: PlayerLease) {
        journal.record(HostCall(.detach, host: name, lease: lease))
    }
}

/// One call a ``RecordingHost`` received.
public struct HostCall: Hashable, Sendable, CustomStringConvertible {
    /// Which call.
    public enum Kind: String, Hashable, Sendable {
        /// ``SeamlessPlayback/SurfaceHost/attach(_:)``.
        case attach
        /// ``SeamlessPlayback/SurfaceHost/detach(_:)``.
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
    public var description: String { "\(kind.rawValue) \(host) (\(lease.session))" }
}

/// The calls that a set of ``RecordingHost``s received, in order.
@MainActor
public final class HostJournal {
    /// Every call so far, in the order made.
    public private(set) var calls: [HostCall] = []
    private var waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

    /// Creates an empty journal.
    public init() {}

    /// The hosts holding the player's picture after the calls so far: attached and not detached since.
    /// - Parameter player: The player.
    /// - Returns: The hosts' names, in the order they were attached.
    public func hosts(showing player: PlayerID) -> [String] {
        var hosts: [String] = []
        for call in calls where call.lease.player == player {
            hosts.removeAll { $0 == call.host }
            if call.kind == .attach { hosts.append(call.host) }
        }
        return hosts
    }

    /// Returns once the journal holds at least `count` calls.
    /// - Parameter count: How many calls to wait for.
    public func waitForCalls(_ count: Int) async {
        if calls.count >= count { return }
        await withCheckedContinuation { waiters.append((count, $0)) }
    }

    func record(_ call: HostCall) {
        calls.append(call)
        let count = calls.count
        let ready = waiters.filter { $0.count <= count }
        waiters.removeAll { $0.count <= count }
        for waiter in ready { waiter.continuation.resume() }
    }
}
