import Testing

@testable import SeamlessPlayback

private func ms(_ value: Int) -> Duration { .milliseconds(value) }

/// Whether an estimate is `expected` to within a millionth of it.
private func near(_ estimate: Double?, _ expected: Double) -> Bool {
    guard let estimate else { return false }
    return abs(estimate - expected) <= expected * 1e-6
}

@Suite("LinkThroughput: what the link delivers to the prefetcher's fetches")
struct LinkThroughputTests {
    @Test func nothingIsEstimatedUntilEnoughTimeAndBytesAreCounted() {
        var link = LinkThroughput()
        #expect(link.bytesPerSecond == nil)
        // Bytes enough, time too short.
        link.fetchStarted(at: ms(0))
        link.delivered(1 << 20)
        link.fetchEnded(at: ms(100))
        #expect(link.bytesPerSecond == nil)
        // Time enough, bytes too few.
        var slow = LinkThroughput()
        slow.fetchStarted(at: ms(0))
        slow.delivered(1 << 10)
        slow.fetchEnded(at: ms(300))
        #expect(slow.bytesPerSecond == nil)
        link.fetchStarted(at: ms(1_000))
        link.fetchEnded(at: ms(1_100))
        #expect(near(link.bytesPerSecond, Double(1 << 20) / 0.2))
    }

    @Test func fetchesInFlightTogetherCountTogetherAndIdleTimeDoesNot() {
        var link = LinkThroughput()
        link.fetchStarted(at: ms(0))
        link.fetchStarted(at: ms(0))
        link.delivered(50_000)
        link.delivered(50_000)
        link.fetchEnded(at: ms(250))
        #expect(link.inFlight == 1)
        link.delivered(50_000)
        link.fetchEnded(at: ms(500))
        #expect(near(link.bytesPerSecond, 300_000))
        // Ten idle seconds, then a fetch at the same rate: still 300 KB/s.
        link.fetchStarted(at: ms(10_500))
        link.delivered(150_000)
        link.fetchEnded(at: ms(11_000))
        #expect(near(link.bytesPerSecond, 300_000))
    }

    @Test func theEstimateFollowsALinkThatSpeedsUpAndStaysBelowItsNewRate() {
        var link = LinkThroughput()
        // Four seconds at 50 KB/s.
        link.fetchStarted(at: ms(0))
        link.delivered(200_000)
        link.fetchEnded(at: ms(4_000))
        #expect(near(link.bytesPerSecond, 50_000))
        // Then half-second fetches at 500 KB/s: each estimate is higher than the one before, and none reaches it.
        var previous = 50_000.0
        for step in 0..<16 {
            let start = 4_000 + step * 500
            link.fetchStarted(at: ms(start))
            link.delivered(250_000)
            link.fetchEnded(at: ms(start + 500))
            let estimate = link.bytesPerSecond ?? 0
            #expect(estimate > previous && estimate < 500_000)
            previous = estimate
        }
        // After eight seconds at the new rate, the first four seconds weigh little.
        #expect(previous > 400_000)
    }

    @Test func unmatchedEndsAndBytesWithNothingInFlightAreIgnored() {
        var link = LinkThroughput()
        link.fetchEnded(at: ms(1_000))
        link.delivered(1 << 20)
        #expect(link.inFlight == 0)
        link.fetchStarted(at: ms(2_000))
        link.delivered(-5)
        link.delivered(100_000)
        link.fetchEnded(at: ms(2_500))
        #expect(near(link.bytesPerSecond, 200_000))
        // A clock that went back counts no time.
        link.fetchStarted(at: ms(3_000))
        link.delivered(100_000)
        link.fetchEnded(at: ms(2_900))
        #expect(near(link.bytesPerSecond, 400_000))
    }
}
