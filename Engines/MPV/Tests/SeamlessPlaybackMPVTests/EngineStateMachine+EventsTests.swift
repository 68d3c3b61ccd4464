import SeamlessPlayback
import Testing

@testable import SeamlessPlaybackMPV

@Suite("EngineStateMachine: requests in flight, redirects, failures")
struct EngineStateMachineRequestsTests {
    typealias Machine = EngineStateMachine
    let start = ContinuousClock.now

    private func read(_ machine: inout Machine, _ name: String = "time-pos") -> (Machine.WaiterID, Machine.RequestID?) {
        let waiter = machine.reserveWaiter()
        guard case .queued(let requests) = machine.startRead(waiter, property: name) else { return (waiter, nil) }
        return (waiter, requests.first)
    }

    /// Starts a load of `source`; returns its waiter and its `loadfile` request (nil if it was not queued).
    private func load(_ machine: inout Machine, _ source: String) -> (Machine.WaiterID, Machine.RequestID?) {
        let waiter = machine.reserveWaiter()
        guard
            case .queued(let requests) = machine.startLoad(
                waiter, source: source, deadline: start + .seconds(10), timeout: .seconds(10))
        else { return (waiter, nil) }
        return (waiter, requests.first)
    }

    private func drain(_ machine: inout Machine) -> [Machine.Outgoing] {
        var sent: [Machine.Outgoing] = []
        while let next = machine.nextRequest() { sent.append(next) }
        return sent
    }

    @Test("requests beyond the limit wait, in order, and go out as replies free slots")
    func requestLimit() {
        var machine = Machine(requestLimit: 2)
        let reads = (0..<3).map { _ in read(&machine) }
        let sent = drain(&machine)
        #expect(sent.map(\.request) == [reads[0].1, reads[1].1])
        #expect(machine.backlogCount == 1)
        let apply = machine.reserveWaiter()
        _ = machine.startApply(apply, properties: [("mute", .flag(true)), ("pause", .flag(false))])
        #expect(machine.nextRequest() == nil, "the limit holds")
        let reply = machine.handle(
            .getPropertyReply(request: sent[0].request, name: "time-pos", value: .double(1), error: nil))
        #expect(reply == [.init(waiter: reads[0].0, outcome: .value(.double(1)))])
        #expect(drain(&machine).map(\.command) == [.getProperty("time-pos", .double)], "the oldest goes first")
        _ = machine.handle(.getPropertyReply(request: sent[1].request, name: "time-pos", value: nil, error: nil))
        #expect(drain(&machine).map(\.command) == [.setProperty("mute", .flag(true))])
        #expect(machine.requestsInFlight == 2)
    }

