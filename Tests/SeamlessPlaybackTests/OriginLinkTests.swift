import Testing

@testable import SeamlessPlaybackTesting

@Suite("OriginLink: one link's time, reserved piece by piece by every connection of the origin")
struct OriginLinkTests {
    let start = ContinuousClock.now

    @Test func anIdleLinkReservesFromNowAndSavesNothingUp() {
        var link = OriginLink()
        #expect(link.reserve(1_000, bytesPerSecond: 10_000, now: start) == start + .milliseconds(100))
        let later = start + .seconds(5)
        #expect(
            link.reserve(500, bytesPerSecond: 10_000, now: later) == later + .milliseconds(50),
            "five idle seconds give no credit")
    }

    @Test func twoConnectionsTakeTurnsAndEachGetsHalfTheRate() {
        var link = OriginLink()
        // Two writers of 1,000-byte pieces on a 10,000 B/s link, each reserving its next piece when its last ends.
        var next = ["a": start, "b": start]
        var ends: [(String, ContinuousClock.Instant)] = []
        for _ in 0..<4 {
            for writer in ["a", "b"] {
                let end = link.reserve(1_000, bytesPerSecond: 10_000, now: next[writer] ?? start)
                next[writer] = end
                ends.append((writer, end))
            }
        }
        #expect(ends.map(\.0) == ["a", "b", "a", "b", "a", "b", "a", "b"])
        #expect(ends.map(\.1) == (1...8).map { start + .milliseconds(100 * $0) }, "back to back, 100 ms a piece")
        #expect(next["a"] == start + .milliseconds(700) && next["b"] == start + .milliseconds(800))
    }

    @Test func aReservationQueuesAfterWhatIsReservedAtTheRateOfItsOwnTime() {
        var link = OriginLink()
        _ = link.reserve(2_000, bytesPerSecond: 1_000, now: start)
        #expect(link.reserve(1_000, bytesPerSecond: 4_000, now: start) == start + .milliseconds(2_250))
        #expect(link.reservedUntil == start + .milliseconds(2_250))
        #expect(link.reserve(0, bytesPerSecond: 0, now: start) == start + .milliseconds(2_250), "nothing takes no time")
        #expect(
            link.reserve(1, bytesPerSecond: 0, now: start) == start + .milliseconds(3_250), "a rate of 0 counts as 1")
    }
}
