import SeamlessPlayback

/// The bookkeeping of one mpv handle: who waits for which reply, which requests may go to mpv now,
/// how far each playlist entry got, and what the player's status is.
///
/// It never calls mpv, never reads a clock (deadlines and `now` are passed in) and never resumes a
/// continuation. ``MPVClient`` feeds it inputs under its lock, sends the requests ``nextRequest()``
/// hands out, carries out the ``Completion``s it returns and reports the status ``statusReport()`` gives, so every
/// rule about which event finishes which call, and which status follows, is tested here synchronously.
///
/// Besides the callers' requests it makes reads of its own (``Probe``): the duration after a load, `pause` when a
/// report of it needs checking (``PauseAttribution``). They finish no call.
///
/// Lifecycle: `running` → `stopping` (shutdown requested, or mpv's core quit) → `destroying`
/// (every waiter failed; the handle is being destroyed) → `destroyed`. Requests are sent only while
/// `running`; the handle may be touched (`mpv_wakeup`) while `running` or `stopping`.
///
/// Requests in flight are bounded by ``requestLimit``, below the 1,000 replies mpv queues for a
/// client: every async request holds a slot of that queue until its reply is read, and a request
/// sent to a full queue is refused. Requests beyond the limit wait in a FIFO backlog, so they still
/// reach mpv in the order they were made; one that mpv refuses for a full queue anyway goes back to
/// the head of the backlog until a reply frees a slot.
struct EngineStateMachine {
    typealias WaiterID = UInt64
    typealias RequestID = UInt64

    /// Where the handle is in its life; see the type's documentation for the moves.
    enum Lifecycle: Hashable, Sendable {
        case running, stopping, destroying, destroyed
    }

    /// How a waiting call ends.
    enum Outcome: Hashable, Sendable {
        /// A load started playing, or every property of an apply was set.
        case finished
        /// A property read's value; `nil` when mpv has no value now (e.g. `time-pos` with nothing loaded). A seek
        /// finishes with the position its first frame is at.
        case value(MPVValue?)
        /// The call failed; for an apply, the first property mpv refused (the others were still set).
        case failed(MPVError)
        /// A load failed because of its media (``MediaFailureClassifier``), or did not start in time.
        case mediaFailed(MediaFailure)
    }

    /// One waiter to resume, and how.
    struct Completion: Hashable, Sendable {
        let waiter: WaiterID
        let outcome: Outcome
    }

    /// What one request asks of mpv.
    enum Command: Hashable, Sendable {
        /// `loadfile <source> replace`.
        case loadFile(String)
        /// `stop`: clears the playlist and ends playback; mpv idles.
        case stop
        /// `mpv_set_property_async`.
        case setProperty(String, MPVValue)
        /// `mpv_get_property_async`.
        case getProperty(String, MPVFormat)
        /// Any other mpv command, e.g. `quit` in a test.
        case command([String])
    }

    /// A request to send now, with its ID as its `reply_userdata`.
    struct Outgoing: Hashable, Sendable {
        let request: RequestID
        let command: Command
    }

    /// What the shell does after starting a call.
    enum Start: Hashable, Sendable {
        /// The call made these requests, in order, and waits for mpv; the shell sends whatever
        /// ``EngineStateMachine/nextRequest()`` hands out.
        case queued([RequestID])
        /// Send nothing; resume the waiter now.
        case complete(Completion)
    }

    struct Load {
        let source: String
        /// The engine confirms the load once it finished (``PlaybackWatch/loadConfirmed(source:)``).
        var awaitsConfirmation = false
        let deadline: ContinuousClock.Instant
        let timeout: Duration
        /// The `loadfile` reply still awaited.
        var request: RequestID?
        /// The playlist entry the load waits on, once known.
        var entry: Int64?
        /// The reply carried no entry ID (older libmpv), or the entry redirected: the next `START_FILE` is ours.
        var takesNextStart = false
        /// The load failed (cancelled, timed out): it waits for this `stop` to be done, then ends so.
        var stopping: (request: RequestID, outcome: Outcome)?
        /// Its entry ended before playing, with this reason and mpv's error: the load fails when mpv's queue is
        /// drained (an ``MPVEvent/none``), since mpv hands out the log lines that say why only after its events.
        var ended: (reason: String, error: String?)?

        /// Whether it still waits for its first frame (not stopping, not ended).
        var isWaiting: Bool { stopping == nil && ended == nil }
    }

    enum Waiter {
        /// The ID exists; its request is not sent yet, so a cancellation must be remembered.
        case reserved
        /// Cancelled before its request was sent.
        case cancelled
        case load(Load)
        case apply(pending: [RequestID: String], firstError: MPVError?)
        case read(request: RequestID, name: String)
        case command(request: RequestID, arguments: [String])
        case seek(Seek)
        /// A read the machine made for itself; it finishes no call.
        case probe(Probe)
    }

    /// What the machine reads for itself.
    enum Probe: Hashable, Sendable {
        /// `duration`, after a load finished without mpv having reported it.
        case duration
        /// `pause`, to judge a report ``PauseAttribution`` could not.
        case pause
    }

