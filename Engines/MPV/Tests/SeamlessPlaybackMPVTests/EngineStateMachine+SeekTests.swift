import Testing

@testable import SeamlessPlaybackMPV

@Suite("EngineStateMachine: seeks")
struct EngineStateMachineSeekTests {
    typealias Machine = EngineStateMachine
    let start = ContinuousClock.now

    /// A machine playing entry 1 (a six-second file unless `duration` says otherwise), every request answered.
    private func playing(duration: Double? = 6, seekable: Bool? = true) throws -> Machine {
        var machine = Machine()
        let waiter = machine.reserveWaiter()
        _ = machine.startLoad(waiter, source: "clip", deadline: start + .seconds(10), timeout: .seconds(10))
        let loadfile = try firstSent(&machine)
        var events: [MPVEvent] = [
            .commandReply(request: loadfile.request, error: nil, playlistEntryID: 1), .startFile(playlistEntryID: 1),
            .fileLoaded, .propertyChange(name: "duration", value: duration.map { .double($0) }),
        ]
        if let seekable { events.append(.propertyChange(name: "seekable", value: .flag(seekable))) }
        for event in events { _ = machine.handle(event) }
        #expect(machine.handle(.playbackRestart) == [.init(waiter: waiter, outcome: .finished)])
        for probe in drain(&machine) {
            _ = machine.handle(.getPropertyReply(request: probe.request, name: "", value: nil, error: nil))
        }
        return machine
    }

    private func drain(_ machine: inout Machine) -> [Machine.Outgoing] {
        var sent: [Machine.Outgoing] = []
        while let next = machine.nextRequest() { sent.append(next) }
        return sent
    }

    /// The first of the requests due, all of which count as sent.
    private func firstSent(_ machine: inout Machine) throws -> Machine.Outgoing {
        let sent = drain(&machine)
        return try #require(sent.first)
    }

    private func seek(
        _ machine: inout Machine, to position: Duration, precision: MPVEngine.SeekPrecision = .exact
    ) -> Machine.WaiterID {
        let waiter = machine.reserveWaiter()
        _ = machine.startSeek(
            waiter, to: position, precision: precision, deadline: start + .seconds(3), timeout: .seconds(3))
        return waiter
    }

