/// The pool's deadlines on engine calls and its warnings on long borrows: a pure, synchronous type. The shell tells
/// it each call handed to a lane, each call that returned, each borrow to watch; it answers when the one timer
/// the shell keeps must wake, and, once that timer fires, which calls timed out and which borrows are held too long.
///
/// At most one call per engine is in flight, so a player has at most one deadline. No timer per call: the shell's
/// timer is re-armed only when a deadline earlier than its own appears.
struct Watchdog {
    /// A call in flight and when it counts as hung.
    struct Call: Hashable {
        let deadline: Duration
        /// What the failure says, e.g. "load of clip did not return within 10 seconds".
        let what: String
    }

    /// A borrow being watched.
    struct Hold: Hashable {
        let player: PlayerID
        let since: Duration
        let deadline: Duration
    }

    /// What the shell does.
    enum Action: Hashable {
        /// Make the timer wake at this time (replacing the one armed, which would wake later or never).
        case wake(at: Duration)
        /// The call on the player did not return in time: its engine counts as failed.
        case timedOut(PlayerID, call: String)
        /// The borrow of the grant `epoch` has been held this long: warn its page.
        case heldTooLong(PlayerID, epoch: UInt64, heldFor: Duration)
    }

    /// The longest a load may run, and the longest an apply or a seek may run; `nil` leaves it unbounded.
    let loadTimeout: Duration?
    let applyTimeout: Duration?
    /// How long a borrow is held before its page is warned; `nil`: never.
    let borrowWarningThreshold: Duration?

    private(set) var calls: [PlayerID: Call] = [:]
    private(set) var holds: [UInt64: Hold] = [:]
    /// When the armed timer wakes; `nil` when none is armed.
    private(set) var target: Duration?

    init(loadTimeout: Duration?, applyTimeout: Duration?, borrowWarningThreshold: Duration?) {
        self.loadTimeout = loadTimeout
        self.applyTimeout = applyTimeout
        self.borrowWarningThreshold = borrowWarningThreshold
    }

    /// Whether any call is timed: the handoff path asks before it tells a call's return.
    @inline(__always)
    var timesCalls: Bool { !calls.isEmpty }

    /// The earliest deadline of all.
    var earliest: Duration? {
        let call = calls.values.lazy.map(\.deadline).min()
        let hold = holds.values.lazy.map(\.deadline).min()
        switch (call, hold) {
        case (let call?, let hold?): return Swift.min(call, hold)
        case (let call, let hold): return call ?? hold
        }
    }

    /// A job was handed to the player's lane at `now`: a load and the engine's creation are bounded by the load
    /// timeout, an apply, a seek, an unload and the engine's shutdown by the apply timeout.
    /// - Returns: `.wake` when the timer must wake sooner, else `nil`.
    mutating func callStarted(_ job: EngineJob, on id: PlayerID, now: Duration) -> Action? {
        let limit: Duration?
        let what: String
        switch job {
        case .create: (limit, what) = (loadTimeout, "creation of the engine")
        case .load(let media): (limit, what) = (loadTimeout, "load of \(media)")
        case .apply: (limit, what) = (applyTimeout, "apply")
        case .seek(let position, _): (limit, what) = (applyTimeout, "seek to \(position)")
        case .unload: (limit, what) = (applyTimeout, "unload")
        case .shutDown: (limit, what) = (applyTimeout, "shutdown")
        }
        guard let limit else { return nil }
        let deadline = now + limit
        calls[id] = Call(deadline: deadline, what: "\(what) did not return within \(limit)")
        return wake(at: deadline)
    }

    /// The call running on the player was cancelled at `now`: it must stop within the apply timeout, so its deadline
    /// moves that close, unless its own is sooner.
    /// - Returns: `.wake` when the timer must wake sooner, else `nil`.
    mutating func callCancelled(on id: PlayerID, what: String, now: Duration) -> Action? {
        guard let limit = applyTimeout else { return nil }
        let deadline = now + limit
        if let call = calls[id], call.deadline <= deadline { return nil }
        calls[id] = Call(deadline: deadline, what: "\(what) did not stop within \(limit)")
        return wake(at: deadline)
    }

    /// The call on the player returned.
    mutating func callReturned(on id: PlayerID) {
        calls[id] = nil
    }

    /// A borrow of the player began at `now`: watched when the pool warns of long borrows.
    /// - Returns: `.wake` when the timer must wake sooner, else `nil`.
    mutating func holdStarted(_ id: PlayerID, epoch: UInt64, now: Duration) -> Action? {
        guard let threshold = borrowWarningThreshold else { return nil }
        holds[epoch] = Hold(player: id, since: now, deadline: now + threshold)
        return wake(at: now + threshold)
    }

    /// The borrow of the grant `epoch` ended.
    mutating func holdEnded(_ epoch: UInt64) {
        holds[epoch] = nil
    }

    /// The timer woke at `now`: no timer is armed any more. Every call past its deadline times out and every
    /// borrow past its threshold is warned of (each once), players and epochs in increasing order.
    /// - Returns: What to carry out; then ask ``rearm()``.
    mutating func fired(now: Duration) -> [Action] {
        target = nil
        var actions: [Action] = []
        for (id, call) in calls.sorted(by: { $0.key.number < $1.key.number }) where call.deadline <= now {
            calls[id] = nil
            actions.append(.timedOut(id, call: call.what))
        }
        for (epoch, hold) in holds.sorted(by: { $0.key < $1.key }) where hold.deadline <= now {
            holds[epoch] = nil
            actions.append(.heldTooLong(hold.player, epoch: epoch, heldFor: now - hold.since))
        }
        return actions
    }

    /// After a firing is carried out: the timer wakes at the earliest deadline left, if it is not armed sooner.
    /// - Returns: `.wake` when the timer must be armed, else `nil`.
    mutating func rearm() -> Action? {
        guard let next = earliest else { return nil }
        return wake(at: next)
    }

    /// Forgets every deadline (the pool shut down).
    mutating func stop() {
        target = nil
        calls = [:]
        holds = [:]
    }

    /// The timer must wake at `deadline` if it would wake later, or not at all.
    private mutating func wake(at deadline: Duration) -> Action? {
        if let target, target <= deadline { return nil }
        target = deadline
        return .wake(at: deadline)
    }
}
