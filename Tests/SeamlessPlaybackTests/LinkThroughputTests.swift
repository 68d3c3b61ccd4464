import Testing

@testable import SeamlessPlayback

private func ms(_ value: Int) -> Duration { .milliseconds(value) }

/// Whether an estimate is `expected` to within a millionth of it.
private func near(_ estimate: Double?, _ expected: Double) -> Bool {
    guard let estimate else { return false }
    return abs(estimate - expected) <= expected * 1e-6
}

extension LinkThroughput {
    /// One fetch alone: started, its first bytes at `from`, `count` bytes in all, ended at `to`.
    fileprivate mutating func fetch(_ count: Int64, from: Int, to: Int) {
        fetchStarted()
        firstBytes(count, at: ms(from))
        fetchEnded(received: true, at: ms(to))
    }
}

@Suite("LinkThroughput: what the link delivers to the prefetcher's fetches")
struct LinkThroughputTests {
    @Test func nothingIsEstimatedUntilEnoughTimeAndBytesAreCounted() {
        var link = LinkThroughput()
        #expect(link.bytesPerSecond == nil)
        // Bytes enough, time too short.
        link.fetch(1 << 20, from: 0, to: 100)
        #expect(link.bytesPerSecond == nil)
        // Time enough, bytes too few.
        var slow = LinkThroughput()
        slow.fetch(1 << 10, from: 0, to: 300)
        #expect(slow.bytesPerSecond == nil)
        // A tenth of a second with nothing: half the way from 10 MiB/s to none.
        link.fetch(0, from: 1_000, to: 1_100)
        #expect(near(link.bytesPerSecond, Double(5 << 20)))
    }

    @Test func fetchesReceivingTogetherCountTogetherAndIdleTimeDoesNot() {
        var link = LinkThroughput()
        link.fetchStarted()
        link.fetchStarted()
        link.firstBytes(50_000, at: ms(0))
        link.firstBytes(50_000, at: ms(0))
        link.fetchEnded(received: true, at: ms(250))
        #expect(link.inFlight == 1 && link.receiving == 1)
        #expect(near(link.bytesPerSecond, 400_000))
        // The second alone: 50 KB in a quarter of a second, 200 KB/s, half the way there.
        link.delivered(50_000)
        link.fetchEnded(received: true, at: ms(500))
        #expect(near(link.bytesPerSecond, 300_000))
        // Ten idle seconds, then a fetch at the same rate: still 300 KB/s.
        link.fetch(150_000, from: 10_500, to: 11_000)
        #expect(near(link.bytesPerSecond, 300_000))
    }

    @Test func theWaitForFirstBytesAndAFetchThatNeverReceivesCountNothing() {
        var link = LinkThroughput()
        // A fetch whose origin never answers runs beside one that receives 100 KB in half a second after waiting
        // 100 ms for its first bytes; the first is cancelled after two seconds.
        link.fetchStarted()
        link.fetchStarted()
        link.firstBytes(20_000, at: ms(100))
        link.delivered(80_000)
        link.fetchEnded(received: true, at: ms(600))
        link.fetchEnded(received: false, at: ms(2_000))
        #expect(link.inFlight == 0 && link.receiving == 0)
        #expect(near(link.bytesPerSecond, 200_000))
    }

    @Test func theEstimateFollowsALinkThatSpeedsUpAndStaysBelowItsNewRate() {
        var link = LinkThroughput()
        // Four seconds at 50 KB/s.
        link.fetch(200_000, from: 0, to: 4_000)
        #expect(near(link.bytesPerSecond, 50_000))
        // Then half-second fetches at 500 KB/s: each estimate is higher than the one before, and none reaches it.
        var previous = 50_000.0
        for step in 0..<16 {
            let start = 4_000 + step * 500
            link.fetch(250_000, from: start, to: start + 500)
            let estimate = link.bytesPerSecond ?? 0
            #expect(estimate > previous && estimate < 500_000)
            previous = estimate
        }
        // After eight seconds at the new rate, the first four seconds weigh nothing to speak of.
        #expect(previous > 499_000)
    }

    @Test func aShortBurstMovesTheEstimateLittleAndASlowerLinkPullsItDown() {
        var link = LinkThroughput()
        link.fetch(100_000, from: 0, to: 500)
        // 10 ms at 5 MB/s: a tenth of the full weight, 5 % of the way.
        link.fetch(50_000, from: 1_000, to: 1_010)
        #expect(near(link.bytesPerSecond, 200_000 + 4_800_000 * 0.05))
        var previous = link.bytesPerSecond ?? 0
        for step in 0..<4 {
            link.fetch(25_000, from: 2_000 + step * 500, to: 2_500 + step * 500)
            let estimate = link.bytesPerSecond ?? 0
            #expect(estimate < previous && estimate > 50_000)
            previous = estimate
        }
        #expect(previous < 80_000)
    }

    @Test func unmatchedCallsAreIgnored() {
        var link = LinkThroughput()
        link.fetchEnded(received: true, at: ms(1_000))
        link.firstBytes(1 << 20, at: ms(1_000))
        link.delivered(1 << 20)
        #expect(link.inFlight == 0 && link.receiving == 0)
        link.fetchStarted()
        link.firstBytes(0, at: ms(2_000))
        link.firstBytes(1 << 20, at: ms(2_000))
        link.delivered(-5)
        link.delivered(100_000)
        link.fetchEnded(received: true, at: ms(2_500))
        #expect(near(link.bytesPerSecond, 200_000))
        // A clock that went back measures nothing.
        link.fetch(100_000, from: 3_000, to: 2_900)
        #expect(near(link.bytesPerSecond, 200_000))
    }
}
