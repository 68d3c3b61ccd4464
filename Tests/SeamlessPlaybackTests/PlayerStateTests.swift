import Testing

@testable import SeamlessPlayback

/// The lane's order of work on one player (``PlayerState/startNextJob(activeSettings:idleSettings:)``) and when a
/// change counts as settled, with a player nobody holds carrying the idle settings; then the machine's flows that
/// empty a stack, each with its exact actions.
@Suite("PlayerState: the lane's next job, idle players")
struct PlayerStateTests {
    static let player = PlayerID(pool: 1, number: 1)

    func created(media: MediaItem? = clip, loaded: MediaItem? = nil) -> PlayerState {
        var state = PlayerState(id: Self.player, media: media, tick: 0)
        state.job = nil
        state.isCreated = true
        state.loaded = loaded
        return state
    }

    @Test func aPreloadGoesQuietBeforeItsLoadAndStaysQuietThroughIt() {
        var state = created()
        #expect(state.startNextJob(activeSettings: nil, idleSettings: .idle) == .apply(.idle, version: 1))
        state.job = nil
        state.landed = 1
        state.applied = .idle
        #expect(state.startNextJob(activeSettings: nil, idleSettings: .idle) == .load(clip))
        // The engine keeps its settings through the load: they still count as on it.
        #expect(state.applied == .idle)
        state.job = nil
        state.loaded = clip
        #expect(state.startNextJob(activeSettings: nil, idleSettings: .idle) == nil)
    }

    @Test func aLoadForAPageClearsWhatIsApplied() {
        var state = created()
        state.stack = [Holder(session: 1, epoch: 1, pending: RequestID(raw: 1))]
        state.version = 1
        state.applied = .idle
        #expect(state.startNextJob(activeSettings: feedSettings, idleSettings: .idle) == .load(clip))
        #expect(state.applied == nil)
    }

    @Test func aNewEngineWithNothingToLoadGoesQuietToo() {
        var state = created(media: nil)
        #expect(state.startNextJob(activeSettings: nil, idleSettings: .idle) == .apply(.idle, version: 1))
    }

    @Test func anOutsideChangeOfAnIdleEngineIsLeftAsTheEngineMadeIt() {
        var state = created(loaded: clip)
        state.outsideChange = true
        #expect(state.startNextJob(activeSettings: nil, idleSettings: .idle) == nil)
        // A preload of other media quiets it again before its load.
        state.media = film
        #expect(state.startNextJob(activeSettings: nil, idleSettings: .idle) == .apply(.idle, version: 1))
    }

    @Test func theStackEmptyingIsSettledByTheIdleApplyOrByAPageTakingThePlayer() {
        var state = created(loaded: clip)
        state.version = 3
        state.landed = 2
        state.emptiedAt = 3
        #expect(!state.isSettled(at: 3))
        state.stack = [Holder(session: 2, epoch: 9, pending: RequestID(raw: 4))]
        #expect(state.isSettled(at: 3))
        state.stack = []
        state.landed = 3
        #expect(state.isSettled(at: 3))
    }

    // MARK: The machine's flows

    @Test func aClosedPagesPlayerGoesQuietBeforeTheCloseReturns() throws {
        let h = MachineHarness()
        let detail = h.open("detail", detailSettings)
        let grant = try #require(h.acquire(detail, clip))
        let close = h.request()
        let closing = h.step { $0.sessionClosed(detail, request: close) }
        #expect(closing.jobs == [.run(.apply(.idle, version: 2), on: grant.player)])
        #expect(!closing.succeeded(close))
        #expect(h.finishJob(grant.player) == [.succeed(close)])
        #expect(h.machine.players[grant.player]?.applied == .idle)
        #expect(h.machine.snapshot().first?.holders == [])
    }

    @Test func anOwnersGiveBackReturnsOnceTheIdleSettingsLanded() throws {
        let h = MachineHarness()
        let feed = h.open("feed", PlaybackSettings(isMuted: false))
        let grant = try #require(h.acquire(feed, clip))
        let back = h.request()
        let giving = h.step { $0.giveBackRequested(back, lease: grant.key, by: feed) }
        #expect(giving.jobs == [.run(.apply(.idle, version: 2), on: grant.player)])
        #expect(!giving.succeeded(back))
        #expect(h.finishJob(grant.player).succeeded(back))
    }

    @Test func aBorrowersGiveBackLeavesTheOwnerActiveNotIdle() throws {
        let (h, feed, detail, grant) = try MachineHarness.feedHoldingClip()
        let borrowed = try #require(h.handOff(grant, to: detail))
        let back = h.request()
        let giving = h.step { $0.giveBackRequested(back, lease: borrowed.key, by: detail) }
        #expect(giving.jobs == [.run(.apply(feedSettings, version: 3), on: grant.player)])
        h.settle()
        #expect(h.machine.players[grant.player]?.applied == feedSettings)
        #expect(h.machine.players[grant.player]?.stack.map(\.session) == [feed])
    }

