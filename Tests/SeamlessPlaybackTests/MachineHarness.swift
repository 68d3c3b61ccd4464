import Testing

@testable import SeamlessPlayback

/// Drives a ``PoolStateMachine`` synchronously and checks its invariants after every step.
final class MachineHarness {
    var machine: PoolStateMachine
    var nextRequest: UInt64 = 1
    var now: Duration = .zero

    init(
        capacity: Int = 2, tokenLifetime: Duration = .seconds(10), borrowWarningThreshold: Duration? = nil,
        usedTokenMemory: Int = PoolStateMachine.defaultUsedTokenMemory, prefetches: Bool = false
    ) {
        machine = PoolStateMachine(
            capacity: capacity, tokenLifetime: tokenLifetime, poolSerial: 1,
            borrowWarningThreshold: borrowWarningThreshold, usedTokenMemory: usedTokenMemory, prefetches: prefetches)
    }

    func request() -> RequestID {
        defer { nextRequest += 1 }
        return RequestID(raw: nextRequest)
    }

    /// Runs one input and checks the invariants afterwards.
    @discardableResult
    func step(
        sourceLocation: SourceLocation = #_sourceLocation,
        _ input: (inout PoolStateMachine) -> Void
    ) -> [PoolAction] {
        input(&machine)
        machine.inputsEnded()
        var actions: [PoolAction] = []
        swap(&actions, &machine.out)
        #expect(machine.checkInvariants() == [], sourceLocation: sourceLocation)
        return actions
    }

    func open(_ name: String, _ settings: PlaybackSettings = PlaybackSettings()) -> SessionID {
        guard case .success(let id) = machine.sessionOpened(name: name, settings: settings) else {
            Issue.record("could not open \(name)")
            return 0
        }
        return id
    }

    /// The job in flight on a player, if any.
    func job(_ player: PlayerID) -> EngineJob? { machine.players[player]?.job }

    /// Completes whatever job the player's lane runs, successfully.
    @discardableResult
    func finishJob(_ player: PlayerID, sourceLocation: SourceLocation = #_sourceLocation) -> [PoolAction] {
        switch job(player) {
        case .create: step(sourceLocation: sourceLocation) { $0.engineCreated(player) }
        case .load(let media): step(sourceLocation: sourceLocation) { $0.loadFinished(player, media: media) }
        case .apply(_, let version): step(sourceLocation: sourceLocation) { $0.applyFinished(player, version: version) }
        case .seek(_, let request):
            step(sourceLocation: sourceLocation) { $0.seekFinished(player, request: request, failure: nil) }
        case .unload: step(sourceLocation: sourceLocation) { $0.unloadFinished(player) }
        case .shutDown: step(sourceLocation: sourceLocation) { $0.engineShutDown(player) }
        case nil:
            // A failed engine still owes its shutdown.
            if machine.failedEngines[player]?.isShuttingDown == true {
                step(sourceLocation: sourceLocation) { $0.engineShutDown(player) }
            } else {
                []
            }
        }
    }

    /// Completes the player's jobs until its lane runs a load (the engine's creation, the settings put on before the
    /// load); returns every action seen. Records an issue when the lane frees or shuts down first: no load came.
    @discardableResult
    func finishUntilLoad(_ player: PlayerID, sourceLocation: SourceLocation = #_sourceLocation) -> [PoolAction] {
        var all: [PoolAction] = []
        // A creation and at most two applies (quiet, then the page's) come before a load: more is a lane gone wrong.
        for _ in 0..<4 {
            switch job(player) {
            case .load: return all
            case .create, .apply, .seek, .unload: all += finishJob(player, sourceLocation: sourceLocation)
            case .shutDown, nil:
                Issue.record("\(player) ran no load", sourceLocation: sourceLocation)
                return all
            }
        }
        if case .load = job(player) { return all }
        Issue.record("\(player) ran no load after four jobs", sourceLocation: sourceLocation)
        return all
    }

