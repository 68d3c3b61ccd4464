import Testing

@testable import SeamlessPlayback

@Suite("PoolStateMachine: the engine's own changes end the settings' claim to be live")
struct PoolStateMachineStatusTests {
    let p1 = MachineHarness.pid1

    func status(_ phase: PlaybackPhase) -> PlaybackStatus {
        PlaybackStatus(phase: phase, position: .seconds(2), duration: .seconds(6))
    }

    /// Feed and detail with the same settings: the handoff's apply is skipped unless the engine changed by itself.
    func samePages() throws -> (MachineHarness, feed: SessionID, detail: SessionID, Grant) {
        let h = MachineHarness()
        let feed = h.open("feed", detailSettings)
        let detail = h.open("detail", detailSettings)
        let lease = try #require(h.acquire(feed, clip))
        return (h, feed, detail, lease)
    }

    @Test func withoutAnOutsideChangeAHandoffToTheSameSettingsAppliesNothing() throws {
        let (h, _, detail, lease) = try samePages()
        h.step { $0.statusReported(p1, status(.playing)) }
        let token = try #require(h.lend(lease))
        let borrow = h.request()
        let actions = h.step { $0.borrowRequested(borrow, token: token, by: detail, now: .zero) }
        #expect(actions.jobs.isEmpty)
        #expect(actions.grant(for: borrow) != nil)
    }

    @Test(arguments: [PauseReason.interrupted, .outputLost, .system])
    func aSystemPauseMakesTheNextHandoffApplyInFull(reason: PauseReason) throws {
        let (h, _, detail, lease) = try samePages()
        #expect(h.step { $0.statusReported(p1, status(.paused(reason))) } == [])
        #expect(h.machine.players[p1]?.applied == nil)
        #expect(h.machine.metrics.outsideChanges == 1)
        let token = try #require(h.lend(lease))
        let borrow = h.request()
        let actions = h.step { $0.borrowRequested(borrow, token: token, by: detail, now: .zero) }
        #expect(actions.jobs == [.run(.apply(detailSettings, version: 2), on: p1)])
        #expect(h.step { $0.applyFinished(p1, version: 2) }.grant(for: borrow) != nil)
        #expect(h.machine.players[p1]?.applied == detailSettings)
    }

