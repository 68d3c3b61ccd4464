import SeamlessPlayback
import SeamlessPlaybackTesting
import Testing

/// The surfaces on real pools (simulated engines, a manual clock, gates): the pages' calls are made as an
/// app makes them, holder changes arrive through ``PlayerSurfaces/run()``, and the recording hosts'
/// journal is compared call by call.
@MainActor
@Suite("PlayerSurfaces: the picture follows the player", .timeLimit(.minutes(1)))
struct PlayerSurfacesTests {
    let f = PoolFixture()
    let journal = HostJournal()
    let cell: RecordingHost
    let page: RecordingHost
    let mini: RecordingHost

    init() {
        cell = RecordingHost("cell", journal: journal)
        page = RecordingHost("page", journal: journal)
        mini = RecordingHost("mini", journal: journal)
    }

    func attach(_ host: RecordingHost, _ lease: PlayerLease) -> HostCall {
        HostCall(.attach, host: host.name, lease: lease)
    }
    func detach(_ host: RecordingHost, _ lease: PlayerLease) -> HostCall {
        HostCall(.detach, host: host.name, lease: lease)
    }

    /// The feed playing the clip in its cell, the detail page holding it and showing it in its page.
    func detailShowing(_ surfaces: PlayerSurfaces) async throws -> (PoolFixture.FeedAndDetail, PlayerLease) {
        let pages = try await f.feedPlayingClip()
        surfaces.show(pages.lease, in: cell)
        let borrowed = try await pages.detail.borrow(try await pages.feed.lend(pages.lease))
        surfaces.show(borrowed, in: page)
        return (pages, borrowed)
    }

    @Test func theDetailPageTakesThePictureAndTheFeedsLateViewWillDisappearDoesNothing() async throws {
        let surfaces = PlayerSurfaces(pool: f.pool)
        let (pages, borrowed) = try await detailShowing(surfaces)
        surfaces.hide(pages.lease, from: cell)
        surfaces.show(pages.lease, in: cell)
        #expect(journal.calls == [attach(cell, pages.lease), attach(page, borrowed), detach(cell, pages.lease)])
        #expect(surfaces.host(showing: borrowed.player) === page)
        await f.pool.shutdown()
    }

    @Test func onTheWayBackTheFeedReattachesFirstAndTheDetailTeardownHideDoesNothing() async throws {
        let surfaces = PlayerSurfaces(pool: f.pool)
        let running = Task { await surfaces.run() }
        let (pages, borrowed) = try await detailShowing(surfaces)
        try await pages.detail.giveBack(borrowed)
        await journal.waitForCalls(5)
        surfaces.hide(borrowed, from: page)
        #expect(journal.calls.suffix(2) == [attach(cell, pages.lease), detach(page, borrowed)])
        #expect(journal.calls.count == 5)
        #expect(journal.hosts(showing: borrowed.player) == ["cell"])
        await f.pool.shutdown()
        await running.value
    }

    @Test func theZoomsCompletionGivesTheCellThePictureBeforeTheCloseAndTheCloseMovesNothing() async throws {
        let surfaces = PlayerSurfaces(pool: f.pool)
        let running = Task { await surfaces.run() }
        let (pages, borrowed) = try await detailShowing(surfaces)
        surfaces.returnPicture(from: borrowed)
        #expect(journal.calls.suffix(2) == [attach(cell, pages.lease), detach(page, borrowed)])
        #expect(journal.hosts(showing: borrowed.player) == ["cell"])
        await pages.detail.close()
        surfaces.refresh(borrowed.player)
        #expect(journal.calls.count == 5, "the close moved nothing")
        #expect(surfaces.host(showing: borrowed.player) === cell)
        await f.pool.shutdown()
        await running.value
    }

