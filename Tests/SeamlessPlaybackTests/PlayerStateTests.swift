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
        #expect(!state.isCreated, "being created")
        state.lane.free()
        #expect(state.isCreated, "its creation returned")
        state.loaded = loaded
        return state
    }

    @Test func aPreloadGoesQuietBeforeItsLoadAndStaysQuietThroughIt() {
        var state = created()
        #expect(state.startNextJob(activeSettings: nil, idleSettings: .idle) == .apply(.idle, version: 1))
        state.lane.free()
        state.landed = 1
        state.applied = .idle
        #expect(state.startNextJob(activeSettings: nil, idleSettings: .idle) == .load(clip))
        // The engine keeps its settings through the load: they still count as on it.
        #expect(state.applied == .idle)
        state.lane.free()
        state.loaded = clip
        #expect(state.startNextJob(activeSettings: nil, idleSettings: .idle) == nil)
    }

    @Test func theLaneTellsTheJobAndALoadBeingCutShortKeepsNothing() {
        var state = created(loaded: trailer)
        #expect(state.isLaneFree && state.job == nil && state.mediaKept == trailer)
        state.lane.free()
        state.lane.start(.load(clip))
        #expect(state.job == .load(clip) && state.runningLoad == clip && state.cancelledLoad == nil)
        #expect(state.mediaKept == clip, "what it is loading, it will have")
        #expect(!state.isStuckOnUnwantedLoad, "the player still wants it")
        #expect(state.lane.cancelLoad() == clip)
        #expect(state.lane.cancelLoad() == nil, "cancelled once")
        #expect(state.job == .load(clip) && state.cancelledLoad == clip)
        #expect(state.mediaKept == nil, "a load being cut short leaves nothing")
        #expect(state.isStuckOnUnwantedLoad)
        state.lane.free()
        #expect(state.lane.cancelLoad() == nil, "no load runs")
        state.lane.start(.apply(.idle, version: 2))
        #expect(state.job == .apply(.idle, version: 2) && state.runningLoad == nil && state.mediaKept == trailer)
        #expect(state.lane.cancelLoad() == nil && !state.lane.isLoadCancelled, "an apply is no load")
        state.lane.start(.load(clip))
        #expect(state.cancelledLoad == nil, "a new load starts uncancelled")
        state.lane.start(.shutDown)
        #expect(state.job == .shutDown && state.isCreated && !state.isLaneFree)
    }

    /// A player a page's pending acquire holds, at settings version `version` of which `landed` is on the engine.
    func held(loaded: MediaItem?, applied: PlaybackSettings?, version: UInt64, landed: UInt64) -> PlayerState {
        var state = created(loaded: loaded)
        state.stack = [Holder(session: 1, epoch: 1, pending: RequestID(raw: 1))]
        state.version = version
        state.landed = landed
        state.applied = applied
        return state
    }

    @Test func aPagesLoadOnAnEngineWithNothingLoadedComesAfterThePagesSettingsAndNoApplyFollowsIt() {
        var state = held(loaded: nil, applied: nil, version: 1, landed: 0)
        #expect(
            state.startNextJob(activeSettings: feedSettings, idleSettings: .idle) == .apply(feedSettings, version: 1))
        state.lane.free()
        state.landed = 1
        state.applied = feedSettings
        #expect(state.startNextJob(activeSettings: feedSettings, idleSettings: .idle) == .load(clip))
        // The engine keeps its settings through the load: they still count as on it, and nothing is due after it.
        #expect(state.applied == feedSettings)
        state.lane.free()
        state.loaded = clip
        #expect(state.startNextJob(activeSettings: feedSettings, idleSettings: .idle) == nil)
    }

    @Test func aPagesSettingsBeforeTheFirstLoadGetAVersionOfTheirOwnWhenTheLastHasLanded() {
        // The idle settings landed at version 1 on an engine with nothing loaded; the page's need a newer version.
        var state = held(loaded: nil, applied: .idle, version: 1, landed: 1)
        #expect(
            state.startNextJob(activeSettings: feedSettings, idleSettings: .idle) == .apply(feedSettings, version: 2))
    }

    @Test func aPagesLoadOnAQuietEngineWithOtherMediaKeepsWhatIsAppliedAndThePagesSettingsFollow() {
        var state = held(loaded: film, applied: .idle, version: 2, landed: 1)
        #expect(state.startNextJob(activeSettings: feedSettings, idleSettings: .idle) == .load(clip))
        #expect(state.applied == .idle)
        state.lane.free()
        state.loaded = clip
        #expect(
            state.startNextJob(activeSettings: feedSettings, idleSettings: .idle) == .apply(feedSettings, version: 2))
    }

    @Test func aPagesLoadOnAnEngineWithOtherMediaUnderOtherSettingsGoesQuietFirst() {
        // The previous page's sound is on the engine, its give-back's idle apply not yet begun (version 2).
        var state = held(loaded: film, applied: detailSettings, version: 3, landed: 1)
        #expect(state.startNextJob(activeSettings: feedSettings, idleSettings: .idle) == .apply(.idle, version: 4))
        state.lane.free()
        state.landed = 4
        state.applied = .idle
        #expect(state.startNextJob(activeSettings: feedSettings, idleSettings: .idle) == .load(clip))
        state.lane.free()
        state.loaded = clip
        #expect(
            state.startNextJob(activeSettings: feedSettings, idleSettings: .idle) == .apply(feedSettings, version: 5))
    }

    @Test func aPagesLoadUnderItsOwnSettingsStartsAtOnce() {
        // A recycled engine whose last holder had the same settings: nothing to apply before or after.
        var state = held(loaded: film, applied: feedSettings, version: 3, landed: 2)
        #expect(state.startNextJob(activeSettings: feedSettings, idleSettings: .idle) == .load(clip))
        state.lane.free()
        state.loaded = clip
        #expect(state.startNextJob(activeSettings: feedSettings, idleSettings: .idle) == nil)
        #expect(state.landed == 3)
    }

    @Test func aNewEngineWithNothingToLoadGoesQuietToo() {
        var state = created(media: nil)
        #expect(state.startNextJob(activeSettings: nil, idleSettings: .idle) == .apply(.idle, version: 1))
    }

    @Test func anOutsideChangeOfAnIdleEngineIsLeftAsTheEngineMadeIt() {
        var state = created(loaded: clip)
        state.onEngine = .changedOutside
        #expect(state.startNextJob(activeSettings: nil, idleSettings: .idle) == nil)
        // A preload of other media quiets it again before its load; the outside change counts until then.
        state.media = film
        #expect(state.startNextJob(activeSettings: nil, idleSettings: .idle) == .apply(.idle, version: 1))
        #expect(state.onEngine == .unknown, "what the apply puts there counts once it lands")
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

    @Test func anAcquireOnANewEngineLoadsAfterThePagesSettingsLandedWithoutAnIdleApply() throws {
        let h = MachineHarness()
        let feed = h.open("feed", feedSettings)
        let acquire = h.request()
        let p = MachineHarness.pid1
        h.step { $0.acquireRequested(acquire, session: feed, media: clip, timeout: nil, now: .zero) }
        // The feed's settings (muted) are on the engine before its first load: nothing plays on its defaults.
        #expect(h.finishJob(p).jobs == [.run(.apply(feedSettings, version: 1), on: p)])
        #expect(h.finishJob(p).jobs == [.run(.load(clip), on: p)])
        let loaded = h.finishJob(p)
        #expect(loaded.jobs == [])
        #expect(loaded.grant(for: acquire)?.player == p)
        #expect(h.machine.players[p]?.applied == feedSettings)
    }

    @Test func aRecycledEngineUnderTheLastPagesSoundGoesQuietBeforeTheNextPagesLoad() throws {
        let h = MachineHarness(capacity: 1)
        let detail = h.open("detail", detailSettings)
        let feed = h.open("feed", feedSettings)
        let p = MachineHarness.pid1
        let lease = try #require(h.acquire(detail, film))
        // The detail page seeks, then leaves while the seek runs: its sound stays on the engine, the idle apply of
        // its give-back waits for the lane, and the feed's acquire takes the player meanwhile.
        let seek = h.request()
        #expect(
            h.step { $0.seekRequested(seek, lease: lease.key, by: detail, to: .seconds(2)) }.jobs
                == [.run(.seek(.seconds(2), request: seek), on: p)])
        let back = h.request()
        #expect(h.step { $0.giveBackRequested(back, lease: lease.key, by: detail) }.jobs == [])
        let acquire = h.request()
        #expect(
            h.step { $0.acquireRequested(acquire, session: feed, media: clip, timeout: nil, now: .zero) }.jobs == [])
        // Quiet before the clip loads, so that the film's sound is not carried into it; the feed's settings after.
        #expect(h.finishJob(p).jobs == [.run(.apply(.idle, version: 4), on: p)])
        #expect(h.finishJob(p).jobs == [.run(.load(clip), on: p)])
        #expect(h.finishJob(p).jobs == [.run(.apply(feedSettings, version: 5), on: p)])
        #expect(h.finishJob(p).grant(for: acquire)?.player == p)
        #expect(h.machine.players[p]?.applied == feedSettings)
        #expect(h.machine.metrics.loads == 2)
    }

    @Test func aPreloadOnARecycledEngineUnderTheLastPagesSoundStillGoesQuietFirst() throws {
        let h = MachineHarness(capacity: 1)
        let detail = h.open("detail", detailSettings)
        let p = MachineHarness.pid1
        let lease = try #require(h.acquire(detail, film))
        let seek = h.request()
        h.step { $0.seekRequested(seek, lease: lease.key, by: detail, to: .seconds(2)) }
        let back = h.request()
        h.step { $0.giveBackRequested(back, lease: lease.key, by: detail) }
        let warm = h.request()
        #expect(h.step { $0.prewarmRequested(warm, media: clip) }.jobs == [])
        // The give-back's idle settings go on first; the clip loads under them, and nothing follows.
        #expect(h.finishJob(p).jobs == [.run(.apply(.idle, version: 2), on: p)])
        #expect(h.finishJob(p).jobs == [.run(.load(clip), on: p)])
        let loaded = h.finishJob(p)
        #expect(loaded.jobs == [])
        #expect(loaded.succeeded(warm))
        #expect(h.machine.players[p]?.applied == .idle)
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
