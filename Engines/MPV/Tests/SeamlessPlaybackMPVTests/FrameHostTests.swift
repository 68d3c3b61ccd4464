import Foundation
import SeamlessPlayback
import Testing

@testable import SeamlessPlaybackMPV

@Suite("FrameHost: a frame-rendering engine's pictures, drawn into the host the surfaces attach")
@MainActor
struct FrameHostTests {
    static let feedSettings = PlaybackSettings(isMuted: true, contentMode: .aspectFill)
    static let detailSettings = PlaybackSettings(isMuted: false, contentMode: .aspectFit)

    /// A pool of frame-rendering engines, a feed and a detail page, and the feed holding the six-second clip.
    static func feedHoldingClip() async throws -> (PlayerPool, PageSession, PageSession, PlayerLease) {
        let pool = PlayerPool(configuration: .init(capacity: 1)) {
            try await MPVEngine(options: .init(rendersFrames: true))
        }
        let feed = try await pool.makeSession(named: "feed", settings: feedSettings)
        let detail = try await pool.makeSession(named: "detail", settings: detailSettings)
        let lease = try await feed.acquire(try await LocalMedia.shared.item("clip.mp4"))
        return (pool, feed, detail, lease)
    }

    @Test func theAttachedHostReceivesNewFramesAtItsSizeOnTheEnginesRenderThread() async throws {
        // The feed is kept until the end: a page dropped is closed, and the player it left is paused.
        let (pool, feed, _, lease) = try await Self.feedHoldingClip()
        let cell = FrameHost(width: 160, height: 90)
        let idle = FrameHost(width: 64, height: 64)
        let recorder = FrameRecorder(cell)
        let idleRecorder = FrameRecorder(idle)
        cell.attach(lease)
        #expect(await recorder.waitFor(10))
        let frames = recorder.frames
        #expect(frames.allSatisfy { $0.width == 160 && $0.height == 90 && $0.stride >= 160 * 4 })
        #expect(frames.allSatisfy { $0.pixels.count == $0.stride * $0.height })
        // mpv's own redraw requests (the first picture, a change of layout) come as redraws; the rest are new frames.
        #expect(frames.filter { $0.kind == .newFrame }.count >= 5)
        #expect(frames.map(\.sequence) == Array(1...UInt64(frames.count)))
        #expect(recorder.threads == ["mpv-render"])
        #expect(idleRecorder.frames.isEmpty)
        // Taken down, the host keeps its last picture and its count, which nothing changes any more.
        cell.detach(lease)
        let kept = try #require(cell.latestFrame)
        #expect(kept.sequence == cell.frameCount)
        #expect(!cell.isShowing)
        withExtendedLifetime(feed) {}
        await pool.shutdown()
    }

    @Test func fillCoversASquareHostAndFitLeavesBlackBarsAboveAndBelow() async throws {
        let (pool, feed, _, lease) = try await Self.feedHoldingClip()
        let square = FrameHost(width: 120, height: 120)
        let recorder = FrameRecorder(square)
        square.attach(lease)
        #expect(await recorder.waitFor(3))
        let filled = try #require(square.latestFrame)
        // testsrc is 16:9: filled, the top rows show the picture; fitted, they are a black bar.
        #expect(!Self.isBlack(filled, row: 2))
        try await feed.update { $0.contentMode = .aspectFit }
        // The page's own change is taken once its grace is over (FrameRouting.modeGrace, 100 ms: three frames).
        let before = recorder.frames.count
        #expect(await recorder.waitFor(before + 8))
        let fitted = try #require(square.latestFrame)
        #expect(Self.isBlack(fitted, row: 2))
        #expect(!Self.isBlack(fitted, row: 60))
        await pool.shutdown()
    }

    /// The feed's clip shown through the surfaces in a square cell, and a 4:3 page host not shown yet.
    struct Shown {
        let pool: PlayerPool
        let feed: PageSession
        let detail: PageSession
        let lease: PlayerLease
        let surfaces: PlayerSurfaces
        let cell: FrameHost
        let page: FrameHost
        let cellFrames: FrameRecorder
        let pageFrames: FrameRecorder
    }