    @Test("a seek sends seek <s> absolute+exact, and finishes with the position read after its playback restart")
    func seekFinishesAfterRestart() throws {
        var machine = try playing()
        let waiter = seek(&machine, to: .seconds(3.5))
        let command = try firstSent(&machine)
        #expect(command.command == .command(["seek", "3.5", "absolute+exact"]))
        #expect(machine.handle(.playbackRestart) == [], "a restart before mpv took the seek is not its own")
        #expect(drain(&machine).isEmpty)
        #expect(machine.handle(.commandReply(request: command.request, error: nil, playlistEntryID: nil)) == [])
        #expect(machine.handle(.propertyChange(name: "time-pos", value: .double(3.5))) == [])
        #expect(machine.handle(.playbackRestart) == [])
        let read = try firstSent(&machine)
        #expect(read.command == .getProperty("time-pos", .double))
        #expect(
            machine.handle(.getPropertyReply(request: read.request, name: "time-pos", value: .double(3.5), error: nil))
                == [.init(waiter: waiter, outcome: .value(.double(3.5)))])
        #expect(machine.watch.position == 3.5)
        #expect(machine.pendingWaiterCount == 0)
        #expect(machine.requestsInFlight == 0)
    }

    @Test("a keyframe seek asks for keyframes and finishes where its first frame is, before the target")
    func keyframeSeek() throws {
        var machine = try playing()
        let waiter = seek(&machine, to: .seconds(3.5), precision: .keyframe)
        let command = try firstSent(&machine)
        #expect(command.command == .command(["seek", "3.5", "absolute+keyframes"]))
        _ = machine.handle(.commandReply(request: command.request, error: nil, playlistEntryID: nil))
        _ = machine.handle(.playbackRestart)
        let read = try firstSent(&machine)
        #expect(
            machine.handle(.getPropertyReply(request: read.request, name: "time-pos", value: .double(3), error: nil))
                == [.init(waiter: waiter, outcome: .value(.double(3)))])
        _ = machine.handle(.propertyChange(name: "time-pos", value: .double(3.5)))
        #expect(machine.watch.position == 3, "mpv's time-pos while seeking, read before the landing, is dropped")
        _ = machine.handle(.propertyChange(name: "time-pos", value: .double(3.033)))
        #expect(machine.watch.position == 3.033)
    }

    @Test("right after a load, before mpv said whether the file can seek, the seek reads seekable first")
    func seekableReadFirst() throws {
        for seekable in [true, false] {
            var machine = try playing(seekable: nil)
            _ = seek(&machine, to: .seconds(2))
            let read = try firstSent(&machine)
            #expect(read.command == .getProperty("seekable", .flag))
            _ = machine.handle(
                .getPropertyReply(request: read.request, name: "seekable", value: .flag(seekable), error: nil))
            let next = try firstSent(&machine)
            #expect(
                next.command
                    == (seekable
                        ? .command(["seek", "2.0", "absolute+exact"]) : .getProperty("demuxer-cache-state", .string)))
            #expect(machine.watch.isSeekable == seekable)
        }
    }

    @Test("a new load forgets whether the old file could seek")
    func loadForgetsSeekable() throws {
        var machine = try playing(seekable: false)
        let waiter = machine.reserveWaiter()
        _ = machine.startLoad(waiter, source: "next", deadline: start + .seconds(10), timeout: .seconds(10))
        #expect(machine.watch.isSeekable == nil)
        #expect(machine.watch.duration == nil)
    }

    @Test("a position past the end goes to mpv as the duration")
    func pastTheEndIsClamped() throws {
        var machine = try playing(duration: 6)
        _ = seek(&machine, to: .seconds(100))
        #expect(drain(&machine).first?.command == .command(["seek", "6.0", "absolute+exact"]))
    }

    @Test("a seek mpv refuses fails with mpv's reason")
    func refusedSeek() throws {
        var machine = try playing()
        let waiter = seek(&machine, to: .seconds(2))
        let command = try firstSent(&machine)
        #expect(
            machine.handle(
                .commandReply(request: command.request, error: "error running command", playlistEntryID: nil))
                == [
                    .init(
                        waiter: waiter,
                        outcome: .failed(.seekRefused(position: .seconds(2), reason: "error running command")))
                ])
    }

    @Test("a file that cannot seek reads mpv's cached ranges first: outside them it fails without a seek command")
    func unseekableOutsideTheCache() throws {
        var machine = try playing(seekable: false)
        let waiter = seek(&machine, to: .seconds(5))
        let read = try firstSent(&machine)
        #expect(read.command == .getProperty("demuxer-cache-state", .string))
        let state = #"{"cache-end":1.6,"seekable-ranges":[{"start":0.0,"end":1.6}]}"#
        let completions = machine.handle(
            .getPropertyReply(request: read.request, name: "demuxer-cache-state", value: .string(state), error: nil))
        let reason = "the stream cannot seek, and mpv has cached no range that holds 5.0 s"
        #expect(
            completions == [
                .init(waiter: waiter, outcome: .failed(.seekRefused(position: .seconds(5), reason: reason)))
            ])
        #expect(drain(&machine).isEmpty, "no seek reaches mpv")
    }

    @Test("a file that cannot seek seeks within a cached range; no ranges at all refuses the seek")
    func unseekableWithinTheCache() throws {
        var machine = try playing(seekable: false)
        _ = seek(&machine, to: .seconds(1))
        let read = try firstSent(&machine)
        let state = #"{"seekable-ranges":[{"start":-0.021,"end":5.994}]}"#
        #expect(
            machine.handle(
                .getPropertyReply(request: read.request, name: "demuxer-cache-state", value: .string(state), error: nil)
            )
                == [])
        #expect(drain(&machine).first?.command == .command(["seek", "1.0", "absolute+exact"]))

        var empty = try playing(seekable: false)
        let refused = seek(&empty, to: .seconds(1))
        let emptyRead = try firstSent(&empty)
        let outcome = empty.handle(
            .getPropertyReply(
                request: emptyRead.request, name: "demuxer-cache-state", value: .string(#"{"seekable-ranges":[]}"#),
                error: nil))
        #expect(outcome.map(\.waiter) == [refused])
    }

    @Test("a seek overtaken by a newer load ends with its own error when the old entry ends, never hangs")
    func seekOvertakenByLoad() throws {
        var machine = try playing()
        let waiter = seek(&machine, to: .seconds(2))
        let command = try firstSent(&machine)
        _ = machine.handle(.commandReply(request: command.request, error: nil, playlistEntryID: nil))
        let load = machine.reserveWaiter()
        _ = machine.startLoad(load, source: "next", deadline: start + .seconds(10), timeout: .seconds(10))
        let completions = machine.handle(.endFile(playlistEntryID: 1, reason: .stopped, error: nil))
        #expect(
            completions == [
                .init(
                    waiter: waiter,
                    outcome: .failed(
                        .seekInterrupted(
                            position: .seconds(2),
                            reason: "playback of the entry ended (stopped) before the seek's first frame")))
            ])
    }

    @Test("a seek still waiting for its reply when another entry starts fails as interrupted")
    func seekOvertakenByNewEntry() throws {
        var machine = try playing()
        let waiter = seek(&machine, to: .seconds(2))
        _ = drain(&machine)
        let completions = machine.handle(.startFile(playlistEntryID: 2))
        #expect(completions.map(\.waiter) == [waiter])
        guard case .failed(.seekInterrupted)? = completions.first?.outcome else {
            Issue.record("expected seekInterrupted, got \(completions)")
            return
        }
    }

    @Test("a seek overtaken by shutdown fails with shutDown; a seek after it is refused at once")
    func seekOvertakenByShutdown() throws {
        var machine = try playing()
        let waiter = seek(&machine, to: .seconds(2))
        _ = drain(&machine)
        _ = machine.stop()
        let late = seek(&machine, to: .seconds(1))
        #expect(machine.pendingWaiterCount == 1, "the late seek was refused at its start")
        #expect(machine.beginDestroying() == [.init(waiter: waiter, outcome: .failed(.shutDown))])
        #expect(machine.pendingWaiterCount == 0)
        _ = late
    }

    @Test("a seek mpv never carries out fails at its deadline, which the event thread waits for")
    func seekDeadline() throws {
        var machine = try playing()
        let waiter = seek(&machine, to: .seconds(2))
        let command = try firstSent(&machine)
        _ = machine.handle(.commandReply(request: command.request, error: nil, playlistEntryID: nil))
        #expect(machine.nextDeadline == start + .seconds(3))
        #expect(machine.deadlinesPassed(now: start + .seconds(2)) == [])
        #expect(
            machine.deadlinesPassed(now: start + .seconds(3)) == [
                .init(waiter: waiter, outcome: .failed(.seekTimedOut(position: .seconds(2), timeout: .seconds(3))))
            ])
        #expect(machine.nextDeadline == nil)
        #expect(machine.handle(.playbackRestart) == [], "a late restart finishes nothing")
        #expect(drain(&machine).isEmpty)
    }

    @Test("a deadline that passed while events waited unread is judged on them: the overtaking entry interrupts")
    func deadlineJudgedAfterTheQueue() throws {
        var machine = try playing()
        let waiter = seek(&machine, to: .seconds(4))
        let command = try firstSent(&machine)
        let late = start + .seconds(5)  // the event thread was descheduled (or held) past the seek's deadline
        #expect(
            machine.handle(.commandReply(request: command.request, error: nil, playlistEntryID: nil), readAt: late)
                == [])
        #expect(
            machine.handle(.endFile(playlistEntryID: 1, reason: .stopped, error: nil), readAt: late) == [
                .init(
                    waiter: waiter,
                    outcome: .failed(
                        .seekInterrupted(
                            position: .seconds(4),
                            reason: "playback of the entry ended (stopped) before the seek's first frame")))
            ])
    }

    @Test("a seek's deadline is judged only when mpv's queue is drained (none): then its silence fails it")
    func deadlineJudgedOnDrain() throws {
        var machine = try playing()
        let waiter = seek(&machine, to: .seconds(2))
        let command = try firstSent(&machine)
        let late = start + .seconds(5)
        #expect(
            machine.handle(.commandReply(request: command.request, error: nil, playlistEntryID: nil), readAt: late)
                == [])
        #expect(machine.handle(.propertyChange(name: "pause", value: .flag(false)), readAt: late) == [])
        #expect(machine.pendingWaiterCount == 1, "an event was read, the queue not yet drained")
        #expect(machine.handle(.none, readAt: start + .seconds(2)) == [], "drained before the deadline")
        #expect(
            machine.handle(.none, readAt: late) == [
                .init(waiter: waiter, outcome: .failed(.seekTimedOut(position: .seconds(2), timeout: .seconds(3))))
            ])
    }

    @Test("cancelling a seek changes nothing: mpv has it, and its first frame finishes it")
    func seekIsNotCancelled() throws {
        var machine = try playing()
        let waiter = seek(&machine, to: .seconds(2))
        let command = try firstSent(&machine)
        #expect(machine.cancel(waiter) == [])
        _ = machine.handle(.commandReply(request: command.request, error: nil, playlistEntryID: nil))
        _ = machine.handle(.playbackRestart)
        let read = try firstSent(&machine)
        #expect(
            machine.handle(.getPropertyReply(request: read.request, name: "time-pos", value: .double(2), error: nil))
                == [.init(waiter: waiter, outcome: .value(.double(2)))])
    }

    @Test("the first position report after a landing is dropped when it was read before the seek")
    func staleFirstPositionIsDropped() {
        for (report, kept) in [(4.9, false), (2.01, true), (1.9, false), (2.3, true), (3.1, false)] {
            var watch = PlaybackWatch()
            watch.propertyChanged("time-pos", to: .double(4.8))
            watch.seekLanded(at: 2, target: 2)
            watch.propertyChanged("time-pos", to: .double(report))
            #expect(watch.position == (kept ? report : 2), "first report \(report)")
            watch.propertyChanged("time-pos", to: .double(report))
            #expect(watch.position == report, "the reports after the first are taken")
        }
    }
}
