/// The bookkeeping of one mpv handle: who waits for which reply, and how far each playlist entry got.
///
/// It never calls mpv, never reads a clock (deadlines and `now` are passed in) and never resumes a
/// continuation. ``MPVClient`` feeds it inputs under its lock and carries out the ``Completion``s it
/// returns, so every rule about which event finishes which call is tested here synchronously.
///
/// Lifecycle: `running` → `stopping` (shutdown requested, or mpv's core quit) → `destroying`
/// (every waiter failed; the handle is being destroyed) → `destroyed`. Requests are sent only while
/// `running`; the handle may be touched (`mpv_wakeup`) while `running` or `stopping`.
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
        /// A property read's value; `nil` when mpv has no value now (e.g. `time-pos` with nothing loaded).
        case value(MPVValue?)
        /// The call failed; for an apply, the first property mpv refused (the others were still set).
        case failed(MPVError)
    }

    /// One waiter to resume, and how.
    struct Completion: Hashable, Sendable {
        let waiter: WaiterID
        let outcome: Outcome
    }

    /// What the shell does after starting a call.
    enum Start: Hashable, Sendable {
        /// Send one mpv request per ID, in order, with the ID as its `reply_userdata`.
        case send([RequestID])
        /// Send nothing; resume the waiter now.
        case complete(Completion)
    }

    private struct Load {
        let source: String
        let deadline: ContinuousClock.Instant
        let timeout: Duration
        /// The `loadfile` reply still awaited.
        var request: RequestID?
        /// The playlist entry the load created, once known.
        var entry: Int64?
        /// The reply carried no entry ID (older libmpv): the next `START_FILE` is ours.
        var takesNextStart = false
    }

    private enum Waiter {
        /// The ID exists; its request is not sent yet, so a cancellation must be remembered.
        case reserved
        /// Cancelled before its request was sent.
        case cancelled
        case load(Load)
        case apply(pending: [RequestID: String], firstError: MPVError?)
        case read(request: RequestID, name: String)
    }

    private enum EntryPhase: Hashable {
        case started, loaded, playing
        case ended(String)
    }

    private static let entriesKept = 16

    private(set) var lifecycle = Lifecycle.running
    /// `MPV_EVENT_FILE_LOADED` events seen since the handle was created.
    private(set) var fileLoadedCount = 0
    private var nextID: UInt64 = 1
    private var waiters: [WaiterID: Waiter] = [:]
    private var requests: [RequestID: WaiterID] = [:]
    private var entries: [Int64: EntryPhase] = [:]
    private var currentEntry: Int64?

    /// The earliest load deadline, if any load is waiting.
    var nextDeadline: ContinuousClock.Instant? {
        waiters.values.compactMap { waiter -> ContinuousClock.Instant? in
            if case .load(let load) = waiter { load.deadline } else { nil }
        }.min()
    }

    /// Waiters not yet completed (reserved, cancelled-but-unstarted, or awaiting mpv).
    var pendingWaiterCount: Int { waiters.count }

    // MARK: Calls

    /// Hands out the ID of a call about to wait, before anything can cancel it.
    mutating func reserveWaiter() -> WaiterID {
        let id = makeID()
        waiters[id] = .reserved
        return id
    }

    /// Starts a `loadfile` that finishes at the first `PLAYBACK_RESTART` of the entry it creates.
    mutating func startLoad(
        _ waiter: WaiterID, source: String, deadline: ContinuousClock.Instant, timeout: Duration
    ) -> Start {
        if let refusal = refusal(of: waiter) { return .complete(refusal) }
        let request = makeRequest(for: waiter)
        waiters[waiter] = .load(Load(source: source, deadline: deadline, timeout: timeout, request: request))
        return .send([request])
    }

    /// Starts setting the named properties, in order; finishes when mpv has replied to every one.
    mutating func startApply(_ waiter: WaiterID, properties: [String]) -> Start {
        if let refusal = refusal(of: waiter) { return .complete(refusal) }
        guard !properties.isEmpty else { return .complete(finish(waiter, .finished)) }
        var pending: [RequestID: String] = [:]
        let ids = properties.map { name in
            let request = makeRequest(for: waiter)
            pending[request] = name
            return request
        }
        waiters[waiter] = .apply(pending: pending, firstError: nil)
        return .send(ids)
    }

    /// Starts reading one property.
    mutating func startRead(_ waiter: WaiterID, property name: String) -> Start {
        if let refusal = refusal(of: waiter) { return .complete(refusal) }
        let request = makeRequest(for: waiter)
        waiters[waiter] = .read(request: request, name: name)
        return .send([request])
    }

    /// A request could not be queued (the mpv call returned an error), so no reply will come.
    mutating func requestNotSent(_ request: RequestID, reason: String) -> [Completion] {
        reply(to: request, error: reason, entry: nil, value: nil)
    }

    /// The caller's task was cancelled. Only loads end early; applies and reads are short and must land.
    mutating func cancel(_ waiter: WaiterID) -> Completion? {
        switch waiters[waiter] {
        case .reserved:
            waiters[waiter] = .cancelled
            return nil
        case .load:
            return finish(waiter, .failed(.cancelled))
        default:
            return nil
        }
    }

    /// Fails every load whose deadline is at or before `now`.
    mutating func deadlinesPassed(now: ContinuousClock.Instant) -> [Completion] {
        let expired = waiters.compactMap { id, waiter -> (WaiterID, Load)? in
            if case .load(let load) = waiter, load.deadline <= now { (id, load) } else { nil }
        }
        return expired.sorted { $0.0 < $1.0 }.map { id, load in
            finish(id, .failed(.loadTimedOut(source: load.source, timeout: load.timeout)))
        }
    }

    // MARK: Lifecycle

    /// Asks the handle to stop. Returns `true` when this call moved it out of `running`, so the
    /// event thread must be woken.
    mutating func stop() -> Bool {
        guard lifecycle == .running else { return false }
        lifecycle = .stopping
        return true
    }

    /// The event thread left its loop: every waiter fails with ``MPVError/shutDown``.
    mutating func beginDestroying() -> [Completion] {
        lifecycle = .destroying
        let all = waiters.keys.sorted()
        requests = [:]
        return all.map { finish($0, .failed(.shutDown)) }
    }

    /// The handle is destroyed.
    mutating func destroyed() {
        lifecycle = .destroyed
    }
}

