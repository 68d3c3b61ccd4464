import Foundation
@_spi(EngineSupport) import SeamlessPlayback
import SoakCheck

/// The soak's app: a feed page scrolled by ``FeedAutoplay`` with the script's gestures, and the detail pages, seeks,
/// pauses and trims of ``SoakScript``, carried out one after the other on the real pool.
///
/// What each page believes it actively holds is written in the ledger only as the calls that change it return, so
/// that at no moment two pages believe they hold one engine unless the pool let them.
actor SoakHarness {
    let pool: PlayerPool
    let feedPage: PageSession
    let feed: FeedAutoplay
    let items: [MediaItem]
    let ledger: SoakLedger
    private var script: SoakScript
    /// Read what an app reads: the feed's changes (to show the picture) and the feed page's notices.
    private var readers: [Task<Void, Never>] = []
    private var offset = 0.0
    private var pages = 0

    init(pool: PlayerPool, items: [MediaItem], window: PreloadWindow, ledger: SoakLedger, seed: UInt64) async throws {
        self.pool = pool
        self.items = items
        self.ledger = ledger
        feedPage = try await pool.makeSession(
            named: "feed", settings: PlaybackSettings(isMuted: true, isPaused: false, endAction: .loop))
        feed = FeedAutoplay(pool: pool, session: feedPage, items: items, window: window)
        script = SoakScript(seed: seed, cells: items.count)
    }

    /// The feed at rest on its first cell, its changes and notices read as an app reads them.
    func start() async {
        let (changes, notices, ledger) = (feed.changes, feedPage.notices, ledger)
        readers = [
            Task {
                for await change in changes {
                    if case .playing = change { ledger.did("feed change: playing") }
                }
            },
            Task {
                for await notice in notices { ledger.did("feed notice: \(Self.name(of: notice))") }
            },
        ]
        await feed.visibilityChanged(Self.cells(at: 0, count: items.count), phase: .idle)
    }

    /// The cell the feed rests on.
    var cell: Int { Int(offset.rounded()) }

    /// Draws the script's next step and carries it out; failures are counted by kind in the ledger.
    func step() async {
        let step = script.next()
        switch step {
        case .fling(let target):
            ledger.did("fling")
            await fling(to: Double(target))
        case .nudge(let fraction):
            ledger.did("nudge")
            let home = offset
            await move(to: offset + fraction, frames: 6, phase: .dragging)
            await move(to: home, frames: 6, phase: .decelerating)
            await rest(at: home)
        case .dwell(let milliseconds):
            ledger.did("dwell")
            await sleep(milliseconds)
        case .detail(let milliseconds, let seeks, let ending):
            await detail(holding: milliseconds, seeks: seeks, ending: ending)
        case .relatedClip(let distance, let milliseconds, let ending):
            await relatedClip(distance: distance, holding: milliseconds, ending: ending)
        case .seek(let fraction):
            guard let playing = await feed.playing else { return }
            ledger.did("seek")
            do {
                try await feedPage.seek(playing.lease, to: .milliseconds(Int(fraction * 4_000)))
            } catch {
                ledger.failed(error, doing: "feed seek")
            }
        case .pauseAndPlay:
            guard let playing = await feed.playing else { return }
            ledger.did("pause and play")
            await feed.userPaused(playing.index)
            await sleep(400)
            await feed.userPlayed(playing.index)
        case .memoryPressure:
            ledger.did("memory pressure trim")
            await pool.trim(keepingIdle: 0)
        }
    }

    /// Ends the run: the feed scrolls away, the page closes and the focus ends.
    func finish() async {
        await feed.visibilityChanged([], phase: .idle)
        await feedPage.close()
        await pool.endFocus()
        for reader in readers { reader.cancel() }
    }

    /// A notice's kind, for counts.
    private static func name(of notice: LeaseNotice) -> String {
        String("\(notice)".prefix { $0 != "(" })
    }

    // MARK: Gestures

    private func fling(to target: Double) async {
        let start = offset
        await move(to: start + (target - start) * 0.4, frames: 8, phase: .dragging)
        await move(to: target, frames: 10, phase: .decelerating)
        await rest(at: target)
    }

    private func move(to target: Double, frames: Int, phase: ScrollPhase) async {
        let start = offset
        for frame in 1...frames {
            let progress = Double(frame) / Double(frames)
            offset = start + (target - start) * progress
            await feed.visibilityChanged(Self.cells(at: offset, count: items.count), phase: phase)
            await sleep(16)
        }
    }

    private func rest(at target: Double) async {
        offset = target
        await feed.visibilityChanged(Self.cells(at: offset, count: items.count), phase: .idle)
    }

    /// The cells on screen with the list at `offset` (cells and the viewport one unit tall).
    static func cells(at offset: Double, count: Int) -> [CellVisibility] {
        let first = max(0, Int(offset.rounded(.down)))
        return (first...(first + 1)).filter { $0 < count }.compactMap { index in
            let shown = min(Double(index) + 1, offset + 1) - max(Double(index), offset)
            guard shown > 0 else { return nil }
            return CellVisibility(index: index, visibleFraction: shown, distanceFromCenter: abs(Double(index) - offset))
        }
    }

    // MARK: Pages

    private func newPage(_ kind: String) async throws -> PageSession {
        pages += 1
        return try await pool.makeSession(
            named: "\(kind)-\(pages)", settings: PlaybackSettings(isMuted: false, isPaused: false, endAction: .loop))
    }

    /// A detail page borrows the feed's player, holds it, and ends.
    private func detail(holding milliseconds: Int, seeks: Bool, ending: SoakStep.Ending) async {
        guard let playing = await feed.playing else { return }
        ledger.did("detail (borrow)")
        let page: PageSession
        let token: HandoffToken
        do {
            token = try await feedPage.lend(playing.lease)
            page = try await newPage("detail")
        } catch {
            ledger.failed(error, doing: "lend")
            return
        }
        let borrowed: PlayerLease
        do {
            borrowed = try await page.borrow(token)
        } catch {
            ledger.failed(error, doing: "borrow")
            await letGo(page, closing: true)
            return
        }
        ledger.state.withLock { state in
            state.lentFeedLease = playing.lease
            state.detailBeliefs[page.name] = borrowed.player
        }
        await sleep(milliseconds / 2)
        if seeks { await seek(borrowed, on: page) }
        await sleep(milliseconds / 2)
        await end(page, holding: borrowed, as: ending, ownerLease: playing.lease)
    }

    /// A detail page plays a clip of its own, holds it, and ends.
    private func relatedClip(distance: Int, holding milliseconds: Int, ending: SoakStep.Ending) async {
        ledger.did("related clip")
        let item = items[(cell + distance) % items.count]
        let page: PageSession
        do {
            page = try await newPage("related")
        } catch {
            ledger.failed(error, doing: "open page")
            return
        }
        let lease: PlayerLease
        do {
            lease = try await page.acquire(item, timeout: .seconds(15))
        } catch {
            ledger.failed(error, doing: "related acquire")
            await letGo(page, closing: true)
            return
        }
        ledger.state.withLock { $0.detailBeliefs[page.name] = lease.player }
        await sleep(milliseconds)
        await seek(lease, on: page)
        // No owner to reclaim a clip of its own: that ending gives it back.
        await end(page, holding: lease, as: ending == .ownerReclaims ? .giveBack : ending, ownerLease: nil)
    }

    private func seek(_ lease: PlayerLease, on page: PageSession) async {
        do {
            try await page.seek(lease, to: .milliseconds(1_000 + 500 * (pages % 5)))
        } catch {
            ledger.failed(error, doing: "detail seek")
        }
    }

    /// Ends a detail page as `ending` says; the beliefs change as the calls that change them return.
    private func end(
        _ page: PageSession, holding lease: PlayerLease, as ending: SoakStep.Ending, ownerLease: PlayerLease?
    )
        async
    {
        ledger.state.withLock { $0.endings[ending, default: 0] += 1 }
        switch ending {
        case .giveBack:
            do {
                try await page.giveBack(lease)
            } catch {
                ledger.failed(error, doing: "give back")
            }
            returned(page, ownerLease)
            await letGo(page, closing: true)
        case .close:
            await page.close()
            returned(page, ownerLease)
            await letGo(page, closing: false)
        case .drop:
            // The app lets go of the page without closing it; the feed's belief comes back once the pool shows the
            // feed's lease active again (the observer looks).
            ledger.state.withLock { state in
                state.detailBeliefs[page.name] = nil
                state.letGo[page.name] = ledger.seconds
            }
        case .ownerReclaims:
            guard let ownerLease else { return }
            do {
                try await feedPage.reclaim(ownerLease)
            } catch {
                ledger.failed(error, doing: "reclaim")
            }
            returned(page, ownerLease)
            await letGo(page, closing: true)
        }
    }

    /// The detail page no longer believes it holds its player, and the feed believes it holds its own again.
    private func returned(_ page: PageSession, _ ownerLease: PlayerLease?) {
        ledger.state.withLock { state in
            state.detailBeliefs[page.name] = nil
            if let ownerLease, state.lentFeedLease == ownerLease { state.lentFeedLease = nil }
        }
    }

    private func letGo(_ page: PageSession, closing: Bool) async {
        if closing { await page.close() }
        ledger.state.withLock { $0.letGo[page.name] = ledger.seconds }
    }

    private func sleep(_ milliseconds: Int) async {
        try? await Task.sleep(for: .milliseconds(milliseconds))
    }
}
