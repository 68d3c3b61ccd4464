import Foundation
import Testing

@testable import SeamlessPlaybackAVFoundation

/// Collects what a handler received; safe to call from any thread.
private final class Received: @unchecked Sendable {
    // `@unchecked`: `reasons` is only touched while holding `lock`.
    private let lock = NSLock()
    private var reasons: [String] = []
    func append(_ reason: String) { lock.withLock { reasons.append(reason) } }
    var all: [String] { lock.withLock { reasons } }
}

@Suite("FailureReporter")
struct FailureReporterTests {
    @Test("only the first failure reaches the handler")
    func firstOnly() {
        let reporter = FailureReporter()
        let received = Received()
        reporter.setHandler { received.append($0) }
        #expect(received.all == [])
        reporter.report("decoder died")
        reporter.report("stream broke")
        #expect(received.all == ["decoder died"])
    }

    @Test("a failure reported before the handler arrives is delivered with it, once")
    func reportBeforeHandler() {
        let reporter = FailureReporter()
        let received = Received()
        reporter.report("early")
        reporter.report("second")
        reporter.setHandler { received.append($0) }
        #expect(received.all == ["early"])
        let later = Received()
        reporter.setHandler { later.append($0) }
        reporter.report("third")
        #expect(received.all == ["early"])
        #expect(later.all == [], "a delivered failure is not delivered again")
    }

    @Test("of failures reported at once from many tasks, exactly one is delivered")
    func concurrentReports() async {
        let reporter = FailureReporter()
        let received = Received()
        reporter.setHandler { received.append($0) }
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<64 {
                group.addTask { reporter.report("failure \(index)") }
            }
        }
        #expect(received.all.count == 1)
        #expect(received.all.first?.hasPrefix("failure ") == true)
    }
}
