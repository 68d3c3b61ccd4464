import Testing

@testable import SeamlessPlayback

/// A ledger and the times it is fed, in milliseconds on a clock the test moves.
private struct Ledger {
    var ledger = QualityLedger()
    var now: Duration = .zero
    /// How many times the ledger read the clock.
    var reads = 0
    let player = PlayerID(pool: 1, number: 1)
    let clip = MediaItem(id: "clip")

    func lease(_ epoch: UInt64, of session: UInt64 = 1) -> LeaseKey {
        LeaseKey(player: player, epoch: epoch, session: SessionID(word: session))
    }

    mutating func at(_ milliseconds: Int) { now = .milliseconds(milliseconds) }

    /// The player's active holder becomes `epoch` (nil: none); `held` are the epochs still in its stack.
    @discardableResult
    mutating func activate(
        _ epoch: UInt64?, phase: PlaybackPhase?, held: Set<UInt64>, session: UInt64 = 1, since: Int? = nil,
        reports: Bool = false
    ) -> (lease: LeaseKey, page: String, quality: PlaybackQuality)? {
        var reads = self.reads
        let now = self.now
        defer { self.reads = reads }
        return ledger.activeChanged(
            player, to: epoch.map { lease($0, of: session) }, since: since.map { .milliseconds($0) }, media: clip,
            phase: phase,
            isHeld: { held.contains($0) }, reports: reports,
            now: {
                reads += 1
                return now
            })
    }

    mutating func report(_ phase: PlaybackPhase) {
        let now = self.now
        ledger.reported(player, phase, now: { now })
    }

    func quality(_ epoch: UInt64, of session: UInt64 = 1) -> PlaybackQuality {
        ledger.quality(of: lease(epoch, of: session), now: { now })
    }
}

@Suite("QualityLedger: startup, playing time and stalls per lease, counted while the lease is active")
struct QualityLedgerTests {
    @Test func aWarmStartRunsFromTheAcquireToTheFirstPlayingReport() {
        var l = Ledger()
        l.activate(1, phase: .paused(.requested), held: [1], since: 0)
        l.at(40)
        l.report(.playing)
        l.at(1_040)
        #expect(l.quality(1) == PlaybackQuality(startupTime: .milliseconds(40), playingTime: .seconds(1)))
        l.report(.paused(.requested))
        l.at(5_000)
        #expect(l.quality(1).playingTime == .seconds(1), "a pause accrues nothing")
    }

    @Test func aPlayerAlreadyPlayingStartsTheLeaseAtItsActivation() {
        var l = Ledger()
        l.at(100)
        l.activate(1, phase: .playing, held: [1], since: 30)
        #expect(l.quality(1).startupTime == .milliseconds(70))
        l.activate(2, phase: .playing, held: [1, 2], session: 2)
        #expect(l.quality(2, of: 2).startupTime == nil, "no start known: none told")
    }

    @Test func theFirstLoadIsNotAStallButLaterBufferingIs() {
        var l = Ledger()
        l.activate(1, phase: .loading, held: [1], since: 0)
        l.at(200)
        l.report(.buffering)
        l.at(500)
        l.report(.playing)
        l.at(2_500)
        l.report(.buffering)
        l.at(2_750)
        l.report(.playing)
        l.at(4_000)
        l.report(.buffering)
        l.at(5_000)
        l.report(.playing)
        l.at(6_000)
        let quality = l.quality(1)
        #expect(quality.startupTime == .milliseconds(500))
        #expect(quality.stallCount == 2)
        #expect(quality.stallTime == .milliseconds(1_250))
        #expect(quality.playingTime == .milliseconds(4_250))
        #expect(quality.rebufferRatio == 1_250.0 / 5_500.0)
    }

    @Test func repeatedBufferingReportsAreOneStall() {
        var l = Ledger()
        l.activate(1, phase: .playing, held: [1])
        l.report(.buffering)
        l.at(100)
        l.report(.buffering)
        l.at(300)
        l.report(.playing)
        #expect(l.quality(1).stallCount == 1)
        #expect(l.quality(1).stallTime == .milliseconds(300))
    }

    @Test func aSystemPauseIsNeitherAStallNorPlaying() {
        var l = Ledger()
        l.activate(1, phase: .playing, held: [1])
        l.at(1_000)
        l.report(.paused(.interrupted))
        l.at(9_000)
        l.report(.playing)
        l.at(10_000)
        #expect(l.quality(1) == PlaybackQuality(playingTime: .seconds(2)))
    }

