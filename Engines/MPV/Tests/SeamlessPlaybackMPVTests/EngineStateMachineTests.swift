import SeamlessPlayback
import Testing

@testable import SeamlessPlaybackMPV

@Suite("EngineStateMachine")
struct EngineStateMachineTests {
    typealias Machine = EngineStateMachine
    let start = ContinuousClock.now

    /// Starts a load and returns its waiter and request.
    private func startLoad(_ machine: inout Machine, source: String = "clip") throws -> (Machine.WaiterID, UInt64) {
        let waiter = machine.reserveWaiter()
        let action = machine.startLoad(waiter, source: source, deadline: start + .seconds(10), timeout: .seconds(10))
        guard case .queued(let requests) = action, let request = requests.first, requests.count == 1 else {
            Issue.record("expected one request, got \(action)")
            throw MPVError.shutDown
        }
        return (waiter, request)
    }

    @Test("a load finishes at its entry's first playback restart, not at the loadfile reply")
    func loadFinishesAtPlaybackRestart() throws {
        var machine = Machine()
        let (waiter, request) = try startLoad(&machine)
        #expect(machine.handle(.commandReply(request: request, error: nil, playlistEntryID: 7)) == [])
        #expect(machine.handle(.startFile(playlistEntryID: 7)) == [])
        #expect(machine.handle(.playbackRestart) == [], "a restart before file-loaded is not playback")
        #expect(machine.handle(.fileLoaded) == [])
        #expect(machine.handle(.playbackRestart) == [.init(waiter: waiter, outcome: .finished)])
        #expect(machine.fileLoadedCount == 1)
        #expect(machine.pendingWaiterCount == 0)
    }

