import Testing

@testable import SeamlessPlayback

@Suite("StatusStreams: what each page's status stream hears after an input")
struct StatusStreamsTests {
    static let player = PlayerID(pool: 1, number: 1)

    static func report(_ phase: PlaybackPhase, count: UInt64) -> ReportedStatus {
        ReportedStatus(status: PlaybackStatus(phase: phase, position: .zero, duration: nil), count: count, media: nil)
    }

    static func view(held: Bool = true, active: Bool, _ latest: ReportedStatus? = nil) -> StatusStreams<String>.View {
        StatusStreams<String>.View(isHeld: held, isActive: active, latest: latest)
    }

    @Test func aStreamHearsTheLatestStatusWhenItsLeaseBecomesActiveThenEachNewReport() {
        var streams = StatusStreams<String>()
        let key = streams.open(player: Self.player, epoch: 7, sink: "a")
        let playing = Self.report(.playing, count: 3)
        #expect(streams.refresh { _, _ in Self.view(active: false, playing) } == [], "not active: nothing")
        #expect(streams.refresh { _, _ in Self.view(active: true, playing) } == [.yield(key, "a", playing.status)])
        #expect(streams.refresh { _, _ in Self.view(active: true, playing) } == [], "the same report: nothing new")
        let stalled = Self.report(.buffering, count: 4)
        #expect(streams.refresh { _, _ in Self.view(active: true, stalled) } == [.yield(key, "a", stalled.status)])
        // Inactive, then active again with no new report: the latest status once more.
        #expect(streams.refresh { _, _ in Self.view(active: false, stalled) } == [])
        #expect(streams.refresh { _, _ in Self.view(active: true, stalled) } == [.yield(key, "a", stalled.status)])
    }

    @Test func anActiveLeaseWhoseEngineReportedNothingHearsNothingYet() {
        var streams = StatusStreams<String>()
        let key = streams.open(player: Self.player, epoch: 1, sink: "a")
        #expect(streams.refresh { _, _ in Self.view(active: true) } == [])
        let paused = Self.report(.paused(.requested), count: 1)
        #expect(streams.refresh { _, _ in Self.view(active: true, paused) } == [.yield(key, "a", paused.status)])
    }

    @Test func aStreamWhoseLeaseEndedIsFinishedAndForgotten() {
        var streams = StatusStreams<String>()
        _ = streams.open(player: Self.player, epoch: 1, sink: "ended")
        let held = streams.open(player: Self.player, epoch: 2, sink: "held")
        let playing = Self.report(.playing, count: 1)
        let actions = streams.refresh { _, epoch in
            epoch == 1 ? Self.view(held: false, active: false) : Self.view(active: true, playing)
        }
        #expect(actions == [.finish("ended"), .yield(held, "held", playing.status)], "in the order the streams opened")
        #expect(streams.streams.map(\.key) == [held])
        #expect(streams.close(held) == "held")
        #expect(streams.close(held) == nil, "closed once")
        #expect(streams.isEmpty)
    }

    @Test func eachStreamAsksForItsOwnGrant() {
        var streams = StatusStreams<String>()
        let other = PlayerID(pool: 1, number: 2)
        _ = streams.open(player: Self.player, epoch: 3, sink: "a")
        _ = streams.open(player: other, epoch: 9, sink: "b")
        var asked: [String] = []
        _ = streams.refresh { player, epoch in
            asked.append("\(player)/\(epoch)")
            return Self.view(active: false)
        }
        #expect(asked == ["player-1/3", "player-2/9"])
    }

    @Test func streamsStayInTheOrderTheyOpenedAsOthersCloseAndFinish() {
        var streams = StatusStreams<String>()
        let first = streams.open(player: Self.player, epoch: 1, sink: "first")
        _ = streams.open(player: Self.player, epoch: 2, sink: "second")
        let third = streams.open(player: Self.player, epoch: 3, sink: "third")
        let fourth = streams.open(player: Self.player, epoch: 4, sink: "fourth")
        streams.close(third)
        let playing = Self.report(.playing, count: 1)
        let actions = streams.refresh { _, epoch in
            epoch == 2 ? Self.view(held: false, active: false) : Self.view(active: true, playing)
        }
        #expect(
            actions == [
                .yield(first, "first", playing.status), .finish("second"), .yield(fourth, "fourth", playing.status),
            ])
        #expect(streams.streams.map(\.key) == [first, fourth])
        #expect(streams.removeAll() == ["first", "fourth"])
        #expect(streams.isEmpty)
    }
}