    @Test func aLendersClockStopsWhileLentAndTheBorrowersStartsAtTheBorrow() {
        var l = Ledger()
        l.at(50)
        l.activate(1, phase: .playing, held: [1], since: 0)
        l.at(3_000)
        // The detail page borrows, asked at 2.99 s; the player already plays when its settings land.
        l.activate(2, phase: .playing, held: [1, 2], session: 2, since: 2_990)
        l.at(4_000)
        l.report(.buffering)
        l.at(4_500)
        l.report(.playing)
        l.at(6_000)
        #expect(l.quality(1) == PlaybackQuality(startupTime: .milliseconds(50), playingTime: .milliseconds(2_950)))
        #expect(
            l.quality(2, of: 2)
                == PlaybackQuality(
                    startupTime: .milliseconds(10), playingTime: .milliseconds(2_500), stallCount: 1,
                    stallTime: .milliseconds(500)))
        // The borrower gives back: the lender's clock runs again, the borrower's record ends and stays readable.
        l.activate(1, phase: .playing, held: [1])
        l.at(7_000)
        #expect(l.quality(1).playingTime == .milliseconds(3_950))
        #expect(l.quality(2, of: 2).playingTime == .milliseconds(2_500))
        #expect(l.ledger.ended.map(\.key) == [l.lease(2, of: 2)])
        let total = l.ledger.total(now: { .milliseconds(7_000) })
        #expect(total.playingTime == .milliseconds(6_450))
        #expect(total.startupTime == .milliseconds(60))
        #expect(total.stallCount == 1)
    }

    @Test func anotherPagesLeaseReadsAsEmpty() {
        var l = Ledger()
        l.activate(1, phase: .playing, held: [1])
        l.at(1_000)
        #expect(l.quality(1).playingTime == .seconds(1))
        #expect(l.quality(1, of: 9) == PlaybackQuality())
        #expect(l.quality(7) == PlaybackQuality())
    }

    @Test func aPoolWhoseEnginesReportNothingReadsNoClock() {
        var l = Ledger()
        l.activate(1, phase: nil, held: [1])
        l.activate(2, phase: nil, held: [1, 2], session: 2)
        l.activate(1, phase: nil, held: [1])
        l.activate(nil, phase: nil, held: [])
        #expect(l.reads == 0)
        #expect(l.ledger.players.count == 0, "nothing kept for a player no page holds")
        #expect(l.ledger.ended.count == 2)
    }

    @Test func aRunThatAccruesReadsTheClockOnceWhenItEnds() {
        var l = Ledger()
        l.activate(1, phase: .playing, held: [1])
        #expect(l.reads == 1)
        l.at(500)
        l.activate(2, phase: .playing, held: [1, 2], session: 2)
        #expect(l.reads == 2, "one read closes the old run and opens the new one")
    }

    @Test func theEndedRunIsReportedOnlyWhenAsked() {
        var l = Ledger()
        l.activate(1, phase: .playing, held: [1])
        l.at(800)
        #expect(l.activate(2, phase: .playing, held: [1, 2], session: 2) == nil)
        l.at(900)
        let report = l.activate(1, phase: .playing, held: [1], reports: true)
        #expect(report?.lease == l.lease(2, of: 2))
        #expect(report?.quality == PlaybackQuality(playingTime: .milliseconds(100)))
    }

    @Test func seeksAndRetriesCountForTheirLease() {
        var l = Ledger()
        l.ledger.retried(l.player, MediaItem(id: "other"))
        l.ledger.retried(l.player, l.clip)
        l.ledger.retried(l.player, l.clip)
        l.activate(1, phase: .playing, held: [1])
        l.ledger.seeked(l.lease(1))
        #expect(l.quality(1).loadRetries == 2, "the retries of this media, not of the one before")
        #expect(l.quality(1).seekCount == 1)
        l.activate(2, phase: .playing, held: [1, 2], session: 2)
        #expect(l.quality(2, of: 2).loadRetries == 0, "taken once")
        let total = l.ledger.total(now: { .zero })
        #expect(total.loadRetries == 3)
        #expect(total.seekCount == 1)
    }

    @Test func theLatestEndedLeasesStayReadableAndOlderOnesAreForgotten() {
        var l = Ledger()
        let count = QualityLedger.endedLimit + 10
        for epoch in 1...UInt64(count) {
            l.at(Int(epoch) * 10)
            l.activate(epoch, phase: .playing, held: [epoch])
            l.at(Int(epoch) * 10 + 5)
            l.activate(nil, phase: .playing, held: [])
        }
        #expect(l.ledger.ended.count == QualityLedger.endedLimit)
        #expect(l.quality(UInt64(count)).playingTime == .milliseconds(5))
        #expect(l.quality(11).playingTime == .milliseconds(5))
        #expect(l.quality(10) == PlaybackQuality(), "forgotten")
        #expect(l.ledger.total(now: { .zero }).playingTime == .milliseconds(5 * count), "the sum forgets nothing")
    }

    @Test func aReportForAPlayerNobodyHoldsChangesNothing() {
        var l = Ledger()
        l.report(.playing)
        #expect(l.ledger.players.count == 0)
        #expect(l.ledger.total(now: { .zero }) == PlaybackQuality())
    }

    @Test func theFirstReportOfAnUntrackedPlayerBeginsItsActiveHoldersRun() {
        var l = Ledger()
        l.at(100)
        l.ledger.begin(
            l.player, lease: l.lease(1), page: "feed", since: .milliseconds(10), phase: .paused(.requested),
            now: { .milliseconds(100) })
        l.report(.playing)
        l.at(600)
        #expect(l.quality(1).playingTime == .milliseconds(500))
        #expect(l.quality(1).startupTime == .milliseconds(90))
    }

    @Test func aPlayerThatIsGoneEndsItsRecords() {
        var l = Ledger()
        l.activate(1, phase: .playing, held: [1])
        l.at(300)
        l.ledger.forget(l.player, now: { .milliseconds(300) })
        #expect(l.ledger.players.count == 0)
        #expect(l.ledger.ended.map(\.key) == [l.lease(1)])
        #expect(l.quality(1).playingTime == .milliseconds(300), "the open run counted up to the player's end")
        #expect(l.ledger.total(now: { .seconds(9) }).playingTime == .milliseconds(300))
    }

    @Test func aRecordMadeBeforeItsRunTakesTheStartWhenTheRunBegins() {
        var l = Ledger()
        // A seek through a lease whose player had not reported yet made its record.
        l.ledger.seeked(l.lease(1))
        l.at(50)
        l.ledger.begin(
            l.player, lease: l.lease(1), page: "feed", since: .milliseconds(10), phase: nil, now: { .milliseconds(50) })
        l.report(.playing)
        #expect(l.quality(1).startupTime == .milliseconds(40))
        #expect(l.quality(1).seekCount == 1)
    }

    @Test func aPlayingReportedBeforeAPausedHoldersSettingsLandedIsNotTheHolders() {
        var l = Ledger()
        _ = l.ledger.activeChanged(
            l.player, to: l.lease(1), since: .zero, media: l.clip, phase: .playing, isPaused: true,
            isHeld: { _ in true },
            reports: false, now: { .zero })
        l.at(1_000)
        #expect(l.quality(1).playingTime == .zero, "its run began paused")
        #expect(l.quality(1).startupTime == nil)
        // Not paused: the same report counts.
        _ = l.ledger.activeChanged(
            l.player, to: l.lease(2), since: .milliseconds(1_000), media: l.clip, phase: .playing, isPaused: false,
            isHeld: { _ in true }, reports: false, now: { .milliseconds(1_000) })
        l.at(1_500)
        #expect(l.quality(2).playingTime == .milliseconds(500))
    }

    @Test func aSupersededPlayingCountsForNothingAndTheFirstReportBeginsTheShownHoldersRun() {
        var l = Ledger()
        var asked = 0
        let holder = QualityLedger.Holder(lease: l.lease(1), page: "feed", since: .milliseconds(10))
        l.at(100)
        l.ledger.reported(
            l.player, .playing, isSuperseded: true, previous: nil,
            holder: {
                asked += 1
                return holder
            }, now: { .milliseconds(100) })
        #expect(asked == 0)
        #expect(!l.ledger.tracks(l.player), "a superseded playing begins nothing")
        l.ledger.reported(
            l.player, .playing, isSuperseded: false, previous: .paused(.requested),
            holder: {
                asked += 1
                return holder
            }, now: { .milliseconds(100) })
        #expect(asked == 1)
        l.at(600)
        #expect(l.quality(1).startupTime == .milliseconds(90))
        #expect(l.quality(1).playingTime == .milliseconds(500))
        // With a run open, the holder is not asked again; a superseded playing changes nothing.
        l.ledger.reported(
            l.player, .paused(.requested), isSuperseded: false, previous: .playing,
            holder: {
                asked += 1
                return holder
            }, now: { .milliseconds(600) })
        l.ledger.reported(
            l.player, .playing, isSuperseded: true, previous: .paused(.requested), holder: { nil },
            now: { .milliseconds(600) })
        l.at(900)
        #expect(asked == 1)
        #expect(l.quality(1).playingTime == .milliseconds(500))
    }

    @Test func aReportWithNoHolderBeginsNothing() {
        var l = Ledger()
        l.ledger.reported(l.player, .playing, isSuperseded: false, previous: nil, holder: { nil }, now: { .zero })
        #expect(!l.ledger.tracks(l.player))
    }

    @Test func aSeekCountsForItsLeaseOnlyWhileItIsHeldAndItsPlayerTracked() {
        var l = Ledger()
        l.ledger.seeked(l.lease(1), isHeld: true)
        #expect(!l.ledger.tracks(l.player), "untracked: the sum only")
        l.activate(1, phase: .playing, held: [1])
        l.ledger.seeked(l.lease(1), isHeld: true)
        l.ledger.seeked(l.lease(1), isHeld: false)
        #expect(l.quality(1).seekCount == 1)
        #expect(l.ledger.total(now: { .zero }).seekCount == 3)
    }
}