    enum EntryPhase: Hashable {
        case started, loaded, playing
        /// The entry ended before playing: a reason, and mpv's error if it gave one.
        case ended(String, error: String?)
        /// The entry was a playlist: mpv replaced it with entries from this ID on (`nil`: not said).
        case redirected(to: Int64?)
    }

    static let entriesKept = 16
    /// The most log lines kept for a load's failure; the last say why.
    static let logLinesKept = 16

    /// The most requests sent to mpv and not answered yet.
    let requestLimit: Int
    /// `MPV_EVENT_FILE_LOADED` events seen since the handle was created.
    var fileLoadedCount = 0
    /// The playback since the last finished load: position, end, failure.
    var watch = PlaybackWatch()
    /// The phase to report, and the last one reported.
    var status = StatusWatch()
    /// Who set mpv's `pause`: the engine or something outside it.
    var pause = PauseAttribution()
    // The state below is internal, not private, only so that the machine's other files (+Events, +Seek, +Status,
    // +Lifecycle) reach it.
    var lifecycle = Lifecycle.running
    var nextID: UInt64 = 1
    var waiters: [WaiterID: Waiter] = [:]
    /// The waiter and command of every request not answered yet, sent or in the backlog.
    var requests: [RequestID: (waiter: WaiterID, command: Command)] = [:]
    /// Requests made but not sent, oldest first.
    var backlog: [Outgoing] = []
    /// Requests sent whose reply has not been read, whether or not their waiter still waits.
    var inFlight: Set<RequestID> = []
    /// mpv refused a request for a full queue: send nothing until a reply frees a slot.
    var isBackedUp = false
    var entries: [Int64: EntryPhase] = [:]
    /// mpv's warnings and errors since the last load started, newest last, while a load waits.
    var loadLog: [MediaFailureClassifier.LogLine] = []
    var currentEntry: Int64?

    /// Creates the bookkeeping of a new handle.
    /// - Parameter requestLimit: The most requests in flight; mpv queues 1,000 replies per client.
    init(requestLimit: Int = 256) {
        self.requestLimit = max(1, requestLimit)
    }

    /// The earliest deadline of a load waiting for its first frame or of a seek waiting for its own.
    var nextDeadline: ContinuousClock.Instant? {
        waiters.values.compactMap { waiter -> ContinuousClock.Instant? in
            switch waiter {
            case .load(let load) where load.isWaiting: load.deadline
            case .seek(let seek): seek.deadline
            default: nil
            }
        }.min()
    }

    /// Whether a load waits for mpv's queue to be drained (see ``Load/ended``): the shell must not sleep.
    var awaitsDrain: Bool {
        waiters.values.contains { waiter in
            if case .load(let load) = waiter { load.stopping == nil && load.ended != nil } else { false }
        }
    }

    /// Calls not yet completed (reserved, cancelled-but-unstarted, or awaiting mpv); the machine's own reads
    /// are not counted.
    var pendingWaiterCount: Int {
        waiters.values.count { waiter in
            if case .probe = waiter { false } else { true }
        }
    }

    /// Requests sent to mpv and not answered yet.
    var requestsInFlight: Int { inFlight.count }

    /// Requests made and waiting for room to be sent.
    var backlogCount: Int { backlog.count }

    // MARK: Calls

    /// Hands out the ID of a call about to wait, before anything can cancel it.
    mutating func reserveWaiter() -> WaiterID {
        let id = makeID()
        waiters[id] = .reserved
        return id
    }

    /// Starts a `loadfile` that finishes at the first `PLAYBACK_RESTART` of the entry it creates,
    /// or of the entry a playlist redirects it to.
    mutating func startLoad(
        _ waiter: WaiterID, source: String, deadline: ContinuousClock.Instant, timeout: Duration,
        awaitsConfirmation: Bool = false
    ) -> Start {
        if let refusal = refusal(of: waiter) { return .complete(refusal) }
        watch.loadStarted()
        loadLog = []
        let request = makeRequest(for: waiter, .loadFile(source))
        waiters[waiter] = .load(
            Load(
                source: source, awaitsConfirmation: awaitsConfirmation, deadline: deadline, timeout: timeout,
                request: request))
        return .queued([request])
    }

    /// Starts setting the properties, in order; finishes when mpv has replied to every one.
    mutating func startApply(_ waiter: WaiterID, properties: [(name: String, value: MPVValue)]) -> Start {
        if let refusal = refusal(of: waiter) { return .complete(refusal) }
        guard !properties.isEmpty else { return .complete(finish(waiter, .finished)) }
        var pending: [RequestID: String] = [:]
        let ids = properties.map { property in
            let request = makeRequest(for: waiter, .setProperty(property.name, property.value))
            pending[request] = property.name
            settingSent(property.name, property.value, request: request)
            return request
        }
        waiters[waiter] = .apply(pending: pending, firstError: nil)
        return .queued(ids)
    }

    /// Starts reading one property.
    mutating func startRead(_ waiter: WaiterID, property name: String, as format: MPVFormat = .double) -> Start {
        if let refusal = refusal(of: waiter) { return .complete(refusal) }
        let request = makeRequest(for: waiter, .getProperty(name, format))
        waiters[waiter] = .read(request: request, name: name)
        return .queued([request])
    }

