import SeamlessPlayback
import SoakCheck
import Testing

@Suite("SoakInvariants: what the soak checks at each observation")
struct SoakInvariantsTests {
    private let muted = PlaybackSettings(isMuted: true, isPaused: false)
    private let loud = PlaybackSettings(isMuted: false, isPaused: false)

    private func held(
        _ player: String = "p1", by holders: [String] = ["feed"], settings: PlaybackSettings? = nil,
        liveMuted: Bool = true, livePaused: Bool = false, position: Double? = 1, isSettled: Bool = true,
        isFaulted: Bool = false
    ) -> SoakObservation.Engine {
        let settings = settings ?? muted
        return SoakObservation.Engine(
            player: player, media: "item-1", holders: holders, applied: settings, active: settings,
            isSettled: isSettled, liveMuted: liveMuted, livePaused: livePaused, position: position,
            isFaulted: isFaulted)
    }

    private func unheld(
        _ player: String = "p2", applied: PlaybackSettings? = .idle, liveMuted: Bool = true, livePaused: Bool = true,
        isSettled: Bool = true
    ) -> SoakObservation.Engine {
        SoakObservation.Engine(
            player: player, applied: applied, isSettled: isSettled, liveMuted: liveMuted, livePaused: livePaused)
    }

    @Test func aHealthyObservationBreaksNothing() {
        var invariants = SoakInvariants()
        let observation = SoakObservation(
            seconds: 3, engines: [held(), unheld()], activeBeliefs: ["feed": ["p1"], "detail-1": ["p3"]])
        #expect(invariants.observe(observation) == [])
        #expect(
            invariants.judged == [
                "two pages on one engine": 2, "muted page audible": 1, "unheld engine not quiet": 1,
                "held player stuck": 1,
            ])
        // Values mpv could not give are not judged.
        var unread = unheld()
        unread.livePaused = nil
        #expect(invariants.observe(SoakObservation(seconds: 6, engines: [unread])) == [])
        #expect(invariants.judged["unheld engine not quiet"] == 1)
    }

    @Test func twoPagesBelievingTheyHoldOneEngine() {
        var invariants = SoakInvariants()
        let observation = SoakObservation(
            seconds: 3, engines: [held(by: ["feed", "detail-2"])],
            activeBeliefs: ["feed": ["p1"], "detail-2": ["p1"]])
        #expect(invariants.observe(observation) == [.twoPagesOnOneEngine(player: "p1", pages: ["detail-2", "feed"])])
        let twice = SoakObservation(seconds: 6, engines: [held(by: ["feed", "feed"])])
        #expect(invariants.observe(twice) == [.pageHoldsTwice(player: "p1", page: "feed")])
    }

    @Test func aMutedPagesEngineThatPlaysSoundOnlyOnceTheApplyHasLanded() {
        var invariants = SoakInvariants()
        #expect(
            invariants.observe(SoakObservation(seconds: 3, engines: [held(liveMuted: false)]))
                == [.mutedPageAudible(player: "p1", page: "feed")])
        // An apply in flight between the two snapshots, or settings that are not yet applied: no judgement.
        #expect(
            invariants.observe(SoakObservation(seconds: 6, engines: [held(liveMuted: false, isSettled: false)])) == [])
        var pending = held(liveMuted: false)
        pending.applied = loud
        #expect(invariants.observe(SoakObservation(seconds: 9, engines: [pending])) == [])
        // A page that is not muted may play sound.
        #expect(
            invariants.observe(
                SoakObservation(seconds: 12, engines: [held(by: ["d"], settings: loud, liveMuted: false)]))
                == [])
    }

    @Test func anUnheldEngineMustBeQuietAndGetTheIdleSettingsSoon() {
        var invariants = SoakInvariants(idleAfter: 9)
        #expect(
            invariants.observe(SoakObservation(seconds: 3, engines: [unheld(livePaused: false)]))
                == [.unheldEngineNotQuiet(player: "p2")])
        #expect(
            invariants.observe(SoakObservation(seconds: 6, engines: [unheld(liveMuted: false)]))
                == [.unheldEngineNotQuiet(player: "p2")])
        // Not yet idle: fine for 9 s (however many looks come in between), then reported once.
        let notIdle = unheld(applied: PlaybackSettings(isMuted: false, isPaused: false), livePaused: false)
        #expect(invariants.observe(SoakObservation(seconds: 9, engines: [notIdle])) == [])
        #expect(invariants.observe(SoakObservation(seconds: 9, engines: [notIdle])) == [])
        #expect(invariants.observe(SoakObservation(seconds: 9, engines: [notIdle])) == [])
        #expect(invariants.observe(SoakObservation(seconds: 12, engines: [notIdle])) == [])
        #expect(
            invariants.observe(SoakObservation(seconds: 18, engines: [notIdle]))
                == [.unheldEngineNeverIdled(player: "p2", seconds: 9)])
        #expect(invariants.observe(SoakObservation(seconds: 19, engines: [notIdle])) == [])
        // Idle again: the streak starts over.
        #expect(invariants.observe(SoakObservation(seconds: 21, engines: [unheld()])) == [])
        #expect(invariants.observe(SoakObservation(seconds: 24, engines: [notIdle])) == [])
    }

    @Test func aPageLetGoOfMayHoldAnEngineOnlyWithinTheGrace() {
        var invariants = SoakInvariants(leaseGrace: 10)
        let engines = [held(by: ["feed", "detail-4"])]
        #expect(invariants.observe(SoakObservation(seconds: 15, engines: engines, letGo: ["detail-4": 6])) == [])
        #expect(
            invariants.observe(SoakObservation(seconds: 18, engines: engines, letGo: ["detail-4": 6]))
                == [.leaseLeaked(player: "p1", page: "detail-4", seconds: 12)])
        #expect(invariants.observe(SoakObservation(seconds: 21, engines: engines, letGo: ["detail-4": 6])) == [])
    }

    @Test func aHeldPlayingEngineThatStandsStillWithNoFaultIsStuck() {
        var invariants = SoakInvariants(stuckAfter: 12)
        for seconds in stride(from: 0.0, through: 9, by: 3) {
            #expect(invariants.observe(SoakObservation(seconds: seconds, engines: [held(position: 2.5)])) == [])
        }
        #expect(
            invariants.observe(SoakObservation(seconds: 12, engines: [held(position: 2.5)]))
                == [.heldPlayerStuck(player: "p1", media: "item-1", seconds: 12)])
        #expect(invariants.observe(SoakObservation(seconds: 15, engines: [held(position: 2.5)])) == [])
        // It moves: the clock starts over. A fault on its media holds the report back, but not the clock: still long
        // after the fault, it is stuck.
        #expect(invariants.observe(SoakObservation(seconds: 18, engines: [held(position: 2.6)])) == [])
        #expect(invariants.observe(SoakObservation(seconds: 27, engines: [held(position: 2.6, isFaulted: true)])) == [])
        #expect(invariants.observe(SoakObservation(seconds: 33, engines: [held(position: 2.6, isFaulted: true)])) == [])
        #expect(
            invariants.observe(SoakObservation(seconds: 36, engines: [held(position: 2.6)]))
                == [.heldPlayerStuck(player: "p1", media: "item-1", seconds: 18)])
        // A pause (mpv's or the page's) or an unsettled look starts it over.
        #expect(
            invariants.observe(SoakObservation(seconds: 39, engines: [held(livePaused: true, position: 2.6)])) == [])
        #expect(invariants.observe(SoakObservation(seconds: 42, engines: [held(position: 2.6)])) == [])
        #expect(
            invariants.observe(SoakObservation(seconds: 51, engines: [held(position: 2.6, isSettled: false)])) == [])
        #expect(invariants.observe(SoakObservation(seconds: 54, engines: [held(position: 2.6)])) == [])
        let paused = PlaybackSettings(isMuted: true, isPaused: true)
        #expect(
            invariants.observe(SoakObservation(seconds: 63, engines: [held(settings: paused, position: 2.6)])) == [])
        #expect(invariants.observe(SoakObservation(seconds: 66, engines: [held(position: 2.6)])) == [])
        #expect(invariants.observe(SoakObservation(seconds: 75, engines: [held(position: 2.6)])) == [])
    }

    @Test func differingBytesAndUntypedFailuresAreReportedAsTheyCome() {
        var invariants = SoakInvariants()
        #expect(
            invariants.observe(SoakObservation(seconds: 3, differingReads: 2, untypedFailures: ["borrow: boom"]))
                == [.bytesDiffer(reads: 2), .untypedFailure("borrow: boom")])
        #expect(invariants.observe(SoakObservation(seconds: 6, differingReads: 2)) == [])
        #expect(invariants.observe(SoakObservation(seconds: 9, differingReads: 5)) == [.bytesDiffer(reads: 3)])
    }

    @Test func failuresAreTypedByTheirCause() {
        struct Foreign: Error {}
        #expect(SoakFailureKind.of(Foreign()) == .untyped)
        #expect(
            SoakFailureKind.of(PlayerPoolError.mediaFailed(MediaFailure(.notFound, reason: "404"))) == .mediaNotFound)
        #expect(SoakFailureKind.of(PlayerPoolError.mediaFailed(MediaFailure(.network, reason: "503"))) == .mediaNetwork)
        #expect(SoakFailureKind.of(PlayerPoolError.tokenExpired) == .tokenRefused)
        #expect(SoakFailureKind.of(PlayerPoolError.notActiveHolder) == .notHolder)
        #expect(SoakFailureKind.mediaNetwork.isExpected)
        #expect(SoakFailureKind.leaseRevoked.isExpected)
        let misread = SoakFailureKind.of(PlayerPoolError.mediaFailed(MediaFailure(.unsupported, reason: "truncated")))
        #expect(!misread.isExpected)
        #expect(!SoakFailureKind.of(PlayerPoolError.engineFailed("crashed")).isExpected)
        #expect(!SoakFailureKind.untyped.isExpected)
    }
}
