import Testing

@testable import SeamlessPlayback

/// Visible cells from (index, share, distance) triples.
private func cells(_ list: [(Int, Double, Double)]) -> [CellVisibility] {
    list.map { CellVisibility(index: $0.0, visibleFraction: $0.1, distanceFromCenter: $0.2) }
}

private func ms(_ value: Int) -> Duration { .milliseconds(value) }

@Suite("AutoplaySelector, rule 1: one cell at most, stop before play, no repeats")
struct AutoplaySelectorOneCellTests {
    @Test func aReplacementStopsTheOldCellFirst() {
        var selector = AutoplaySelector()
        #expect(selector.visibilityChanged(cells([(0, 1, 0)]), phase: .idle, at: ms(0)) == [.play(0)])
        #expect(
            selector.visibilityChanged(cells([(0, 0.2, 300), (1, 1, 10)]), phase: .idle, at: ms(10))
                == [.stop(0), .play(1)])
        #expect(selector.playing == 1)
    }

    @Test func aPlayingCellIsNotToldPlayAgainNorAStoppedOneStop() {
        var selector = AutoplaySelector()
        #expect(selector.visibilityChanged(cells([(0, 1, 0)]), phase: .idle, at: ms(0)) == [.play(0)])
        #expect(selector.visibilityChanged(cells([(0, 0.9, 20)]), phase: .idle, at: ms(1)) == [])
        #expect(selector.userPlayed(0) == [])
        #expect(selector.visibilityChanged([], phase: .idle, at: ms(2)) == [.stop(0)])
        #expect(selector.visibilityChanged([], phase: .idle, at: ms(3)) == [])
        #expect(selector.tick(at: ms(4)) == [])
        #expect(selector.playing == nil)
    }
}

@Suite("AutoplaySelector, rule 2: the best candidate")
struct AutoplaySelectorBestTests {
    @Test(arguments: [
        ([(0, 0.7, 100.0), (1, 0.9, 200.0)], 1 as Int?),  // the largest share
        ([(0, 0.8, 100.0), (1, 0.8, 50.0)], 1),  // a tie: the nearer centre
        ([(2, 0.8, 50.0), (1, 0.8, 50.0)], 1),  // a tie of both: the smaller index
        ([(0, 0.64, 0.0), (1, 0.3, 10.0)], nil),  // below the start threshold
        ([(0, 0.65, 0.0)], 0),  // at the threshold
    ])
    func theBestCandidateStartsAtRest(visible: [(Int, Double, Double)], expected: Int?) {
        var selector = AutoplaySelector()
        let decisions = selector.visibilityChanged(cells(visible), phase: .idle, at: ms(0))
        #expect(decisions == (expected.map { [.play($0)] } ?? []))
    }

    @Test func aCellMissingFromTheListCountsAsZeroVisible() {
        var selector = AutoplaySelector()
        _ = selector.visibilityChanged(cells([(4, 1, 0)]), phase: .idle, at: ms(0))
        #expect(selector.visibilityChanged(cells([(5, 0.3, 200)]), phase: .idle, at: ms(1)) == [.stop(4)])
    }
}

@Suite("AutoplaySelector, rule 3: hysteresis")
struct AutoplaySelectorHysteresisTests {
    @Test(arguments: [ScrollPhase.idle, .dragging, .decelerating])
    func thePlayingCellKeepsPlayingAtTheStopThresholdThoughAnotherIsMoreVisible(phase: ScrollPhase) {
        var selector = AutoplaySelector()
        _ = selector.visibilityChanged(cells([(0, 1, 0)]), phase: .idle, at: ms(0))
        #expect(selector.visibilityChanged(cells([(0, 0.5, 200), (1, 1, 10)]), phase: phase, at: ms(500)) == [])
        #expect(selector.playing == 0)
    }

    @Test(arguments: [ScrollPhase.idle, .dragging, .decelerating])
    func belowTheStopThresholdItStopsAtOnce(phase: ScrollPhase) {
        var selector = AutoplaySelector()
        _ = selector.visibilityChanged(cells([(0, 1, 0)]), phase: .idle, at: ms(0))
        let decisions = selector.visibilityChanged(cells([(0, 0.49, 200), (1, 0.51, 10)]), phase: phase, at: ms(1))
        #expect(decisions == [.stop(0)])
        #expect(selector.playing == nil)
    }