    /// The feed's clip shown in a `side × side` cell through the surfaces, once it has drawn `frames` pictures.
    static func cellShowingClip(side: Int, frames: Int) async throws -> Shown {
        let (pool, feed, detail, lease) = try await feedHoldingClip()
        let cell = FrameHost(width: side, height: side)
        let page = FrameHost(width: 320, height: 240)
        let shown = Shown(
            pool: pool, feed: feed, detail: detail, lease: lease, surfaces: PlayerSurfaces(pool: pool), cell: cell,
            page: page, cellFrames: FrameRecorder(cell), pageFrames: FrameRecorder(page))
        shown.surfaces.show(lease, in: cell)
        #expect(await shown.cellFrames.waitFor(frames))
        return shown
    }

    @Test func theSurfacesMoveThePictureToTheBorrowersHostAndBackWithNoHostEverEmpty() async throws {
        let shown = try await Self.cellShowingClip(side: 160, frames: 5)
        let (pool, feed, detail, lease) = (shown.pool, shown.feed, shown.detail, shown.lease)
        let (surfaces, cell, page) = (shown.surfaces, shown.cell, shown.page)
        let (cellFrames, pageFrames) = (shown.cellFrames, shown.pageFrames)

        let borrowed = try await detail.borrow(try await feed.lend(lease))
        surfaces.show(borrowed, in: page)
        #expect(await pageFrames.waitFor(5))
        // mpv's frames go on in the page; none in the cell after the page's first.
        let pageFirst = try #require(pageFrames.frames.first)
        #expect(cellFrames.frames.allSatisfy { $0.renderedAt < pageFirst.renderedAt })
        #expect(pageFrames.frames.dropFirst().contains { $0.kind == .newFrame })
        #expect(!cell.isShowing && page.isShowing)

        let inCell = cellFrames.frames.count
        try await detail.giveBack(borrowed)
        surfaces.refresh(lease.player)
        #expect(await cellFrames.waitFor(inCell + 3))
        let backFirst = cellFrames.frames[inCell]
        #expect(pageFrames.frames.allSatisfy { $0.renderedAt < backFirst.renderedAt })
        #expect(cell.isShowing && !page.isShowing)
        await pool.shutdown()
    }

    @Test func theCellKeepsItsFillWhileTheBorrowersFitIsOnTheEngineUntilThePictureHasLeftIt() async throws {
        let shown = try await Self.cellShowingClip(side: 120, frames: 3)
        let (pool, feed, detail, lease) = (shown.pool, shown.feed, shown.detail, shown.lease)
        let (surfaces, page, cellFrames, pageFrames) = (shown.surfaces, shown.page, shown.cellFrames, shown.pageFrames)
        let borrowed = try await detail.borrow(try await feed.lend(lease))
        // The detail page's fit is on the engine, and its host is not shown yet (a busy main actor): for longer than
        // the grace of a page's own change, the cell goes on drawing the feed's fill.
        let atBorrow = cellFrames.frames.count
        #expect(await cellFrames.waitFor(atBorrow + 8))
        #expect(cellFrames.frames.allSatisfy { !Self.isBlack($0, row: 2) })
        surfaces.show(borrowed, in: page)
        #expect(await pageFrames.waitFor(3))
        // The page draws its own fit: a 16:9 picture in a 4:3 host has bars above and below.
        #expect(pageFrames.frames.allSatisfy { Self.isBlack($0, row: 2) && !Self.isBlack($0, row: 120) })
        #expect(cellFrames.frames.allSatisfy { !Self.isBlack($0, row: 2) })
        await pool.shutdown()
    }

    @Test func aHostAttachedToAPausedPlayerGetsItsPictureAtOnce() async throws {
        let (pool, feed, _, lease) = try await Self.feedHoldingClip()
        let cell = FrameHost(width: 96, height: 96)
        let cellFrames = FrameRecorder(cell)
        cell.attach(lease)
        #expect(await cellFrames.waitFor(3))
        try await feed.update { $0.isPaused = true }
        let page = FrameHost(width: 192, height: 108)
        let pageFrames = FrameRecorder(page)
        page.attach(lease)
        #expect(await pageFrames.waitFor(1))
        // The page is drawn the current picture at once, not left empty until playback goes on. It comes as a redraw,
        // or, when mpv still had a frame queued from before the pause (seen on a busy machine), as that new frame,
        // which then stands for the redraw (FrameRouting: a new frame pays what a host is owed).
        let first = try #require(pageFrames.frames.first)
        #expect(!Self.isBlack(first, row: 54), "the page's first frame is a picture")
        #expect(page.isShowing && !cell.isShowing)
        await pool.shutdown()
    }