// MARK: - Events

extension EngineStateMachine {
    /// Applies one mpv event and returns the calls it finishes.
    mutating func handle(_ event: MPVEvent) -> [Completion] {
        switch event {
        case .none, .other, .queueOverflow:
            return []
        case .shutdown:
            _ = stop()
            return []
        case .commandReply(let request, let error, let entry):
            return reply(to: request, error: error, entry: entry, value: nil)
        case .setPropertyReply(let request, let error):
            return reply(to: request, error: error, entry: nil, value: nil)
        case .getPropertyReply(let request, _, let value, let error):
            return reply(to: request, error: error, entry: nil, value: value)
        case .startFile(let entry):
            currentEntry = entry
            entries[entry] = .started
            for (id, waiter) in waiters {
                if case .load(var load) = waiter, load.takesNextStart {
                    load.takesNextStart = false
                    load.entry = entry
                    waiters[id] = .load(load)
                }
            }
            pruneEntries()
            return []
        case .fileLoaded:
            fileLoadedCount += 1
            if let entry = currentEntry { entries[entry] = .loaded }
            return []
        case .playbackRestart:
            guard let entry = currentEntry, let phase = entries[entry], phase == .loaded || phase == .playing else {
                return []
            }
            entries[entry] = .playing
            return settleLoads(of: entry)
        case .endFile(let entry, let reason, let error):
            entries[entry] = .ended(error ?? "playback ended (\(reason)) before it started")
            if currentEntry == entry { currentEntry = nil }
            return settleLoads(of: entry)
        }
    }

    /// A reply to one request: it may finish the call that sent it.
    private mutating func reply(
        to request: RequestID, error: String?, entry: Int64?, value: MPVValue?
    ) -> [Completion] {
        guard let id = requests.removeValue(forKey: request), let waiter = waiters[id] else { return [] }
        let outcome: Outcome
        switch waiter {
        case .load(var load):
            if let error {
                outcome = .failed(.loadRejected(source: load.source, reason: error))
                break
            }
            load.request = nil
            load.entry = entry
            load.takesNextStart = entry == nil
            waiters[id] = .load(load)
            // The entry may have started playing, or failed, before this reply was read.
            return entry.map { settleLoads(of: $0) } ?? []
        case .apply(var pending, var firstError):
            let name = pending.removeValue(forKey: request) ?? "?"
            if let error, firstError == nil { firstError = .propertyFailed(name: name, reason: error) }
            guard pending.isEmpty else {
                waiters[id] = .apply(pending: pending, firstError: firstError)
                return []
            }
            outcome = firstError.map { .failed($0) } ?? .finished
        case .read(_, let name):
            outcome = error.map { .failed(.propertyFailed(name: name, reason: $0)) } ?? .value(value)
        case .reserved, .cancelled:
            return []
        }
        return [finish(id, outcome)]
    }

    /// Finishes the loads waiting on `entry` if it is playing or has ended.
    private mutating func settleLoads(of entry: Int64) -> [Completion] {
        guard let phase = entries[entry] else { return [] }
        let waiting = waiters.compactMap { id, waiter -> (WaiterID, Load)? in
            if case .load(let load) = waiter, load.request == nil, load.entry == entry { (id, load) } else { nil }
        }
        return waiting.sorted { $0.0 < $1.0 }.compactMap { id, load in
            switch phase {
            case .playing:
                return finish(id, .finished)
            case .ended(let reason):
                return finish(id, .failed(.playbackFailed(source: load.source, reason: reason)))
            case .started, .loaded:
                return nil
            }
        }
    }

    /// Forgets the oldest entries no load waits on, so a long-lived engine keeps a bounded record.
    private mutating func pruneEntries() {
        guard entries.count > Self.entriesKept else { return }
        var kept = Set(waiters.values.compactMap { waiter -> Int64? in
            if case .load(let load) = waiter { load.entry } else { nil }
        })
        if let currentEntry { kept.insert(currentEntry) }
        for entry in entries.keys.sorted() where entries.count > Self.entriesKept && !kept.contains(entry) {
            entries[entry] = nil
        }
    }
}

// MARK: - Helpers

extension EngineStateMachine {
    private mutating func makeID() -> UInt64 {
        defer { nextID += 1 }
        return nextID
    }

    private mutating func makeRequest(for waiter: WaiterID) -> RequestID {
        let request = makeID()
        requests[request] = waiter
        return request
    }

    /// Why a call may not start, as its completion: it was cancelled, or the handle is stopping.
    private mutating func refusal(of waiter: WaiterID) -> Completion? {
        if case .cancelled = waiters[waiter] { return finish(waiter, .failed(.cancelled)) }
        if lifecycle != .running { return finish(waiter, .failed(.shutDown)) }
        return nil
    }

    /// Removes the waiter and every request it sent, and describes its resumption.
    private mutating func finish(_ waiter: WaiterID, _ outcome: Outcome) -> Completion {
        for (request, owner) in requests where owner == waiter { requests[request] = nil }
        waiters[waiter] = nil
        return Completion(waiter: waiter, outcome: outcome)
    }
}
