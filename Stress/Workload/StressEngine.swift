@_spi(EngineSupport) import SeamlessPlayback
import SeamlessPlaybackTesting

/// A no-video engine that checks, as applies and seeks land, the promises the pool makes to engines.
///
/// - Applies, loads and seeks never overlap on one engine, and nothing follows shutdown.
/// - No stale apply: once a page has let go of the player (the page records that moment with
///   ``markReleased(by:)``), an apply of that page's settings must not land after another page's
///   has. Settings name their page through ``PageTag``.
/// - No stale seek: a seek reaches the engine only for the player's active holder (``SeekLedger``).
///
/// It plays as well as a no-video engine can (``EnginePlayback``): paused or playing as its settings say, paused by
/// the system when the run injects it (``pauseBySystem(_:)``), and it reports each change to the pool.
///
/// Its latency is either a real sleep or, when zero, a single `Task.yield()` so that applies are
/// still in flight while other tasks run. With zero latency, every other engine (odd `index`) takes settings at
/// once in ``applyImmediately(_:)`` unless a hang is drawn, so that both of the pool's apply paths race.
final class StressEngine: PlaybackEngine {
    /// The engine's number within its pool, in order of creation.
    let index: Int
    private let latency: Duration
    private let violations: Violations
    private let faults: Faults
    private let takesSettingsAtOnce: Bool
    private let ledger: SeekLedger
    private let state = Protected(State())
    /// What the engine plays, and its status reports.
    let playback = EnginePlayback()

    private struct State {
        var inFlight = 0
        var shutdowns = 0
        var landed = 0
        /// The page whose applies make up the current run of consecutive landings, and where it began.
        var runPage = -1
        var runStart = 0
        /// For each page that let go of the player: how many applies had landed at that moment.
        var releases: [Int: Int] = [:]
        /// Pages whose borrow of this player ended unfinished: none of their settings may land any more.
        var ended: Set<Int> = []
        /// The pages of the last landings, oldest first; `recent[0]` is landing `landed - recent.count + 1`.
        var recent: [Int] = []
        var player: PlayerID?
        var reportFailure: (@Sendable (String) -> Void)?
        /// Grant epochs of the leases pages were given on this engine since the last checkpoint.
        var grants: [UInt64] = []
        /// An apply hung past the pool's timeout: the pool has failed the engine, so what lands on it
        /// afterwards no longer matters to any page.
        var hung = false
        /// ``applyImmediately(_:)`` drew a hang: the apply that follows hangs.
        var hangsNextApply = false
        /// The gate the next apply waits at (``holdNextApply(at:)``).
        var hold: Gate?
    }

    init(index: Int, latency: Duration, violations: Violations, faults: Faults, ledger: SeekLedger) {
        self.index = index
        self.latency = latency
        self.violations = violations
        self.faults = faults
        self.ledger = ledger
        takesSettingsAtOnce = latency == .zero && !index.isMultiple(of: 2)
    }

    func onFailure(_ report: @escaping @Sendable (String) -> Void) {
        state.withLock { $0.reportFailure = report }
    }

    func onStatusChange(_ report: @escaping @Sendable (PlaybackStatus) -> Void) {
        playback.onReport(report)
    }

    /// Pauses by itself, as a player does when a call comes in or the headphones go: it changes what the engine
    /// carries (it stops playing) and is reported to the pool. Does nothing on an engine shut down, or one already
    /// paused by the system.
    /// - Parameter reason: Why; never ``SeamlessPlayback/PauseReason/requested``.
    func pauseBySystem(_ reason: PauseReason) {
        guard shutdowns == 0, playback.pauseBySystem(reason) else { return }
        faults.systemPauses.add(1, ordering: .relaxed)
    }

    /// Reports a failure, as a player whose stream broke does.
    func crash() {
        guard let report = state.withLock({ $0.shutdowns == 0 ? $0.reportFailure : nil }) else { return }
        faults.injected.add(1, ordering: .relaxed)
        report("engine #\(index) crashed")
    }

    /// Makes the next apply wait at `gate` (and not be taken at once), so that a page can queue calls behind it.
    func holdNextApply(at gate: Gate) {
        state.withLock { $0.hold = gate }
    }

    /// Forgets a hold no apply has reached yet.
    func cancelHold() {
        state.withLock { $0.hold = nil }
    }

    /// Records that a page was granted a lease on this engine.
    func recordGrant(_ epoch: UInt64) {
        state.withLock { $0.grants.append(epoch) }
    }

    /// The grants recorded since the last call.
    func takeGrants() -> [UInt64] {
        state.withLock { state in
            defer { state.grants = [] }
            return state.grants
        }
    }

    /// How many times the pool shut the engine down.
    var shutdowns: Int { state.withLock { $0.shutdowns } }

    /// The player this engine backs, once a lease has named it.
    var player: PlayerID? { state.withLock { $0.player } }

    /// Remembers which player the engine backs, for messages and checkpoints.
    func bind(_ player: PlayerID) {
        state.withLock { state in
            if state.player == nil { state.player = player }
        }
    }

    /// Records that `page` no longer holds the player and has no grant request in flight.
    func markReleased(by page: Int) {
        state.withLock { $0.releases[page] = $0.landed }
    }

    /// Forgets the mark: `page` is asking for a grant that may land on this engine.
    func clearRelease(of page: Int) {
        state.withLock { state in
            state.releases[page] = nil
            state.ended.remove(page)
        }
    }