    @Test func aSwiftUITeardownReturnsThePictureAtOnceThenItsHideMovesNothing() async throws {
        // PlayerSurfaceView.dismantleUIView: returnPicture, then hide, when SwiftUI takes the page's view down.
        let surfaces = PlayerSurfaces(pool: f.pool)
        let (pages, borrowed) = try await detailShowing(surfaces)
        surfaces.returnPicture(from: borrowed)
        surfaces.hide(borrowed, from: page)
        #expect(journal.calls.suffix(2) == [attach(cell, pages.lease), detach(page, borrowed)])
        #expect(journal.calls.count == 5, "the cell shows it before the close, and the hide took nothing from it")
        #expect(surfaces.host(showing: borrowed.player) === cell)
        await f.pool.shutdown()
    }

    @Test func aSwiftUITeardownOfAFeedCellWithNoPageBelowOnlyHides() async throws {
        let surfaces = PlayerSurfaces(pool: f.pool)
        let pages = try await f.feedPlayingClip()
        surfaces.show(pages.lease, in: cell)
        surfaces.returnPicture(from: pages.lease)
        surfaces.hide(pages.lease, from: cell)
        #expect(journal.calls == [attach(cell, pages.lease), detach(cell, pages.lease)])
        await f.pool.shutdown()
    }

    @Test func aReclaimThatLandsBeforeTheBorrowersShowLeavesThePictureInTheCell() async throws {
        let surfaces = PlayerSurfaces(pool: f.pool)
        let pages = try await f.feedPlayingClip()
        surfaces.show(pages.lease, in: cell)
        let borrowed = try await pages.detail.borrow(try await pages.feed.lend(pages.lease))
        try await pages.feed.reclaim(pages.lease)
        surfaces.show(borrowed, in: page)  // the borrower's viewDidLoad, after the reclaim
        surfaces.hide(borrowed, from: page)
        #expect(journal.calls == [attach(cell, pages.lease)])
        await f.pool.shutdown()
    }

    @Test func aReclaimInFlightWhileTheBorrowerShowsMovesThePictureBackWhenItLands() async throws {
        let surfaces = PlayerSurfaces(pool: f.pool)
        let running = Task { await surfaces.run() }
        let pages = try await f.feedPlayingClip()
        surfaces.show(pages.lease, in: cell)
        let borrowed = try await pages.detail.borrow(try await pages.feed.lend(pages.lease))
        // The feed reclaims before the detail page has shown; the reclaim's apply is held, so the detail
        // page is still the active holder when its show runs, and the show is accepted.
        f.applyGate.close()
        let arrivals = f.applyGate.arrivals
        let reclaim = Task { try await pages.feed.reclaim(pages.lease) }
        await f.applyGate.waitForArrivals(arrivals + 1)
        surfaces.show(borrowed, in: page)
        #expect(journal.calls == [attach(cell, pages.lease), attach(page, borrowed), detach(cell, pages.lease)])
        f.applyGate.open()
        try await reclaim.value
        await journal.waitForCalls(5)
        #expect(journal.calls.suffix(2) == [attach(cell, pages.lease), detach(page, borrowed)])
        surfaces.hide(borrowed, from: page)  // the revoked page's teardown
        #expect(journal.calls.count == 5)
        await f.pool.shutdown()
        await running.value
    }

