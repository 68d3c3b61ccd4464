import SeamlessPlayback

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