    @Test func aSystemPauseMakesTheActiveHoldersNextUpdateApplyEvenUnchanged() throws {
        let (h, feed, _, _) = try samePages()
        h.step { $0.statusReported(p1, status(.paused(.interrupted))) }
        let update = h.request()
        #expect(
            h.step { $0.updateRequested(update, session: feed, settings: detailSettings) }
                == [.run(.apply(detailSettings, version: 2), on: p1)])
        // Without the outside change the same update lands at once.
        h.step { $0.applyFinished(p1, version: 2) }
        let again = h.request()
        #expect(h.step { $0.updateRequested(again, session: feed, settings: detailSettings) } == [.succeed(again)])
    }

    @Test func theMachineNeverUndoesASystemPauseOnItsOwn() throws {
        let (h, _, _, _) = try samePages()
        #expect(h.step { $0.statusReported(p1, status(.paused(.outputLost))) }.jobs.isEmpty)
        #expect(h.job(p1) == nil)
    }

    @Test(arguments: [
        (PlaybackPhase.playing, PlaybackSettings(), true),
        (.playing, PlaybackSettings(isPaused: true), false),
        (.buffering, PlaybackSettings(), true),
        (.loading, PlaybackSettings(), true),
        (.ended, PlaybackSettings(endAction: .pause), true),
        (.ended, PlaybackSettings(endAction: .loop), false),
        (.paused(.requested), PlaybackSettings(isPaused: true), true),
        (.paused(.requested), PlaybackSettings(), true),
        (.paused(.interrupted), PlaybackSettings(), false),
        (.paused(.system), PlaybackSettings(isPaused: true), true),
        (.paused(.outputLost), PlaybackSettings(), false),
    ])
    func whatTheSettingsExplain(phase: PlaybackPhase, settings: PlaybackSettings, explained: Bool) {
        #expect(status(phase).isExplained(by: settings) == explained)
        let h = MachineHarness()
        let page = h.open("page", settings)
        _ = h.acquire(page, clip)
        h.step { $0.statusReported(p1, status(phase)) }
        #expect((h.machine.players[p1]?.applied == settings) == explained)
        #expect(h.machine.statuses[p1]?.status == status(phase))
    }

    @Test func aReportDuringAnApplyIsJudgedByEitherSettingsAndAnOutsideOneOutlivesTheApply() throws {
        let (h, feed, _, _) = try samePages()
        let update = h.request()
        let paused = PlaybackSettings(isPaused: true)
        h.step { $0.updateRequested(update, session: feed, settings: paused) }
        // The apply's own echo: explained by the settings it puts on.
        h.step { $0.statusReported(p1, status(.paused(.requested))) }
        h.step { $0.applyFinished(p1, version: 2) }
        #expect(h.machine.players[p1]?.applied == paused)
        // The next apply's echo, before the apply is reported: explained by the settings it puts on.
        let resume = h.request()
        h.step { $0.updateRequested(resume, session: feed, settings: detailSettings) }
        h.step { $0.statusReported(p1, status(.playing)) }
        h.step { $0.applyFinished(p1, version: 3) }
        #expect(h.machine.players[p1]?.applied == detailSettings)
        // A system pause while an apply that pauses runs, after settings that play: explained by one only, not enough.
        let pause = h.request()
        h.step { $0.updateRequested(pause, session: feed, settings: paused) }
        h.step { $0.statusReported(p1, status(.paused(.interrupted))) }
        #expect(h.step { $0.applyFinished(p1, version: 4) } == [.succeed(pause)])
        #expect(h.machine.players[p1]?.applied == nil)
        // An outside change while the next apply runs: that apply lands, but nothing counts as live.
        let again = h.request()
        h.step { $0.updateRequested(again, session: feed, settings: detailSettings) }
        h.step { $0.statusReported(p1, status(.paused(.interrupted))) }
        #expect(h.step { $0.applyFinished(p1, version: 5) } == [.succeed(again)])
        #expect(h.machine.players[p1]?.applied == nil)
        #expect(h.machine.players[p1]?.landed == 5)
    }

    @Test("a .playing is superseded only when the next report of another phase in its burst is a requested pause")
    func supersededReportsOfABurst() {
        let requested = status(.paused(.requested))
        let playing = status(.playing)
        #expect(PoolStateMachine.superseded(in: []) == [])
        #expect(PoolStateMachine.superseded(in: [status(.playing)]) == [false])
        #expect(PoolStateMachine.superseded(in: [status(.playing), requested]) == [true, false])
        #expect(PoolStateMachine.superseded(in: [playing, playing, requested]) == [true, true, false])
        // A stall between: the first `.playing` played; only the one the pause follows is an echo.
        let stall = [playing, status(.buffering), playing]
        let ended = stall + [status(.ended), requested]
        #expect(PoolStateMachine.superseded(in: ended) == [false, false, false, false, false])
        #expect(PoolStateMachine.superseded(in: stall + [requested]) == [false, false, true, false])
        #expect(
            PoolStateMachine.superseded(in: [status(.playing), status(.paused(.interrupted)), requested])
                == [false, false, false])
        #expect(PoolStateMachine.superseded(in: [requested, status(.playing)]) == [false, false])
    }

    @Test func aPlayingThatALaterReportSupersedesIsNotJudgedButLostReportsAre() throws {
        let (h, _, _, _) = try samePages()
        let pausedPage = h.open("paused", PlaybackSettings(isPaused: true))
        let lease = try #require(h.acquire(pausedPage, film))
        h.step { $0.statusReported(lease.player, status(.playing), isSuperseded: true) }
        #expect(h.machine.players[lease.player]?.applied == PlaybackSettings(isPaused: true))
        h.step { $0.statusReported(lease.player, status(.playing)) }
        #expect(h.machine.players[lease.player]?.applied == nil)
        h.step { $0.statusReportsLost(p1) }
        #expect(h.machine.players[p1]?.applied == nil)
        #expect(h.machine.metrics.outsideChanges == 2)
    }
}

