import SeamlessPlayback
import Testing

@testable import SeamlessPlaybackMPV

@Suite("EngineStateMachine: status reports")
struct EngineStateMachineStatusTests {
    typealias Machine = EngineStateMachine
    let start = ContinuousClock.now

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

    /// Starts a load and plays it to its first frame, reporting on the way; returns the statuses reported.
    private func load(_ machine: inout Machine, durationFirst: Bool = true) throws -> [PlaybackStatus] {
        var reported: [PlaybackStatus] = []
        let waiter = machine.reserveWaiter()
        _ = machine.startLoad(waiter, source: "clip", deadline: start + .seconds(10), timeout: .seconds(10))
        machine.statusReport().map { reported.append($0) }
        let loadfile = try firstSent(&machine)
        var events: [MPVEvent] = [
            .commandReply(request: loadfile.request, error: nil, playlistEntryID: 1), .startFile(playlistEntryID: 1),
            .fileLoaded, .propertyChange(name: "pause", value: .flag(false)),
        ]
        if durationFirst { events.append(.propertyChange(name: "duration", value: .double(6))) }
        events.append(.playbackRestart)
        for event in events {
            _ = machine.handle(event)
            machine.statusReport().map { reported.append($0) }
        }
        return reported
    }

    /// Sends an apply of `settings` and answers all its sets; returns the requests by property name.
    @discardableResult
    private func apply(_ machine: inout Machine, _ settings: PlaybackSettings) -> [String: Machine.RequestID] {
        let waiter = machine.reserveWaiter()
        _ = machine.startApply(waiter, properties: settings.mpvProperties)
        var requests: [String: Machine.RequestID] = [:]
        for sent in drain(&machine) {
            if case .setProperty(let name, _) = sent.command { requests[name] = sent.request }
            _ = machine.handle(.setPropertyReply(request: sent.request, error: nil))
        }
        return requests
    }