    /// Records that `page`'s borrow of this player ended without completing (cancelled, revoked): it
    /// returned once the active holder's settings were back, so none of its settings may land from now on.
    func markEnded(by page: Int) {
        state.withLock { state in
            state.releases[page] = state.landed
            state.ended.insert(page)
        }
    }

    /// How many applies have landed, and the page of the last one.
    var landing: (count: Int, page: Int) { state.withLock { ($0.landed, $0.runPage) } }

    /// Whether an apply of `page`'s settings landed after the first `count` landings; `nil` when that is
    /// too long ago to tell.
    func landed(page: Int, after count: Int) -> Bool? {
        state.withLock { state in
            let first = state.landed - state.recent.count
            guard count >= first, !state.hung else { return nil }
            return state.recent[(count - first)...].contains(page)
        }
    }

    func load(_ item: MediaItem) async throws {
        begin("load")
        playback.loading()
        await suspend()
        end()
        // A load the pool cancelled stops here, as a real engine's should: the pool keeps the engine.
        if Task.isCancelled {
            faults.loadsStopped.add(1, ordering: .relaxed)
            throw CancellationError()
        }
        if faults.draw(faults.failRate) {
            faults.loadFaults.add(1, ordering: .relaxed)
            throw InjectedFault(description: "injected load failure on engine #\(index)")
        }
    }

    func apply(_ settings: PlaybackSettings) async {
        begin("apply")
        if let gate = state.withLock({ $0.hold.take() }) { await gate.pass() }
        let hangs =
            takesSettingsAtOnce
            ? state.withLock { state in
                defer { state.hangsNextApply = false }
                return state.hangsNextApply
            } : faults.draw(faults.hangRate)
        if hangs {
            // Hangs past the pool's apply timeout, then returns: the pool must have failed the engine,
            // given nothing more to it meanwhile, and shut it down only now.
            faults.injected.add(1, ordering: .relaxed)
            state.withLock { $0.hung = true }
            let hang = faults.hang
            await Task { try? await Task.sleep(for: hang) }.value
        }
        await suspend()
        land(settings)
        end()
    }

    func applyImmediately(_ settings: PlaybackSettings) -> Bool {
        guard takesSettingsAtOnce, state.withLock({ $0.hold == nil }) else { return false }
        if faults.draw(faults.hangRate) {
            state.withLock { $0.hangsNextApply = true }
            return false
        }
        begin("apply")
        land(settings)
        end()
        return true
    }

    /// The settings are on the player: checks that they are not stale.
    private func land(_ settings: PlaybackSettings) {
        let stale = state.withLock { state -> String? in
            state.landed += 1
            let now = state.landed
            guard let page = PageTag.page(of: settings), !state.hung else { return nil }
            state.recent.append(page)
            if state.recent.count > 256 { state.recent.removeFirst(128) }
            var problem: String?
            if state.ended.contains(page) {
                problem =
                    "late apply: engine #\(index) landed page p\(page)'s settings after its borrow had "
                    + "ended unfinished and returned"
                state.ended.remove(page)
            }
            if let released = state.releases[page], now - 1 >= released + 1,
                !(state.runPage == page && state.runStart <= released + 1)
            {
                problem =
                    "stale apply: engine #\(index) (\(state.player.map { "\($0)" } ?? "unbound")) landed "
                    + "page p\(page)'s settings as apply #\(now), after page p\(state.runPage)'s; p\(page) "
                    + "had let go of the player at apply #\(released)"
                state.releases[page] = nil
            }
            if state.runPage != page {
                state.runPage = page
                state.runStart = now
            }
            return problem
        }
        if let stale { violations.record(stale) }
        playback.landed(settings)
    }

    func seek(to position: Duration) async throws {
        begin("seek")
        // At the seek's turn, before anything can change the pool's record of the active holder.
        ledger.reach(position, on: player, engine: index)
        if faults.draw(faults.hangRate) {
            // Past the pool's apply timeout, which bounds seeks too: the pool must fail the engine.
            faults.injected.add(1, ordering: .relaxed)
            state.withLock { $0.hung = true }
            let hang = faults.hang
            await Task { try? await Task.sleep(for: hang) }.value
        }
        await suspend()
        if faults.draw(faults.failRate) {
            end()
            faults.seekFaults.add(1, ordering: .relaxed)
            throw InjectedFault(description: "\(Self.seekFailure) on engine #\(index)")
        }
        playback.sought(to: position, number: SeekTag(position: position)?.number ?? 0)
        end()
    }

    /// How an injected seek failure's message begins: the pool answers `.seekFailed` with the whole message.
    static let seekFailure = "injected seek failure"

    func currentPosition() async -> Duration { .zero }

    func shutdown() async {
        let twice = state.withLock { state -> Bool in
            state.shutdowns += 1
            return state.shutdowns > 1 || state.inFlight > 0
        }
        if twice { violations.record("engine #\(index): shut down twice or while busy") }
    }

    private func begin(_ what: String) {
        let problem = state.withLock { state -> String? in
            state.inFlight += 1
            if state.shutdowns > 0 { return "engine #\(index): \(what) after shutdown" }
            if state.inFlight > 1 {
                return "engine #\(index) (\(state.player.map { "\($0)" } ?? "unbound")): overlapping \(what)"
            }
            return nil
        }
        if let problem { violations.record(problem) }
    }

    private func end() {
        state.withLock { $0.inFlight -= 1 }
    }

    private func suspend() async {
        if latency > .zero {
            // In full even when the calling task is cancelled: an engine call completes.
            let latency = self.latency
            await Task { try? await Task.sleep(for: latency) }.value
        } else {
            await Task.yield()
        }
    }
}