@Suite("PoolStateMachine: a shutdown waits for failed engines whose call is only slow")
struct PoolStateMachineShutdownWaitTests {
    let p1 = MachineHarness.pid1

    /// An acquire whose load is running when its engine reports a failure.
    func failedDuringLoad() throws -> (MachineHarness, acquire: RequestID) {
        let h = MachineHarness()
        let feed = h.open("feed", feedSettings)
        let acquire = h.request()
        h.step { $0.acquireRequested(acquire, session: feed, media: clip, timeout: nil, now: .zero) }
        h.finishUntilLoad(p1)
        #expect(h.job(p1) == .load(clip))
        let failed = h.step { $0.engineFailed(p1, reason: "stream cut", now: .zero) }
        #expect(failed.failure(for: acquire) == .engineFailed("stream cut"))
        #expect(h.machine.failedEngines[p1] == .callInFlight(watchers: []))
        return (h, acquire)
    }

    @Test func theShutdownReturnsOnlyOnceTheSlowCallReturnedAndTheEngineIsShutDown() throws {
        let (h, _) = try failedDuringLoad()
        let shutdown = h.request()
        #expect(!h.step { $0.shutdownRequested(shutdown) }.succeeded(shutdown))
        #expect(h.machine.failedEngines[p1] == .callInFlight(watchers: [shutdown]), "the shutdown waits on the engine")
        #expect(h.step { $0.loadFinished(p1, media: clip) } == [.run(.shutDown, on: p1)])
        #expect(h.machine.failedEngines[p1] == .shuttingDown(watchers: [shutdown]), "and on, through its shutdown")
        #expect(h.step { $0.engineShutDown(p1) }.succeeded(shutdown))
    }

    @Test func aCallThatOutlastsItsTimeoutIsNoLongerWaitedFor() throws {
        let (h, _) = try failedDuringLoad()
        let shutdown = h.request()
        h.step { $0.shutdownRequested(shutdown) }
        #expect(h.step { $0.callTimedOut(p1, call: "load of clip did not return", now: .zero) } == [.succeed(shutdown)])
        #expect(h.machine.failedEngines[p1] == .hung, "a hung engine keeps no one waiting")
        #expect(h.machine.metrics.abandoned == 1)
        // It is still shut down once the call returns.
        #expect(h.step { $0.loadFinished(p1, media: clip) } == [.run(.shutDown, on: p1)])
        h.step { $0.engineShutDown(p1) }
        #expect(h.machine.metrics.live == 0)
    }

    @Test func aShutdownAfterTheCallHungDoesNotWaitForIt() throws {
        let (h, _) = try failedDuringLoad()
        h.step { $0.callTimedOut(p1, call: "load of clip did not return", now: .zero) }
        let shutdown = h.request()
        #expect(h.step { $0.shutdownRequested(shutdown) }.succeeded(shutdown))
    }

    /// Found in review: the engine failed (a report) after the shutdown began, while its load ran; the shutdown
    /// stopped waiting for it and returned before the engine was shut down.
    @Test func aShutdownWaitsForAnEngineThatFailsWhileItWaits() {
        let h = MachineHarness()
        let feed = h.open("feed", feedSettings)
        let acquire = h.request()
        h.step { $0.acquireRequested(acquire, session: feed, media: clip, timeout: nil, now: .zero) }
        h.step { $0.engineCreated(p1) }
        let shutdown = h.request()
        #expect(h.step { $0.shutdownRequested(shutdown) }.failure(for: acquire) == .poolShutDown)
        #expect(!h.step { $0.engineFailed(p1, reason: "stream cut", now: .zero) }.succeeded(shutdown))
        #expect(h.step { $0.loadFinished(p1, media: clip) } == [.run(.shutDown, on: p1)])
        #expect(h.step { $0.engineShutDown(p1) }.succeeded(shutdown))
    }
}