    @Test func nestedHandoffsUnwindThroughEachPagesHost() async throws {
        let surfaces = PlayerSurfaces(pool: f.pool)
        let running = Task { await surfaces.run() }
        let (pages, borrowed) = try await detailShowing(surfaces)
        let miniPage = try await f.pool.makeSession(named: "mini-player", settings: feedSettings)
        let miniLease = try await miniPage.borrow(try await pages.detail.lend(borrowed))
        surfaces.show(miniLease, in: mini)
        try await miniPage.giveBack(miniLease)
        await journal.waitForCalls(7)
        await pages.detail.close()  // without hiding
        await journal.waitForCalls(9)
        await pages.feed.close()
        await journal.waitForCalls(10)
        #expect(
            journal.calls.map(\.description) == [
                "attach cell (feed)", "attach page (detail)", "detach cell (feed)",
                "attach mini (mini-player)", "detach page (detail)",
                "attach page (detail)", "detach mini (mini-player)",
                "attach cell (feed)", "detach page (detail)",
                "detach cell (feed)",
            ])
        #expect(surfaces.host(showing: borrowed.player) == nil)
        await f.pool.shutdown()
        await running.value
        #expect(journal.calls.count == 10)
    }

    @Test func aRevokedPagesShowAndHideDoNothing() async throws {
        let surfaces = PlayerSurfaces(pool: f.pool)
        let running = Task { await surfaces.run() }
        let (pages, borrowed) = try await detailShowing(surfaces)
        let miniPage = try await f.pool.makeSession(named: "mini-player", settings: feedSettings)
        let miniLease = try await miniPage.borrow(try await pages.detail.lend(borrowed))
        surfaces.show(miniLease, in: mini)
        try await pages.detail.reclaim(borrowed)
        await journal.waitForCalls(7)
        surfaces.hide(miniLease, from: mini)
        surfaces.show(miniLease, in: mini)
        #expect(journal.calls.count == 7)
        #expect(journal.hosts(showing: borrowed.player) == ["page"])
        await f.pool.shutdown()
        await running.value
    }

    @Test func aSecondRunReturnsAtOnceAndTheFirstKeepsFollowing() async throws {
        let surfaces = PlayerSurfaces(pool: f.pool)
        let running = Task { await surfaces.run() }
        let (pages, borrowed) = try await detailShowing(surfaces)
        try await pages.detail.giveBack(borrowed)
        await journal.waitForCalls(5)  // the first run is following the changes
        await surfaces.run()  // returns at once (otherwise the time limit fails the test)
        await pages.feed.close()
        await journal.waitForCalls(6)
        #expect(journal.calls.last == detach(cell, pages.lease))
        await f.pool.shutdown()
        await running.value
    }

    @Test func shuttingThePoolDownTakesThePictureOut() async throws {
        let surfaces = PlayerSurfaces(pool: f.pool)
        let running = Task { await surfaces.run() }
        let pages = try await f.feedPlayingClip()
        surfaces.show(pages.lease, in: cell)
        await f.pool.shutdown()
        await running.value
        #expect(journal.calls == [attach(cell, pages.lease), detach(cell, pages.lease)])
    }

    @Test func aHostThatKeepsTheRecordIsGivenThePoolsOwnAndCanTellWhenItsPageStopsBeingTheHolder() async throws {
        let surfaces = PlayerSurfaces(pool: f.pool)
        let keeper = RecordKeepingHost()
        let pages = try await f.feedPlayingClip()
        surfaces.show(pages.lease, in: keeper)
        #expect(keeper.holders === f.pool.activeHolders)
        #expect(keeper.wasActiveAtAttach == true)
        #expect(keeper.isStillActive == true)
        let borrowed = try await pages.detail.borrow(try await pages.feed.lend(pages.lease))
        #expect(keeper.isStillActive == false)  // the borrower's settings are on the engine now
        surfaces.show(borrowed, in: page)
        #expect(journal.calls == [attach(page, borrowed)])  // RecordingHost: the default forwards to attach(_:)
        await f.pool.shutdown()
    }
}

/// A host that keeps the record of active holders it is attached with.
@MainActor
private final class RecordKeepingHost: SurfaceHost {
    private(set) var holders: ActiveHolders?
    private(set) var lease: PlayerLease?
    private(set) var wasActiveAtAttach: Bool?

    var isStillActive: Bool? {
        guard let holders, let lease else { return nil }
        return holders.activeLease(of: lease.player) == lease
    }

    func attach(_ lease: PlayerLease) { Issue.record("the surfaces called attach(_:) on a host that keeps the record") }

    func attach(_ lease: PlayerLease, recordedIn holders: ActiveHolders) {
        self.holders = holders
        self.lease = lease
        wasActiveAtAttach = holders.activeLease(of: lease.player) == lease
    }

    func detach(_ lease: PlayerLease) {}
}