    /// Starts any other mpv command; finishes at its reply.
    mutating func startCommand(_ waiter: WaiterID, arguments: [String]) -> Start {
        if let refusal = refusal(of: waiter) { return .complete(refusal) }
        let request = makeRequest(for: waiter, .command(arguments))
        waiters[waiter] = .command(request: request, arguments: arguments)
        return .queued([request])
    }

    /// The next request to send, oldest first, or `nil` when none may go now (none waits, the limit
    /// is reached, mpv's queue is full, or the handle is not running). It counts as in flight from here.
    mutating func nextRequest() -> Outgoing? {
        guard lifecycle == .running, !isBackedUp, inFlight.count < requestLimit, !backlog.isEmpty else { return nil }
        let next = backlog.removeFirst()
        inFlight.insert(next.request)
        return next
    }

    /// mpv refused to queue a request (the call returned an error), so no reply will come.
    ///
    /// A refusal for a full reply queue while other replies are due is not final: the request goes
    /// back to the head of the backlog and is sent again once a reply frees a slot. Any other refusal
    /// ends the request as if mpv had replied with the error.
    mutating func requestNotSent(_ request: RequestID, reason: String, queueFull: Bool = false) -> [Completion] {
        guard inFlight.remove(request) != nil else { return [] }
        if queueFull, !inFlight.isEmpty, let command = requests[request]?.command {
            backlog.insert(Outgoing(request: request, command: command), at: 0)
            isBackedUp = true
            return []
        }
        defer { startDueProbes() }
        return reply(to: request, error: reason, entry: nil, value: nil)
    }

    /// The caller's task was cancelled. Only loads end early; applies and reads are short and must land.
    ///
    /// A load that has sent its `loadfile` first sends `stop`, so that mpv does not go on playing a
    /// load its caller gave up on; the load throws ``MPVError/cancelled`` when mpv has done the stop.
    mutating func cancel(_ waiter: WaiterID) -> [Completion] {
        switch waiters[waiter] {
        case .reserved:
            waiters[waiter] = .cancelled
            return []
        case .load(let load) where load.stopping == nil && load.ended != nil:
            // mpv already ended the entry: nothing to stop.
            return [finish(waiter, .failed(.cancelled))]
        case .load(let load) where load.stopping == nil:
            return stopAndFail(waiter, load, .failed(.cancelled))
        default:
            return []
        }
    }

    /// Fails every load whose deadline is at or before `now` with a ``SeamlessPlayback/MediaFailure/Kind/timedOut``,
    /// stopping mpv first (see ``cancel(_:)``).
    mutating func deadlinesPassed(now: ContinuousClock.Instant) -> [Completion] {
        let expired = waiters.compactMap { id, waiter -> (WaiterID, Load)? in
            if case .load(let load) = waiter, load.isWaiting, load.deadline <= now { (id, load) } else { nil }
        }
        let failedLoads = expired.sorted { $0.0 < $1.0 }.flatMap { id, load in
            let reason = "playback of \(load.source) did not start within \(load.timeout)"
            return stopAndFail(id, load, .mediaFailed(MediaFailure(.timedOut, reason: reason)))
        }
        return failedLoads + seekDeadlinesPassed(now: now)
    }
}

// MARK: - Helpers

extension EngineStateMachine {
    mutating func makeID() -> UInt64 {
        defer { nextID += 1 }
        return nextID
    }

    mutating func makeRequest(for waiter: WaiterID, _ command: Command) -> RequestID {
        let request = makeID()
        requests[request] = (waiter, command)
        backlog.append(Outgoing(request: request, command: command))
        return request
    }

    /// Why a call may not start, as its completion: it was cancelled, or the handle is stopping.
    mutating func refusal(of waiter: WaiterID) -> Completion? {
        if case .cancelled = waiters[waiter] { return finish(waiter, .failed(.cancelled)) }
        if lifecycle != .running { return finish(waiter, .failed(.shutDown)) }
        return nil
    }

    /// A load failed: unless mpv is going away, it sends `stop` and fails when mpv has done it.
    private mutating func stopAndFail(_ waiter: WaiterID, _ load: Load, _ outcome: Outcome) -> [Completion] {
        guard lifecycle == .running else { return [finish(waiter, outcome)] }
        var load = load
        load.entry = nil
        load.takesNextStart = false
        load.stopping = (makeRequest(for: waiter, .stop), outcome)
        waiters[waiter] = .load(load)
        return []
    }

    /// Removes the waiter and every request it sent, and describes its resumption. Requests already
    /// in flight stay counted until their replies arrive.
    mutating func finish(_ waiter: WaiterID, _ outcome: Outcome) -> Completion {
        let owned = Set(requests.compactMap { request, pending in pending.waiter == waiter ? request : nil })
        for request in owned { requests[request] = nil }
        if !owned.isEmpty { backlog.removeAll { owned.contains($0.request) } }
        waiters[waiter] = nil
        return Completion(waiter: waiter, outcome: outcome)
    }
}
