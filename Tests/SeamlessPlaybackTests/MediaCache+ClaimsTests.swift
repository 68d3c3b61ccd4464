import Foundation
import Testing

@_spi(EngineSupport) @testable import SeamlessPlayback

@Suite("MediaCache+Claims: claims, and the changes a waiting reader hears")
struct MediaCacheClaimsTests {
    /// Counts the reports an observation made.
    final class Reports: Sendable {
        private let count = Protected(0)
        func add() { count.withLock { $0 += 1 } }
        var value: Int { count.withLock { $0 } }
    }

    @Test func claimsAreGrantedAroundEachOtherAndReleasedOnce() throws {
        let fixture = MediaCacheFixture()
        let cache = try fixture.open()
        let first = try #require(cache.claim(0..<100, for: "a"))
        #expect(cache.claim(50..<150, for: "a") == nil)
        let second = try #require(cache.claim(100..<300, for: "a"))
        #expect(second.range == 100..<300 && second.key == "a")
        #expect(cache.claimedRanges(for: "a") == RangeSet(0..<300))
        #expect(cache.claimedRanges(for: "a", excluding: first) == RangeSet(100..<300))
        cache.release(first)
        cache.release(first)
        #expect(cache.claimedRanges(for: "a") == RangeSet(100..<300))
        #expect(cache.claim(0..<200, for: "a")?.range == 0..<100)
    }

    @Test func anObserverHearsEachChangeOfItsMediumUntilCancelled() throws {
        let fixture = MediaCacheFixture()
        let cache = try fixture.open()
        let reports = Reports()
        let others = Reports()
        let observation = cache.observeChanges(of: "a") { reports.add() }
        let other = cache.observeChanges(of: "b") { others.add() }
        try cache.write(Data([1, 2, 3]), for: "a", at: 0)
        #expect(reports.value == 1)
        try cache.setLength(10, for: "a")
        #expect(reports.value == 2)
        let claim = try #require(cache.claim(3..<10, for: "a"))
        #expect(reports.value == 2, "a claim changes no bytes")
        cache.release(claim)
        cache.release(claim)
        #expect(reports.value == 3, "one report per release")
        cache.remove("a")
        #expect(reports.value == 4)
        cache.removeAll()
        #expect(reports.value == 5 && others.value == 1)
        observation.cancel()
        try cache.write(Data([1]), for: "a", at: 0)
        #expect(reports.value == 5)
        _ = other
    }

    @Test func anObservationFreedStopsItsReports() throws {
        let fixture = MediaCacheFixture()
        let cache = try fixture.open()
        let reports = Reports()
        do { _ = cache.observeChanges(of: "a") { reports.add() } }
        try cache.write(Data([1]), for: "a", at: 0)
        #expect(reports.value == 0)
        #expect(cache.coordination.withLock { $0.observers.isEmpty })
    }
}