    @Test func aStopThresholdAboveTheStartCountsAsTheStart() {
        var selector = AutoplaySelector(policy: AutoplayPolicy(startThreshold: 0.6, stopThreshold: 0.9))
        _ = selector.visibilityChanged(cells([(0, 0.6, 0)]), phase: .idle, at: ms(0))
        #expect(selector.visibilityChanged(cells([(0, 0.6, 0)]), phase: .idle, at: ms(1)) == [])
        #expect(selector.visibilityChanged(cells([(0, 0.59, 0)]), phase: .idle, at: ms(2)) == [.stop(0)])
    }
}

@Suite("AutoplaySelector, rule 4: settle time while the list moves")
struct AutoplaySelectorSettleTests {
    @Test(arguments: [ScrollPhase.dragging, .decelerating])
    func aCandidateStartsOnlyAfterSettleTimeWithoutABreak(phase: ScrollPhase) {
        var selector = AutoplaySelector()
        #expect(selector.visibilityChanged(cells([(3, 0.8, 40)]), phase: phase, at: ms(1000)) == [])
        #expect(selector.nextDeadline == ms(1150))
        #expect(selector.tick(at: ms(1149)) == [])
        #expect(selector.visibilityChanged(cells([(3, 0.9, 30)]), phase: phase, at: ms(1100)) == [])
        #expect(selector.tick(at: ms(1150)) == [.play(3)])
        #expect(selector.nextDeadline == nil)
    }

    @Test func aBreakRestartsTheWait() {
        var selector = AutoplaySelector()
        _ = selector.visibilityChanged(cells([(3, 0.8, 40)]), phase: .dragging, at: ms(0))
        _ = selector.visibilityChanged(cells([(3, 0.4, 40), (4, 0.7, 90)]), phase: .dragging, at: ms(100))
        #expect(selector.nextDeadline == ms(250))
        #expect(selector.visibilityChanged(cells([(3, 0.8, 40)]), phase: .dragging, at: ms(200)) == [])
        #expect(selector.nextDeadline == ms(350))
        #expect(selector.visibilityChanged(cells([(3, 0.8, 40)]), phase: .decelerating, at: ms(350)) == [.play(3)])
    }

    @Test func restStartsTheBestAtOnceAndZeroSettleNeverWaits() {
        var selector = AutoplaySelector()
        _ = selector.visibilityChanged(cells([(3, 0.8, 40)]), phase: .decelerating, at: ms(0))
        #expect(selector.visibilityChanged(cells([(3, 0.8, 40)]), phase: .idle, at: ms(10)) == [.play(3)])
        var eager = AutoplaySelector(policy: AutoplayPolicy(settleTime: .zero))
        #expect(eager.visibilityChanged(cells([(3, 0.8, 40)]), phase: .dragging, at: ms(0)) == [.play(3)])
    }

    @Test func theWaitStartsWhenThePlayingCellStopsNotWhileItPlays() {
        var selector = AutoplaySelector()
        _ = selector.visibilityChanged(cells([(0, 1, 0)]), phase: .idle, at: ms(0))
        #expect(selector.visibilityChanged(cells([(0, 0.5, 300), (1, 1, 10)]), phase: .dragging, at: ms(100)) == [])
        #expect(selector.nextDeadline == nil)
        #expect(
            selector.visibilityChanged(cells([(0, 0.4, 300), (1, 1, 10)]), phase: .dragging, at: ms(400)) == [.stop(0)])
        #expect(selector.nextDeadline == ms(550))
        #expect(selector.tick(at: ms(550)) == [.play(1)])
    }

    @Test func aFlingAcrossManyCellsStartsNone() {
        var selector = AutoplaySelector()
        var decisions: [AutoplayDecision] = []
        // Each cell is the best for 50 ms as the list flies past.
        for step in 0..<40 {
            let top = step / 2
            let visible = cells([(top, 1, 0), (top + 1, step % 2 == 0 ? 0.3 : 0.7, 300)])
            decisions += selector.visibilityChanged(visible, phase: .decelerating, at: ms(25 * step))
            if let deadline = selector.nextDeadline, deadline <= ms(25 * step + 24) {
                decisions += selector.tick(at: deadline)
            }
        }
        #expect(decisions == [])
        #expect(selector.visibilityChanged(cells([(20, 1, 0)]), phase: .idle, at: ms(1000)) == [.play(20)])
    }
}