    @Test func aPageThatTakesThePlayerDuringTheIdleApplyWinsAndTheGiveBackReturns() throws {
        let h = MachineHarness(capacity: 1)
        let feed = h.open("feed", feedSettings)
        let detail = h.open("detail", detailSettings)
        let grant = try #require(h.acquire(feed, clip))
        let back = h.request()
        h.step { $0.giveBackRequested(back, lease: grant.key, by: feed) }
        #expect(h.job(grant.player) == .apply(.idle, version: 2))
        // The detail page acquires while the idle apply runs: the give-back is settled, the page's apply is next.
        let acquire = h.request()
        let taking = h.step { $0.acquireRequested(acquire, session: detail, media: clip, timeout: nil, now: .zero) }
        #expect(taking == [.succeed(back)])
        let idleLanded = h.finishJob(grant.player)
        #expect(idleLanded.jobs == [.run(.apply(detailSettings, version: 3), on: grant.player)])
        let landed = h.finishJob(grant.player)
        #expect(landed.grant(for: acquire) != nil)
        // The last to land is the page's: the stale idle apply came before it on the lane.
        #expect(h.machine.players[grant.player]?.applied == detailSettings)
    }

    @Test func aCancelledAcquireThatLeavesNobodyFailsAtOnceAndThePlayerGoesQuiet() throws {
        let h = MachineHarness()
        let feed = h.open("feed", feedSettings)
        let detail = h.open("detail", detailSettings)
        let grant = try #require(h.acquire(feed, clip))
        let back = h.request()
        h.step { $0.giveBackRequested(back, lease: grant.key, by: feed) }
        h.settle()
        let acquire = h.request()
        h.step { $0.acquireRequested(acquire, session: detail, media: clip, timeout: nil, now: .zero) }
        #expect(h.job(grant.player) == .apply(detailSettings, version: 3))
        #expect(h.step { $0.requestCancelled(acquire) }.failure(for: acquire) == .cancelled)
        // The page's apply was on its way: the idle settings follow it.
        #expect(h.finishJob(grant.player).jobs == [.run(.apply(.idle, version: 4), on: grant.player)])
        h.settle()
        #expect(h.machine.players[grant.player]?.applied == .idle)
    }

    @Test func aPrewarmedClipIsQuietBeforeItsLoadAndAPageGetsItsOwnSettingsInFull() throws {
        let h = MachineHarness()
        let warm = h.request()
        #expect(h.step { $0.prewarmRequested(warm, media: clip) }.jobs == [.run(.create, on: MachineHarness.pid1)])
        #expect(h.finishJob(MachineHarness.pid1).jobs == [.run(.apply(.idle, version: 1), on: MachineHarness.pid1)])
        #expect(h.finishJob(MachineHarness.pid1).jobs == [.run(.load(clip), on: MachineHarness.pid1)])
        #expect(h.finishJob(MachineHarness.pid1).succeeded(warm))
        let feed = h.open("feed", feedSettings)
        let acquire = h.request()
        let taking = h.step { $0.acquireRequested(acquire, session: feed, media: clip, timeout: nil, now: .zero) }
        #expect(taking.jobs == [.run(.apply(feedSettings, version: 2), on: MachineHarness.pid1)])
        #expect(h.finishJob(MachineHarness.pid1).grant(for: acquire) != nil)
    }

    @Test func anAcquireOnANewEngineLoadsFirstWithoutAnIdleApply() throws {
        let h = MachineHarness()
        let feed = h.open("feed", feedSettings)
        let acquire = h.request()
        h.step { $0.acquireRequested(acquire, session: feed, media: clip, timeout: nil, now: .zero) }
        #expect(h.finishJob(MachineHarness.pid1).jobs == [.run(.load(clip), on: MachineHarness.pid1)])
        #expect(
            h.finishJob(MachineHarness.pid1).jobs == [.run(.apply(feedSettings, version: 1), on: MachineHarness.pid1)])
    }

    @Test func anOutsideUnpauseOfAnIdlePlayerIsAnEngineChangeAndTheNextPageGetsItsSettings() throws {
        let h = MachineHarness()
        let a = h.open("a", .idle)
        let grant = try #require(h.acquire(a, clip))
        let back = h.request()
        h.step { $0.giveBackRequested(back, lease: grant.key, by: a) }
        h.settle()
        h.step { $0.statusReported(grant.player, PlaybackStatus(phase: .playing, position: .zero, duration: nil)) }
        #expect(h.machine.players[grant.player]?.applied == nil)
        // A page whose settings are the idle ones still gets them put on the engine.
        let b = h.open("b", .idle)
        let acquire = h.request()
        let taking = h.step { $0.acquireRequested(acquire, session: b, media: clip, timeout: nil, now: .zero) }
        #expect(taking.jobs == [.run(.apply(.idle, version: 3), on: grant.player)])
    }

    @Test func idleSettingsNoEngineCanTakeAreReplacedByTheDefault() {
        let machine = PoolStateMachine(
            capacity: 1, tokenLifetime: .seconds(1), idleSettings: PlaybackSettings(rate: .nan))
        #expect(machine.idleSettings == .idle)
        let quiet = PlaybackSettings(isMuted: true, volume: 0.2, isPaused: true)
        #expect(PoolStateMachine(capacity: 1, tokenLifetime: .seconds(1), idleSettings: quiet).idleSettings == quiet)
        #expect(PlaybackSettings.idle == PlaybackSettings(isMuted: true, isPaused: true))
    }
}