    @Test("a request refused for a full queue is sent again, first, once a reply frees a slot")
    func queueFullRetries() throws {
        var machine = Machine()
        let (_, first) = read(&machine)
        let apply = machine.reserveWaiter()
        _ = machine.startApply(apply, properties: [("mute", .flag(true)), ("volume", .double(50))])
        let sent = drain(&machine)
        #expect(sent.count == 3)
        let mute = try #require(sent.dropFirst().first)
        #expect(machine.requestNotSent(mute.request, reason: "event queue full", queueFull: true) == [])
        #expect(machine.nextRequest() == nil, "nothing goes out until mpv has room")
        _ = machine.handle(.getPropertyReply(request: first ?? 0, name: "time-pos", value: nil, error: nil))
        #expect(machine.nextRequest() == mute, "the refused request goes again, ahead of any later one")
        _ = machine.handle(.setPropertyReply(request: mute.request, error: nil))
        #expect(
            machine.handle(.setPropertyReply(request: sent[2].request, error: nil))
                == [.init(waiter: apply, outcome: .finished)])
        #expect(machine.watch.failure == nil)
    }

    @Test("a full queue with nothing in flight is a refusal: the apply fails and the engine reports it")
    func queueFullWithNothingInFlight() throws {
        var machine = Machine()
        let apply = machine.reserveWaiter()
        _ = machine.startApply(apply, properties: [("mute", .flag(true))])
        let mute = try #require(drain(&machine).first)
        let refused = MPVError.propertyFailed(name: "mute", reason: "event queue full")
        #expect(
            machine.requestNotSent(mute.request, reason: "event queue full", queueFull: true)
                == [.init(waiter: apply, outcome: .failed(refused))])
        #expect(machine.watch.failure == "mpv did not take the settings: \(refused)")
    }

    @Test("a playlist's redirect moves its load to the inserted entry, which finishes it")
    func redirectIsFollowed() {
        var machine = Machine()
        let (waiter, loadfile) = load(&machine, "list.m3u")
        guard let loadfile else {
            Issue.record("the load was not queued")
            return
        }
        _ = drain(&machine)
        #expect(machine.handle(.commandReply(request: loadfile, error: nil, playlistEntryID: 1)) == [])
        #expect(machine.handle(.startFile(playlistEntryID: 1)) == [])
        #expect(machine.handle(.endFile(playlistEntryID: 1, reason: .redirect, error: nil, insertedEntryID: 2)) == [])
        #expect(machine.handle(.startFile(playlistEntryID: 2)) == [])
        #expect(machine.handle(.fileLoaded) == [])
        #expect(machine.handle(.playbackRestart) == [.init(waiter: waiter, outcome: .finished)])
        #expect(machine.watch.playing == .init(entry: 2, source: "list.m3u"))
    }

    @Test("an empty playlist redirects to nothing: its load fails once the queue is drained, not at its deadline")
    func emptyPlaylistFailsAtOnce() {
        var machine = Machine()
        let (waiter, loadfile) = load(&machine, "empty.m3u")
        guard let loadfile else {
            Issue.record("the load was not queued")
            return
        }
        _ = drain(&machine)
        _ = machine.handle(.commandReply(request: loadfile, error: nil, playlistEntryID: 1))
        _ = machine.handle(.startFile(playlistEntryID: 1))
        _ = machine.handle(
            .endFile(playlistEntryID: 1, reason: .redirect, error: nil, insertedEntryID: nil, insertedEntries: 0))
        let reason = "mpv could not play empty.m3u: the playlist has no entries"
        #expect(
            machine.handle(.none) == [
                .init(waiter: waiter, outcome: .mediaFailed(MediaFailure(.other, reason: reason)))
            ])
    }

    @Test("a redirect without an inserted ID, or before the loadfile reply, still reaches the next entry")
    func redirectWithoutInsertedID() {
        for replyFirst in [true, false] {
            var machine = Machine()
            let (waiter, loadfile) = load(&machine, "list.m3u")
            guard let loadfile else {
                Issue.record("the load was not queued")
                return
            }
            let reply = MPVEvent.commandReply(request: loadfile, error: nil, playlistEntryID: 1)
            if replyFirst { _ = machine.handle(reply) }
            _ = machine.handle(.startFile(playlistEntryID: 1))
            _ = machine.handle(
                .endFile(playlistEntryID: 1, reason: .redirect, error: nil, insertedEntryID: replyFirst ? nil : 5))
            if !replyFirst { #expect(machine.handle(reply) == []) }
            _ = machine.handle(.startFile(playlistEntryID: 5))
            _ = machine.handle(.fileLoaded)
            #expect(
                machine.handle(.playbackRestart) == [.init(waiter: waiter, outcome: .finished)],
                "reply first: \(replyFirst)")
        }
    }

    @Test("after a finished load, the playing entry's error end and an unasked core shutdown are failures")
    func failuresAfterLoad() {
        var machine = Machine()
        let (_, loadfile) = load(&machine, "clip")
        guard let loadfile else {
            Issue.record("the load was not queued")
            return
        }
        for event: MPVEvent in [
            .commandReply(request: loadfile, error: nil, playlistEntryID: 3), .startFile(playlistEntryID: 3),
            .fileLoaded, .playbackRestart,
        ] {
            _ = machine.handle(event)
        }
        #expect(machine.watch.failure == nil)
        _ = machine.handle(.endFile(playlistEntryID: 3, reason: .error, error: "demuxer died"))
        #expect(machine.watch.failure == "playback of clip failed: demuxer died")
        _ = machine.handle(.shutdown)
        #expect(machine.watch.failure == "playback of clip failed: demuxer died", "only the first counts")
        #expect(machine.lifecycle == .stopping)
    }

    @Test("the shutdown mpv sends after the engine asked to stop is not a failure")
    func requestedShutdown() {
        var machine = Machine()
        machine.watch.loadFinished(entry: 1, source: "clip")
        _ = machine.stop()
        _ = machine.handle(.shutdown)
        #expect(machine.watch.failure == nil)
    }
}