@Suite("AutoplaySelector, rule 5: the user paused the playing cell")
struct AutoplaySelectorUserPausedTests {
    @Test func nothingIsToldAndNoOtherCellStartsWhileItStaysInView() {
        var selector = AutoplaySelector()
        _ = selector.visibilityChanged(cells([(0, 1, 0)]), phase: .idle, at: ms(0))
        #expect(selector.userPaused(0) == [])
        #expect(selector.playing == nil)
        #expect(selector.visibilityChanged(cells([(0, 0.5, 200), (1, 1, 10)]), phase: .idle, at: ms(10)) == [])
        #expect(selector.nextDeadline == nil)
        #expect(
            selector.visibilityChanged(cells([(0, 0.49, 200), (1, 1, 10)]), phase: .idle, at: ms(20))
                == [.play(1)])
    }

    @Test func itDoesNotStartOnItsOwnUntilItHasLeftAndComeBack() {
        var selector = AutoplaySelector()
        _ = selector.visibilityChanged(cells([(0, 1, 0)]), phase: .idle, at: ms(0))
        _ = selector.userPaused(0)
        #expect(selector.visibilityChanged(cells([(0, 1, 0)]), phase: .idle, at: ms(10)) == [])
        #expect(selector.visibilityChanged(cells([(0, 0.4, 0)]), phase: .idle, at: ms(20)) == [])
        #expect(selector.visibilityChanged(cells([(0, 0.6, 0)]), phase: .idle, at: ms(30)) == [])
        #expect(selector.visibilityChanged(cells([(0, 0.7, 0)]), phase: .idle, at: ms(40)) == [.play(0)])
    }

    @Test func pausingACellThatDoesNotPlayChangesNothing() {
        var selector = AutoplaySelector()
        _ = selector.visibilityChanged(cells([(0, 1, 0), (1, 0.6, 300)]), phase: .idle, at: ms(0))
        #expect(selector.userPaused(1) == [])
        #expect(selector.playing == 0)
    }
}

@Suite("AutoplaySelector, rule 6: the user played a cell")
struct AutoplaySelectorUserPlayedTests {
    @Test func itPlaysStoppingTheOtherWhateverTheThresholds() {
        var selector = AutoplaySelector()
        _ = selector.visibilityChanged(cells([(0, 1, 0), (1, 0.3, 300)]), phase: .idle, at: ms(0))
        #expect(selector.playing == 0)
        #expect(selector.userPlayed(1) == [.stop(0), .play(1)])
        #expect(selector.playing == 1)
        #expect(selector.userPlayed(1) == [])
    }

    @Test func itClearsThePauseMark() {
        var selector = AutoplaySelector()
        _ = selector.visibilityChanged(cells([(0, 1, 0)]), phase: .idle, at: ms(0))
        _ = selector.userPaused(0)
        #expect(selector.userPlayed(0) == [.play(0)])
        #expect(selector.visibilityChanged(cells([(0, 0.3, 0)]), phase: .idle, at: ms(10)) == [.stop(0)])
        #expect(selector.visibilityChanged(cells([(0, 0.9, 0)]), phase: .idle, at: ms(20)) == [.play(0)])
    }

    @Test func withNothingPlayingItOnlyPlays() {
        var selector = AutoplaySelector()
        #expect(selector.userPlayed(7) == [.play(7)])
    }
}

