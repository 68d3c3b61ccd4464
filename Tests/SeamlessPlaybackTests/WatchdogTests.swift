import Testing

@testable import SeamlessPlayback

@Suite("Watchdog: deadlines of engine calls and warnings of long borrows, one timer for all")
struct WatchdogTests {
    static let p1 = PlayerID(pool: 1, number: 1)
    static let p2 = PlayerID(pool: 1, number: 2)
    static let clip = MediaItem(id: "clip")

    static func watchdog(borrowWarning: Duration? = nil) -> Watchdog {
        Watchdog(loadTimeout: .seconds(30), applyTimeout: .seconds(5), borrowWarningThreshold: borrowWarning)
    }

    @Test func eachJobHasItsLimitAndTheTimerWakesOnlyForAnEarlierDeadline() {
        var w = Self.watchdog()
        #expect(w.callStarted(.load(Self.clip), on: Self.p1, now: .zero) == .wake(at: .seconds(30)))
        #expect(
            w.callStarted(.apply(PlaybackSettings(), version: 1), on: Self.p2, now: .seconds(1))
                == .wake(at: .seconds(6)))
        #expect(
            w.callStarted(.seek(.seconds(3), request: RequestID(raw: 1)), on: Self.p2, now: .seconds(2)) == nil,
            "7 s is later than the timer's 6 s")
        let p3 = PlayerID(pool: 1, number: 3)
        #expect(w.callStarted(.shutDown, on: p3, now: .seconds(2)) == nil, "a shutdown has the apply's 5 s: 7 s")
        #expect(w.calls[p3]?.what == "shutdown did not return within 5.0 seconds")
        #expect(w.calls[Self.p2]?.what == "seek to 3.0 seconds did not return within 5.0 seconds")
        #expect(w.calls[Self.p1]?.what == "load of \(Self.clip) did not return within 30.0 seconds")
    }

    @Test func anEnginesCreationIsBoundedByTheLoadTimeout() {
        var w = Self.watchdog()
        #expect(w.callStarted(.create, on: Self.p1, now: .seconds(2)) == .wake(at: .seconds(32)))
        #expect(w.calls[Self.p1]?.what == "creation of the engine did not return within 30.0 seconds")
        #expect(
            w.fired(now: .seconds(32)) == [
                .timedOut(Self.p1, call: "creation of the engine did not return within 30.0 seconds")
            ])
    }

    @Test func noLimitTimesNothing() {
        var w = Watchdog(loadTimeout: nil, applyTimeout: nil, borrowWarningThreshold: nil)
        #expect(w.callStarted(.load(Self.clip), on: Self.p1, now: .zero) == nil)
        #expect(w.callCancelled(on: Self.p1, what: "cancelled load", now: .zero) == nil)
        #expect(w.holdStarted(Self.p1, epoch: 1, now: .zero) == nil)
        #expect(!w.timesCalls)
        #expect(w.earliest == nil)
    }

    @Test func aCancelledCallMustStopWithinTheApplyTimeoutUnlessItsOwnDeadlineIsSooner() {
        var w = Self.watchdog()
        _ = w.callStarted(.load(Self.clip), on: Self.p1, now: .zero)
        #expect(
            w.callCancelled(on: Self.p1, what: "cancelled load of clip", now: .seconds(10)) == .wake(at: .seconds(15)))
        #expect(w.calls[Self.p1]?.what == "cancelled load of clip did not stop within 5.0 seconds")
        #expect(w.callCancelled(on: Self.p1, what: "again", now: .seconds(12)) == nil, "15 s is sooner than 17 s")
        #expect(w.calls[Self.p1]?.deadline == .seconds(15))
    }

    @Test func firingTimesOutOverdueCallsAndWarnsOfLongBorrowsOnceThenWakesForTheNext() {
        var w = Self.watchdog(borrowWarning: .seconds(4))
        _ = w.callStarted(.load(Self.clip), on: Self.p2, now: .zero)
        _ = w.callStarted(.apply(PlaybackSettings(), version: 1), on: Self.p1, now: .zero)
        #expect(w.holdStarted(Self.p1, epoch: 8, now: .seconds(1)) == nil, "at 5 s, when the timer wakes already")
        _ = w.holdStarted(Self.p2, epoch: 9, now: .seconds(20))
        let fired = w.fired(now: .seconds(6))
        #expect(
            fired == [
                .timedOut(Self.p1, call: "apply did not return within 5.0 seconds"),
                .heldTooLong(Self.p1, epoch: 8, heldFor: .seconds(5)),
            ])
        #expect(w.target == nil, "the timer that fired is armed no more")
        #expect(w.rearm() == .wake(at: .seconds(24)), "the hold of epoch 9 is next, before the load's 30 s")
        #expect(w.fired(now: .seconds(6)) == [], "each once")
        #expect(w.rearm() == .wake(at: .seconds(24)))
    }

    @Test func aReturnedCallAndAnEndedBorrowAreForgotten() {
        var w = Self.watchdog(borrowWarning: .seconds(4))
        _ = w.callStarted(.load(Self.clip), on: Self.p1, now: .zero)
        _ = w.holdStarted(Self.p1, epoch: 3, now: .zero)
        w.callReturned(on: Self.p1)
        w.holdEnded(3)
        #expect(!w.timesCalls)
        #expect(w.fired(now: .seconds(60)) == [])
        #expect(w.rearm() == nil)
    }

    @Test func stopForgetsEverything() {
        var w = Self.watchdog(borrowWarning: .seconds(4))
        _ = w.callStarted(.load(Self.clip), on: Self.p1, now: .zero)
        _ = w.holdStarted(Self.p1, epoch: 3, now: .zero)
        w.stop()
        #expect(w.earliest == nil)
        #expect(w.target == nil)
        #expect(w.callStarted(.load(Self.clip), on: Self.p1, now: .seconds(1)) == .wake(at: .seconds(31)))
    }
}