    @Test("a loadfile reply that arrives after playback started still finishes the load")
    func replyAfterPlaybackStarted() throws {
        var machine = Machine()
        let (waiter, request) = try startLoad(&machine)
        for event: MPVEvent in [.startFile(playlistEntryID: 3), .fileLoaded, .playbackRestart] {
            #expect(machine.handle(event) == [])
        }
        #expect(
            machine.handle(.commandReply(request: request, error: nil, playlistEntryID: 3))
                == [.init(waiter: waiter, outcome: .finished)])
    }

    @Test("the end of the previous entry and its restarts do not finish a new load")
    func previousEntryIsIgnored() throws {
        var machine = Machine()
        for event: MPVEvent in [.startFile(playlistEntryID: 1), .fileLoaded, .playbackRestart] {
            _ = machine.handle(event)
        }
        let (waiter, request) = try startLoad(&machine)
        #expect(machine.handle(.commandReply(request: request, error: nil, playlistEntryID: 2)) == [])
        #expect(machine.handle(.playbackRestart) == [], "entry 1 is still current")
        #expect(machine.handle(.endFile(playlistEntryID: 1, reason: .stopped, error: nil)) == [])
        #expect(machine.handle(.startFile(playlistEntryID: 2)) == [])
        #expect(machine.handle(.fileLoaded) == [])
        #expect(machine.handle(.playbackRestart) == [.init(waiter: waiter, outcome: .finished)])
        #expect(machine.fileLoadedCount == 2)
    }

    @Test("an entry that ends with an error fails its load once mpv's queue is drained, from the log read by then")
    func endFileErrorFailsLoad() throws {
        var machine = Machine()
        let (waiter, request) = try startLoad(&machine, source: "/missing.mp4")
        _ = machine.handle(.commandReply(request: request, error: nil, playlistEntryID: 4))
        _ = machine.handle(.startFile(playlistEntryID: 4))
        #expect(machine.handle(.endFile(playlistEntryID: 4, reason: .error, error: "loading failed")) == [])
        #expect(machine.awaitsDrain)
        #expect(machine.nextDeadline == nil, "an ended load no longer times out")
        // mpv hands out log lines only when no event is queued: after the end-file they preceded.
        let line = MediaFailureClassifier.LogLine(
            prefix: "file", level: "error", text: "Cannot open file '/missing.mp4': No such file or directory")
        #expect(machine.handle(.logMessage(line)) == [])
        let reason = "mpv could not play /missing.mp4: loading failed (file: \(line.text))"
        #expect(
            machine.handle(.none) == [
                .init(waiter: waiter, outcome: .mediaFailed(MediaFailure(.notFound, reason: reason)))
            ]
        )
        #expect(!machine.awaitsDrain)
        #expect(machine.fileLoadedCount == 0)
        #expect(machine.pendingWaiterCount == 0)
    }

    @Test("an entry that ends for a fault of mpv's own outputs fails its load with an MPVError")
    func endFileEngineFaultFailsLoad() throws {
        var machine = Machine()
        let (waiter, request) = try startLoad(&machine)
        _ = machine.handle(.commandReply(request: request, error: nil, playlistEntryID: 4))
        _ = machine.handle(.startFile(playlistEntryID: 4))
        let error = "audio output initialization failed"
        #expect(machine.handle(.endFile(playlistEntryID: 4, reason: .error, error: error)) == [])
        #expect(
            machine.handle(.none) == [
                .init(waiter: waiter, outcome: .failed(.playbackFailed(source: "clip", reason: error)))
            ])
    }

    @Test("a load cancelled after its entry ended fails as cancelled without stopping mpv")
    func cancelAfterEndFile() throws {
        var machine = Machine()
        let (waiter, request) = try startLoad(&machine)
        #expect(machine.nextRequest()?.request == request)
        _ = machine.handle(.commandReply(request: request, error: nil, playlistEntryID: 4))
        _ = machine.handle(.startFile(playlistEntryID: 4))
        _ = machine.handle(.endFile(playlistEntryID: 4, reason: .error, error: "loading failed"))
        #expect(machine.cancel(waiter) == [.init(waiter: waiter, outcome: .failed(.cancelled))])
        #expect(machine.nextRequest() == nil)
        #expect(machine.handle(.none) == [])
    }

    @Test("log lines of an earlier load, or read while no load waits, say nothing of the next load's failure")
    func logIsTheLoads() throws {
        var machine = Machine()
        let notFound = MediaFailureClassifier.LogLine(prefix: "ffmpeg", level: "error", text: "http: HTTP error 404")
        _ = machine.handle(.logMessage(notFound))
        #expect(machine.loadLog.isEmpty)
        let (first, request) = try startLoad(&machine)
        _ = machine.handle(.logMessage(notFound))
        _ = machine.handle(.commandReply(request: request, error: nil, playlistEntryID: 1))
        _ = machine.handle(.startFile(playlistEntryID: 1))
        _ = machine.handle(.fileLoaded)
        #expect(machine.handle(.playbackRestart) == [.init(waiter: first, outcome: .finished)])
        let (second, next) = try startLoad(&machine)
        #expect(machine.loadLog.isEmpty)
        _ = machine.handle(.commandReply(request: next, error: nil, playlistEntryID: 2))
        _ = machine.handle(.endFile(playlistEntryID: 2, reason: .error, error: "unrecognized file format"))
        let reason = "mpv could not play clip: unrecognized file format"
        #expect(
            machine.handle(.none) == [
                .init(waiter: second, outcome: .mediaFailed(MediaFailure(.unsupported, reason: reason)))
            ]
        )
    }

    @Test("a refused loadfile fails the load")
    func refusedLoadfile() throws {
        var machine = Machine()
        let (waiter, request) = try startLoad(&machine)
        #expect(
            machine.handle(.commandReply(request: request, error: "invalid parameter", playlistEntryID: nil))
                == [.init(waiter: waiter, outcome: .failed(.loadRejected(source: "clip", reason: "invalid parameter")))]
        )
    }

    @Test("without an entry ID in the reply, the next start-file is the load's")
    func replyWithoutEntryID() throws {
        var machine = Machine()
        let (waiter, request) = try startLoad(&machine)
        _ = machine.handle(.commandReply(request: request, error: nil, playlistEntryID: nil))
        _ = machine.handle(.startFile(playlistEntryID: 9))
        _ = machine.handle(.fileLoaded)
        #expect(machine.handle(.playbackRestart) == [.init(waiter: waiter, outcome: .finished)])
    }

    @Test("a load fails at its deadline, not before, after stopping mpv; a late reply is ignored")
    func loadDeadline() throws {
        var machine = Machine()
        let (waiter, request) = try startLoad(&machine)
        #expect(machine.nextRequest() == .init(request: request, command: .loadFile("clip")))
        #expect(machine.nextDeadline == start + .seconds(10))
        #expect(machine.deadlinesPassed(now: start + .seconds(9)) == [])
        #expect(machine.deadlinesPassed(now: start + .seconds(10)) == [], "the load first stops mpv")
        let next = machine.nextRequest()
        let stop = try #require(next)
        #expect(stop.command == .stop)
        #expect(machine.nextDeadline == nil)
        #expect(machine.handle(.commandReply(request: request, error: nil, playlistEntryID: 1)) == [])
        #expect(
            machine.handle(.commandReply(request: stop.request, error: nil, playlistEntryID: nil)) == [
                .init(
                    waiter: waiter,
                    outcome: .mediaFailed(
                        MediaFailure(.timedOut, reason: "playback of clip did not start within 10.0 seconds"))
                )
            ])
        #expect(machine.pendingWaiterCount == 0)
        #expect(machine.requestsInFlight == 0)
    }

    @Test("a load's first frame read after its deadline, before the queue drained, finishes it")
    func loadDeadlineJudgedAfterTheQueue() throws {
        var machine = Machine()
        let (waiter, request) = try startLoad(&machine)
        _ = machine.nextRequest()
        let late = start + .seconds(12)
        for event: MPVEvent in [
            .commandReply(request: request, error: nil, playlistEntryID: 1), .startFile(playlistEntryID: 1),
            .fileLoaded,
        ] {
            #expect(machine.handle(event, readAt: late) == [])
        }
        #expect(machine.handle(.playbackRestart, readAt: late) == [.init(waiter: waiter, outcome: .finished)])
        #expect(machine.handle(.none, readAt: late) == [])
        #expect(machine.nextRequest()?.command != .stop, "nothing stops mpv")
    }

    @Test("an apply finishes when every property has replied, reporting the first refusal")
    func applyWaitsForEveryReply() {
        var machine = Machine()
        let waiter = machine.reserveWaiter()
        guard
            case .queued(let requests) = machine.startApply(
                waiter, properties: [("mute", .flag(true)), ("volume", .double(50)), ("speed", .double(1))])
        else {
            Issue.record("expected requests")
            return
        }
        #expect(requests.count == 3)
        #expect(machine.handle(.setPropertyReply(request: requests[0], error: nil)) == [])
        #expect(machine.handle(.setPropertyReply(request: requests[1], error: "out of range")) == [])
        #expect(
            machine.handle(.setPropertyReply(request: requests[2], error: "later error")) == [
                .init(
                    waiter: waiter, outcome: .failed(.propertyFailed(name: "volume", reason: "out of range"))
                )
            ])
    }

    @Test("a request mpv would not queue completes its call at once")
    func requestNotSent() {
        var machine = Machine()
        let waiter = machine.reserveWaiter()
        guard case .queued(let requests) = machine.startRead(waiter, property: "time-pos") else {
            Issue.record("expected a request")
            return
        }
        #expect(machine.nextRequest()?.request == requests[0])
        #expect(
            machine.requestNotSent(requests[0], reason: "invalid") == [
                .init(
                    waiter: waiter, outcome: .failed(.propertyFailed(name: "time-pos", reason: "invalid"))
                )
            ])
    }

    @Test("a property read returns mpv's value, or nil when it has none")
    func propertyRead() {
        var machine = Machine()
        for value: MPVValue? in [.double(1.5), nil] {
            let waiter = machine.reserveWaiter()
            guard case .queued(let requests) = machine.startRead(waiter, property: "time-pos") else { return }
            #expect(
                machine.handle(.getPropertyReply(request: requests[0], name: "time-pos", value: value, error: nil))
                    == [.init(waiter: waiter, outcome: .value(value))])
        }
    }

    @Test("a cancellation before the request is sent is remembered; one after stops mpv, then fails the load")
    func cancellation() throws {
        var machine = Machine()
        let early = machine.reserveWaiter()
        #expect(machine.cancel(early) == [])
        #expect(
            machine.startLoad(early, source: "clip", deadline: start, timeout: .zero)
                == .complete(.init(waiter: early, outcome: .failed(.cancelled))))

        let (waiter, request) = try startLoad(&machine)
        #expect(machine.nextRequest() == .init(request: request, command: .loadFile("clip")))
        #expect(machine.cancel(waiter) == [])
        let next = machine.nextRequest()
        let stop = try #require(next)
        #expect(stop.command == .stop)
        #expect(machine.cancel(waiter) == [], "cancelling twice is a no-op")
        #expect(machine.nextRequest() == nil, "one stop only")
        #expect(machine.handle(.commandReply(request: request, error: nil, playlistEntryID: 1)) == [])
        #expect(
            machine.handle(.commandReply(request: stop.request, error: nil, playlistEntryID: nil))
                == [.init(waiter: waiter, outcome: .failed(.cancelled))])
        #expect(machine.pendingWaiterCount == 0)
    }

    @Test("stopping refuses new calls and destroying fails every pending one")
    func stopAndDestroy() throws {
        var machine = Machine()
        let (load, _) = try startLoad(&machine)
        let read = machine.reserveWaiter()
        _ = machine.startRead(read, property: "mute")
        let firstStop = machine.stop()
        let secondStop = machine.stop()
        #expect(firstStop)
        #expect(!secondStop, "only the first stop wakes the event thread")
        let late = machine.reserveWaiter()
        #expect(
            machine.startApply(late, properties: [("mute", .flag(true))])
                == .complete(.init(waiter: late, outcome: .failed(.shutDown))))
        #expect(
            machine.beginDestroying() == [
                .init(waiter: load, outcome: .failed(.shutDown)),
                .init(waiter: read, outcome: .failed(.shutDown)),
            ])
        machine.destroyed()
        #expect(machine.lifecycle == .destroyed)
    }

    @Test("mpv's own shutdown event stops the handle")
    func coreShutdown() {
        var machine = Machine()
        _ = machine.handle(.shutdown)
        #expect(machine.lifecycle == .stopping)
    }
}