@Suite("AutoplaySelector, rule 7: bad input")
struct AutoplaySelectorBadInputTests {
    @Test(arguments: [
        (Double.nan, nil as Int?), (-0.5, nil), (-Double.infinity, nil), (1.5, 0), (Double.infinity, 0),
    ])
    func outOfRangeSharesAreClamped(share: Double, expected: Int?) {
        var selector = AutoplaySelector()
        let decisions = selector.visibilityChanged(cells([(0, share, 0)]), phase: .idle, at: ms(0))
        #expect(decisions == (expected.map { [.play($0)] } ?? []))
    }

    @Test func aShareAboveOneTiesWithOne() {
        var selector = AutoplaySelector()
        let decisions = selector.visibilityChanged(cells([(5, 7, 100), (6, 1, 10)]), phase: .idle, at: ms(0))
        #expect(decisions == [.play(6)])
    }

    @Test func negativeDistancesCountAsZero() {
        var selector = AutoplaySelector()
        let decisions = selector.visibilityChanged(cells([(5, 1, -50), (3, 1, 0)]), phase: .idle, at: ms(0))
        #expect(decisions == [.play(3)])
    }

    @Test func anIndexListedTwiceCountsWithItsLargestShare() {
        var selector = AutoplaySelector()
        _ = selector.visibilityChanged(cells([(0, 1, 0)]), phase: .idle, at: ms(0))
        #expect(selector.visibilityChanged(cells([(0, 0.1, 0), (0, 0.6, 0)]), phase: .idle, at: ms(1)) == [])
        #expect(
            selector.visibilityChanged(cells([(1, 0.7, 0), (1, 0.2, 0)]), phase: .idle, at: ms(2))
                == [.stop(0), .play(1)])
    }

    @Test func timeThatGoesBackwardsIsTakenAsNow() {
        var selector = AutoplaySelector()
        _ = selector.visibilityChanged(cells([(2, 0.9, 0)]), phase: .dragging, at: ms(1000))
        #expect(selector.visibilityChanged(cells([(2, 0.9, 0)]), phase: .dragging, at: ms(10)) == [])
        #expect(selector.tick(at: ms(500)) == [])
        #expect(selector.nextDeadline == ms(1150))
        #expect(selector.tick(at: ms(1150)) == [.play(2)])
    }

    @Test func badPolicyValuesAreClamped() {
        let policy = AutoplayPolicy(startThreshold: 3, stopThreshold: .nan, settleTime: .seconds(-1))
        #expect(policy.effectiveStart == 1)
        #expect(policy.effectiveStop == 0)
        #expect(policy.effectiveSettle == .zero)
        #expect(AutoplayPolicy(startThreshold: .nan).effectiveStart == 1)
    }
}

@Suite("AutoplaySelector, rule 8: only the feed's cells count")
struct AutoplaySelectorCellCountTests {
    @Test func aCellTheFeedLacksDoesNotKeepARealOneFromPlaying() {
        var selector = AutoplaySelector(cellCount: 3)
        #expect(selector.visibilityChanged(cells([(5, 0.95, 0), (0, 0.9, 10)]), phase: .idle, at: ms(0)) == [.play(0)])
        // Nor does one below zero (a header the app numbers -1), nor does it stop the playing cell by outranking it.
        #expect(
            selector.visibilityChanged(cells([(-1, 1, 0), (0, 0.9, 10), (3, 1, 0)]), phase: .idle, at: ms(1)) == [])
        #expect(selector.playing == 0)
    }

    @Test func aTapOnACellTheFeedLacksChangesNothing() {
        var selector = AutoplaySelector(cellCount: 3)
        _ = selector.visibilityChanged(cells([(0, 1, 0)]), phase: .idle, at: ms(0))
        #expect(selector.userPlayed(42) == [])
        #expect(selector.userPlayed(-1) == [])
        #expect(selector.userPaused(42) == [])
        #expect(selector.playing == 0)
    }

    @Test func aNegativeCountIsAnEmptyFeed() {
        var selector = AutoplaySelector(cellCount: -4)
        #expect(selector.cellCount == 0)
        #expect(selector.visibilityChanged(cells([(0, 1, 0)]), phase: .idle, at: ms(0)) == [])
        #expect(selector.userPlayed(0) == [])
    }

    @Test func withNoCountGivenEveryIndexFromZeroCounts() {
        var selector = AutoplaySelector()
        #expect(
            selector.visibilityChanged(cells([(-3, 1, 0), (1_000_000, 0.9, 0)]), phase: .idle, at: ms(0)) == [
                .play(1_000_000)
            ])
    }
}

