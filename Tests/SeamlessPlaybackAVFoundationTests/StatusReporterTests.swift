import Foundation
import SeamlessPlayback
import Testing

@testable import SeamlessPlaybackAVFoundation

/// Collects what a handler received; safe to call from any thread.
private final class Heard: @unchecked Sendable {
    // `@unchecked`: `statuses` is only touched while holding `lock`.
    private let lock = NSLock()
    private var statuses: [PlaybackStatus] = []
    func append(_ status: PlaybackStatus) { lock.withLock { statuses.append(status) } }
    var all: [PlaybackStatus] { lock.withLock { statuses } }
}

@Suite("StatusReporter")
struct StatusReporterTests {
    static let playing = PlaybackStatus(phase: .playing, position: .seconds(1), duration: .seconds(10))
    static let ended = PlaybackStatus(phase: .ended, position: .seconds(10), duration: .seconds(10))

    @Test("reports reach the handler in order; those made before it arrived are dropped")
    func inOrder() {
        let reporter = StatusReporter()
        reporter.report(Self.playing)
        let heard = Heard()
        reporter.setHandler { heard.append($0) }
        reporter.report(Self.playing)
        reporter.report(Self.ended)
        #expect(heard.all == [Self.playing, Self.ended])
    }

    @Test("a new handler replaces the old one")
    func replaced() {
        let reporter = StatusReporter()
        let first = Heard()
        let second = Heard()
        reporter.setHandler { first.append($0) }
        reporter.setHandler { second.append($0) }
        reporter.report(Self.ended)
        #expect(first.all == [])
        #expect(second.all == [Self.ended])
    }
}