    /// Completes jobs on every player until every lane is free; returns all actions seen.
    @discardableResult
    func settle() -> [PoolAction] {
        var all: [PoolAction] = []
        while let busy = machine.players.values.filter({ $0.job != nil }).min(by: { $0.id.number < $1.id.number }) {
            all += finishJob(busy.id)
        }
        for (id, state) in machine.failedEngines.sorted(by: { $0.key.number < $1.key.number })
        where state.isShuttingDown {
            all += step { $0.engineShutDown(id) }
        }
        return all
    }

    /// Acquires and settles; returns the grant.
    func acquire(_ session: SessionID, _ media: MediaItem) -> Grant? {
        let id = request()
        let now = self.now
        var actions = step { $0.acquireRequested(id, session: session, media: media, timeout: nil, now: now) }
        actions += settle()
        return actions.grant(for: id)
    }

    func lend(_ grant: Grant) -> HandoffToken? {
        let now = self.now
        // A distinct first word per token, as the pool's random ones have.
        var words = Words(words: [nextRequest, 0x7474])
        let token = HandoffToken(using: &words)
        nextRequest += 1
        return try? machine.lendRequested(grant.key, by: grant.session, token: token, now: now).get()
    }

    func borrow(_ token: HandoffToken, by session: SessionID) -> Grant? {
        let id = request()
        let now = self.now
        var actions = step { $0.borrowRequested(id, token: token, by: session, now: now) }
        actions += settle()
        return actions.grant(for: id)
    }

    /// Lends the grant's player and borrows it for `session`, settling both.
    func handOff(_ grant: Grant, to session: SessionID) -> Grant? {
        guard let token = lend(grant) else { return nil }
        return borrow(token, by: session)
    }

    /// feed owns the clip; returns the harness, the sessions and the feed's grant.
    static func feedHoldingClip(
        capacity: Int = 2, usedTokenMemory: Int = PoolStateMachine.defaultUsedTokenMemory
    ) throws -> (MachineHarness, feed: SessionID, detail: SessionID, Grant) {
        let h = MachineHarness(capacity: capacity, usedTokenMemory: usedTokenMemory)
        let feed = h.open("feed", feedSettings)
        let detail = h.open("detail", detailSettings)
        let grant = try #require(h.acquire(feed, clip))
        return (h, feed, detail, grant)
    }

    static let pid1 = PlayerID(pool: 1, number: 1)
    static let pid2 = PlayerID(pool: 1, number: 2)
    static let pid3 = PlayerID(pool: 1, number: 3)
}

extension Grant {
    var key: LeaseKey { LeaseKey(player: player, epoch: epoch, session: session) }
}

extension Array where Element == PoolAction {
    func grant(for request: RequestID) -> Grant? {
        for action in self { if case .resume(request, let grant) = action { return grant } }
        return nil
    }

    func failure(for request: RequestID) -> PlayerPoolError? {
        for action in self { if case .fail(request, let error) = action { return error } }
        return nil
    }

    func succeeded(_ request: RequestID) -> Bool { contains(.succeed(request)) }

    /// Only the engine jobs, in order.
    var jobs: [PoolAction] { filter { if case .run = $0 { return true } else { return false } } }

    /// Everything but publications (events and active-holder changes).
    var withoutEvents: [PoolAction] {
        filter {
            switch $0 {
            case .emit, .activeChanged: false
            default: true
            }
        }
    }

    /// The active-holder changes, in order: the grant's epoch, or `nil`.
    var activeChanges: [UInt64?] {
        var changes: [UInt64?] = []
        for case .activeChanged(_, let grant) in self { changes.append(grant?.epoch) }
        return changes
    }
}

let feedSettings = PlaybackSettings(isMuted: true, contentMode: .aspectFill)
let detailSettings = PlaybackSettings(isMuted: false, rate: 1.25, contentMode: .aspectFit)
let miniSettings = PlaybackSettings(isMuted: true, volume: 0.5, contentMode: .aspectFill)
let clip = MediaItem(id: "clip")
let film = MediaItem(id: "film")
let trailer = MediaItem(id: "trailer")

/// A generator that returns the words it was given, for tokens of known bits.
struct Words: RandomNumberGenerator {
    var words: [UInt64]
    mutating func next() -> UInt64 { words.isEmpty ? 1 : words.removeFirst() }
}
