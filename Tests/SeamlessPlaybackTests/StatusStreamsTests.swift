import Testing

@testable import SeamlessPlayback

@Suite("StatusStreams: what each page's status stream hears after an input")
struct StatusStreamsTests {
    static let player = PlayerID(pool: 1, number: 1)

    static func report(_ phase: PlaybackPhase, count: UInt64) -> ReportedStatus {
        ReportedStatus(status: PlaybackStatus(phase: phase, position: .zero, duration: nil), count: count, media: nil)
    }

    static func view(held: Bool = true, active: Bool, _ latest: ReportedStatus? = nil) -> StatusStreams.View {
        StatusStreams.View(isHeld: held, isActive: active, latest: latest)
    }

    @Test func aStreamHearsTheLatestStatusWhenItsLeaseBecomesActiveThenEachNewReport() {
        var streams = StatusStreams()
        let key = streams.open(player: Self.player, epoch: 7)
        let playing = Self.report(.playing, count: 3)
        #expect(streams.refresh { _, _ in Self.view(active: false, playing) } == [], "not active: nothing")
        #expect(streams.refresh { _, _ in Self.view(active: true, playing) } == [.yield(key, playing.status)])
        #expect(streams.refresh { _, _ in Self.view(active: true, playing) } == [], "the same report: nothing new")
        let stalled = Self.report(.buffering, count: 4)
        #expect(streams.refresh { _, _ in Self.view(active: true, stalled) } == [.yield(key, stalled.status)])
        // Inactive, then active again with no new report: the latest status once more.
        #expect(streams.refresh { _, _ in Self.view(active: false, stalled) } == [])
        #expect(streams.refresh { _, _ in Self.view(active: true, stalled) } == [.yield(key, stalled.status)])
    }

    @Test func anActiveLeaseWhoseEngineReportedNothingHearsNothingYet() {
        var streams = StatusStreams()
        let key = streams.open(player: Self.player, epoch: 1)
        #expect(streams.refresh { _, _ in Self.view(active: true) } == [])
        let paused = Self.report(.paused(.requested), count: 1)
        #expect(streams.refresh { _, _ in Self.view(active: true, paused) } == [.yield(key, paused.status)])
    }

    @Test func aStreamWhoseLeaseEndedIsFinishedAndForgotten() {
        var streams = StatusStreams()
        let ended = streams.open(player: Self.player, epoch: 1)
        let held = streams.open(player: Self.player, epoch: 2)
        let playing = Self.report(.playing, count: 1)
        let actions = streams.refresh { _, epoch in
            epoch == 1 ? Self.view(held: false, active: false) : Self.view(active: true, playing)
        }
        #expect(actions == [.finish(ended), .yield(held, playing.status)], "in the order the streams opened")
        #expect(streams.streams.keys.sorted() == [held])
        streams.close(held)
        #expect(streams.isEmpty)
    }

    @Test func eachStreamAsksForItsOwnGrant() {
        var streams = StatusStreams()
        let other = PlayerID(pool: 1, number: 2)
        _ = streams.open(player: Self.player, epoch: 3)
        _ = streams.open(player: other, epoch: 9)
        var asked: [String] = []
        _ = streams.refresh { player, epoch in
            asked.append("\(player)/\(epoch)")
            return Self.view(active: false)
        }
        #expect(asked == ["player-1/3", "player-2/9"])
    }
}