    @Test("a load reports loading when it starts, then playing with the duration at its first frame")
    func loadReports() throws {
        var machine = Machine()
        let reported = try load(&machine)
        #expect(
            reported == [
                PlaybackStatus(phase: .loading, position: .zero, duration: nil),
                PlaybackStatus(phase: .playing, position: .zero, duration: .seconds(6)),
            ])
        #expect(drain(&machine).isEmpty, "the duration was known: nothing to read")
    }

    @Test("a duration mpv has not reported at the first frame is read, and reported when the read answers")
    func durationIsRead() throws {
        var machine = Machine()
        let reported = try load(&machine, durationFirst: false)
        #expect(reported.last == PlaybackStatus(phase: .playing, position: .zero, duration: nil))
        let read = try firstSent(&machine)
        #expect(read.command == .getProperty("duration", .double))
        #expect(machine.pendingWaiterCount == 0, "the machine's own read finishes no call")
        _ = machine.handle(.getPropertyReply(request: read.request, name: "duration", value: .double(6), error: nil))
        #expect(machine.statusReport() == PlaybackStatus(phase: .playing, position: .zero, duration: .seconds(6)))
    }

    @Test("the engine's own pause is requested; a pause from outside is system; the page's settings end it")
    func ownAndOutsidePauses() throws {
        var machine = Machine()
        _ = try load(&machine)
        apply(&machine, PlaybackSettings(isPaused: true))
        _ = machine.handle(.propertyChange(name: "pause", value: .flag(true)))
        #expect(machine.statusReport()?.phase == .paused(.requested))
        apply(&machine, PlaybackSettings())
        _ = machine.handle(.propertyChange(name: "pause", value: .flag(false)))
        #expect(machine.statusReport()?.phase == .playing)
        // Something outside the engine (the IPC socket) pauses.
        _ = machine.handle(.propertyChange(name: "pause", value: .flag(true)))
        #expect(machine.statusReport()?.phase == .paused(.system))
        #expect(drain(&machine).isEmpty, "judged at once: no check needed")
        apply(&machine, PlaybackSettings())
        _ = machine.handle(.propertyChange(name: "pause", value: .flag(false)))
        #expect(machine.statusReport()?.phase == .playing)
    }

    @Test("a report that may predate the engine's set is checked with a read of pause, then judged")
    func doubtfulReportIsChecked() throws {
        var machine = Machine()
        _ = try load(&machine)
        apply(&machine, PlaybackSettings(isPaused: true))
        // The one read under way across the set comes back with the value from before it.
        _ = machine.handle(.propertyChange(name: "pause", value: .flag(false)))
        #expect(machine.statusReport() == nil, "not judged: no outside unpause reported")
        let check = try firstSent(&machine)
        #expect(check.command == .getProperty("pause", .flag))
        _ = machine.handle(.getPropertyReply(request: check.request, name: "pause", value: .flag(true), error: nil))
        #expect(machine.statusReport()?.phase == .paused(.requested))
    }

    @Test("an outside unpause of the engine's pause reports playing")
    func outsideUnpause() throws {
        var machine = Machine()
        _ = try load(&machine)
        apply(&machine, PlaybackSettings(isPaused: true))
        _ = machine.handle(.propertyChange(name: "pause", value: .flag(true)))
        _ = machine.statusReport()
        _ = machine.handle(.propertyChange(name: "pause", value: .flag(false)))
        #expect(machine.statusReport()?.phase == .playing)
        #expect(machine.pause.current == .init(isPaused: false, isOutside: true))
    }

    @Test("idle settings applied before the first load stay through it: loadfile alone, then paused (requested)")
    func idleSettingsBeforeTheFirstLoad() throws {
        var machine = Machine()
        // mpv reports an observed property once when it is first observed: a new player is not paused.
        _ = machine.handle(.propertyChange(name: "pause", value: .flag(false)))
        let sets = apply(&machine, .idle)
        #expect(Set(sets.keys) == ["mute", "volume", "speed", "pause", "panscan", "loop-file"])
        _ = machine.handle(.propertyChange(name: "pause", value: .flag(true)))
        #expect(machine.statusReport() == nil, "nothing loaded: no status")

        let waiter = machine.reserveWaiter()
        _ = machine.startLoad(waiter, source: "clip", deadline: start + .seconds(10), timeout: .seconds(10))
        #expect(machine.statusReport() == PlaybackStatus(phase: .loading, position: .zero, duration: nil))
        let sent = drain(&machine)
        #expect(sent.map(\.command) == [.loadFile("clip")], "the load sets nothing: pause stays the engine's")
        let loadfile = try #require(sent.first)
        var completions: [Machine.Completion] = []
        for event: MPVEvent in [
            .commandReply(request: loadfile.request, error: nil, playlistEntryID: 1), .startFile(playlistEntryID: 1),
            .fileLoaded, .propertyChange(name: "duration", value: .double(6)),
            .propertyChange(name: "time-pos", value: .double(0)), .playbackRestart,
        ] {
            completions += machine.handle(event)
        }
        #expect(completions == [.init(waiter: waiter, outcome: .finished)], "the first frame ends the load, paused")
        #expect(
            machine.statusReport() == PlaybackStatus(phase: .paused(.requested), position: .zero, duration: .seconds(6))
        )
        #expect(machine.pause.current == .init(isPaused: true, isOutside: false))
        #expect(drain(&machine).isEmpty, "no check of pause, no read: the engine's own pause was never in doubt")
    }

    @Test("an apply started before a load goes to mpv first: every property, then the loadfile")
    func applyThenLoadKeepsTheirOrder() throws {
        var machine = Machine()
        let applyWaiter = machine.reserveWaiter()
        _ = machine.startApply(applyWaiter, properties: PlaybackSettings.idle.mpvProperties)
        let loadWaiter = machine.reserveWaiter()
        _ = machine.startLoad(loadWaiter, source: "clip", deadline: start + .seconds(10), timeout: .seconds(10))
        let expected: [Machine.Command] =
            PlaybackSettings.idle.mpvProperties.map { .setProperty($0.name, $0.value) } + [.loadFile("clip")]
        #expect(drain(&machine).map(\.command) == expected)
    }

    @Test("the end of the file is ended, unless loop-file is inf; waiting for data is buffering")
    func endAndBuffering() throws {
        var machine = Machine()
        _ = try load(&machine)
        apply(&machine, PlaybackSettings(endAction: .loop))
        _ = machine.handle(.propertyChange(name: "paused-for-cache", value: .flag(true)))
        #expect(machine.statusReport()?.phase == .buffering)
        _ = machine.handle(.propertyChange(name: "paused-for-cache", value: .flag(false)))
        #expect(machine.statusReport()?.phase == .playing)
        _ = machine.handle(.propertyChange(name: "time-pos", value: .double(5.98)))
        _ = machine.handle(.propertyChange(name: "eof-reached", value: .flag(true)))
        #expect(machine.statusReport() == nil, "a looping file does not end")
        apply(&machine, PlaybackSettings(endAction: .pause))
        #expect(
            machine.statusReport() == PlaybackStatus(phase: .ended, position: .seconds(5.98), duration: .seconds(6)))
        #expect(machine.watch.failure == nil)
    }

    @Test("an entry mpv closes at its end of file (no keep-open) is ended; the next load is loading")
    func endFileAtEndIsEnded() throws {
        var machine = Machine()
        _ = try load(&machine)
        _ = machine.handle(.propertyChange(name: "time-pos", value: .double(5.97)))
        _ = machine.handle(.endFile(playlistEntryID: 1, reason: .endOfFile, error: nil))
        #expect(
            machine.statusReport() == PlaybackStatus(phase: .ended, position: .seconds(5.97), duration: .seconds(6)))
        _ = machine.handle(.endFile(playlistEntryID: 1, reason: .stopped, error: nil))
        #expect(machine.statusReport() == nil)
        #expect(try load(&machine).first?.phase == .loading)
    }

    @Test("an apply mpv refuses loop-file for leaves the end action as it was")
    func refusedLoop() throws {
        var machine = Machine()
        _ = try load(&machine)
        let waiter = machine.reserveWaiter()
        _ = machine.startApply(waiter, properties: [("loop-file", .string("inf"))])
        let set = try firstSent(&machine)
        _ = machine.handle(.setPropertyReply(request: set.request, error: "invalid parameter"))
        #expect(!machine.status.loops)
    }
}