    @Test func aHostAttachedToAPreloadedClipGetsItsFirstFrameAtOnce() async throws {
        let pool = PlayerPool(configuration: .init(capacity: 1)) {
            try await MPVEngine(options: .init(rendersFrames: true))
        }
        let clip = try await LocalMedia.shared.item("clip.mp4")
        try await pool.prewarm(clip)
        // A page that keeps it paused: what the host gets is what the preload decoded and stood on.
        let page = try await pool.makeSession(
            named: "page", settings: PlaybackSettings(isMuted: true, isPaused: true, contentMode: .aspectFill))
        let lease = try await page.acquire(clip)
        #expect(await pool.metrics.warmHits == 1)
        let cell = FrameHost(width: 96, height: 54)
        let recorder = FrameRecorder(cell)
        cell.attach(lease)
        #expect(await recorder.waitFor(1))
        let first = try #require(recorder.frames.first)
        #expect(first.kind == .redraw)
        #expect(!Self.isBlack(first, row: 27), "the first frame is a picture")
        #expect(await lease.engine.currentPosition() < TestMedia.frame)
        await pool.shutdown()
    }

    @Test func aShutDownEngineDrawsNoMoreAndAHostOfAnEngineThatDrawsNothingStaysEmpty() async throws {
        // The feed is kept: the engine plays until the shutdown (a page dropped is closed, and its player paused).
        let (pool, feed, _, lease) = try await Self.feedHoldingClip()
        let cell = FrameHost(width: 64, height: 36)
        let recorder = FrameRecorder(cell)
        cell.attach(lease)
        #expect(await recorder.waitFor(2))
        await pool.shutdown()
        withExtendedLifetime(feed) {}
        let engine = try #require(lease.engine as? MPVEngine)
        #expect(engine.isShutDown)
        // The render thread ended (and freed the context) before the handle went: nothing more can arrive.
        #expect(try #require(engine.frameRenderer).isStopped)
        #expect(!cell.isShowing)
        #expect(cell.frameCount == UInt64(recorder.frames.count))
        // A host attached to the shut-down engine shows nothing, and the renderer keeps no hold on it.
        weak var released: FrameHost?
        do {
            let late = FrameHost(width: 32, height: 32)
            late.attach(lease)
            #expect(!late.isShowing)
            released = late
        }
        #expect(released == nil)

        let headless = PlayerPool(configuration: .init(capacity: 1)) { try await MPVEngine() }
        let page = try await headless.makeSession(named: "page", settings: Self.feedSettings)
        let plain = try await page.acquire(try await LocalMedia.shared.item("clip.mp4"))
        let host = FrameHost(width: 64, height: 36)
        host.attach(plain)
        #expect(!host.isShowing)
        #expect(host.latestFrame == nil)
        await headless.shutdown()
    }

    @Test func aHostGivenAnotherPlayerStopsTheFirstEngineDrawingIntoIt() async throws {
        let pool = PlayerPool(configuration: .init(capacity: 2)) {
            try await MPVEngine(options: .init(rendersFrames: true))
        }
        let feed = try await pool.makeSession(named: "feed", settings: Self.feedSettings)
        let first = try await feed.acquire(try await LocalMedia.shared.item("clip.mp4"))
        let second = try await feed.acquire(try await LocalMedia.shared.item("short.mp4"))
        let cell = FrameHost(width: 80, height: 80)
        let recorder = FrameRecorder(cell)
        cell.attach(first)
        #expect(await recorder.waitFor(2))
        cell.attach(second)
        let firstRenderer = try #require((first.engine as? MPVEngine)?.frameRenderer)
        let secondRenderer = try #require((second.engine as? MPVEngine)?.frameRenderer)
        #expect(!firstRenderer.isShowing(in: cell))
        #expect(secondRenderer.isShowing(in: cell))
        // The first player's late detach (its surfaces let go of it) changes nothing for the second.
        cell.detach(first)
        #expect(secondRenderer.isShowing(in: cell) && cell.isShowing)
        await pool.shutdown()
    }

    /// Whether every pixel of the row is black (mpv's bars are exactly black).
    static func isBlack(_ frame: VideoFrame, row: Int) -> Bool {
        (0..<frame.width).allSatisfy { x in
            guard let pixel = frame.rgb(x: x, y: row) else { return false }
            return pixel.red < 8 && pixel.green < 8 && pixel.blue < 8
        }
    }
}