@Suite("AutoplaySelector, rule 9: the feed changes")
struct AutoplaySelectorCellsChangedTests {
    /// Two items inserted above: every old index moves down by two.
    private static func insertedTwoAbove(_ old: Int) -> Int? { old + 2 }

    @Test func thePlayingCellKeepsPlayingAtItsNewIndex() {
        var selector = AutoplaySelector(cellCount: 4)
        _ = selector.visibilityChanged(cells([(1, 1, 0), (2, 0.3, 400)]), phase: .idle, at: ms(0))
        #expect(selector.cellsChanged(count: 6, newIndex: Self.insertedTwoAbove) == [])
        #expect(selector.playing == 3)
        #expect(selector.cellCount == 6)
        // The list reports the cells by their new indices: cell 3 is the one that plays, kept by the hysteresis.
        #expect(selector.visibilityChanged(cells([(3, 0.6, 100), (4, 0.9, 50)]), phase: .idle, at: ms(1)) == [])
        #expect(
            selector.visibilityChanged(cells([(3, 0.4, 300), (4, 0.9, 50)]), phase: .idle, at: ms(2)) == [
                .stop(3), .play(4),
            ])
    }

    @Test func thePlayingCellThatLeftTheFeedStopsAtTheIndexItHadAndNothingStartsUntilTheNextVisibility() {
        var selector = AutoplaySelector(cellCount: 4)
        _ = selector.visibilityChanged(cells([(1, 1, 0), (2, 0.7, 400)]), phase: .idle, at: ms(0))
        // Cell 1 removed: 0 stays, 2 and 3 move up.
        #expect(selector.cellsChanged(count: 3, newIndex: { $0 == 1 ? nil : $0 < 1 ? $0 : $0 - 1 }) == [.stop(1)])
        #expect(selector.playing == nil)
        #expect(selector.visibilityChanged(cells([(1, 1, 0)]), phase: .idle, at: ms(1)) == [.play(1)])
    }

    @Test func aPausedCellKeepsHoldingAutoplayBackAtItsNewIndex() {
        var selector = AutoplaySelector(cellCount: 4)
        _ = selector.visibilityChanged(cells([(2, 1, 0)]), phase: .idle, at: ms(0))
        _ = selector.userPaused(2)
        #expect(selector.cellsChanged(count: 5, newIndex: { $0 + 1 }) == [])
        #expect(selector.visibilityChanged(cells([(3, 0.6, 100), (4, 1, 0)]), phase: .idle, at: ms(1)) == [])
        #expect(selector.userPlayed(3) == [.play(3)])
    }

    @Test func aSettlingCandidateKeepsItsTimeAtItsNewIndex() {
        var selector = AutoplaySelector(cellCount: 8)
        _ = selector.visibilityChanged(cells([(4, 0.9, 0)]), phase: .dragging, at: ms(0))
        #expect(selector.cellsChanged(count: 10, newIndex: Self.insertedTwoAbove) == [])
        #expect(selector.nextDeadline == ms(150))
        #expect(selector.tick(at: ms(150)) == [.play(6)])
    }

    @Test func cellsSentOutsideTheFeedLeaveItAndTwoSentToOneIndexKeepTheLargerShare() {
        var selector = AutoplaySelector(cellCount: 4)
        _ = selector.visibilityChanged(cells([(0, 0.6, 0), (1, 0.3, 0), (2, 1, 0)]), phase: .idle, at: ms(0))
        #expect(selector.playing == 2)
        // A bad map: 2 goes past the end, 0 and 1 both to 0.
        #expect(selector.cellsChanged(count: 2, newIndex: { $0 < 2 ? 0 : 7 }) == [.stop(2)])
        #expect(selector.tick(at: ms(1)) == [])  // nothing starts from the old visibility: 0 kept 0.6, below 0.65
        #expect(selector.cellCount == 2)
    }
}
