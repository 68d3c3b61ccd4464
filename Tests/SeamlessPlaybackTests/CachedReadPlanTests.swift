import Foundation
import SeamlessPlayback
import Testing

@Suite("CachedReadPlan: which bytes of a read come from the cache, which from the origin")
struct CachedReadPlanTests {
    func cached(_ ranges: Range<Int64>...) -> RangeSet<Int64> { RangeSet(ranges) }

    @Test func aReadOfCachedBytesComesFromTheCache() {
        let plan = CachedReadPlan.plan(100..<200, cached: cached(0..<1_000), length: 5_000, minimumFetch: 4_096)
        #expect(plan.segments == [.init(100..<200, from: .cache)])
    }

    @Test func aGapIsFetchedWidenedToTheMinimumButNotIntoCachedBytesOrPastTheEnd() {
        #expect(
            CachedReadPlan.plan(0..<100, cached: cached(), length: nil, minimumFetch: 4_096).segments
                == [.init(0..<4_096, from: .origin)])
        #expect(
            CachedReadPlan.plan(0..<100, cached: cached(1_000..<2_000), length: nil, minimumFetch: 4_096).segments
                == [.init(0..<1_000, from: .origin)])
        #expect(
            CachedReadPlan.plan(0..<100, cached: cached(), length: 300, minimumFetch: 4_096).segments
                == [.init(0..<300, from: .origin)])
        #expect(
            CachedReadPlan.plan(0..<10_000, cached: cached(), length: nil, minimumFetch: 4_096).segments
                == [.init(0..<10_000, from: .origin)], "never less than the read")
    }

    @Test func aReadAcrossHolesAlternates() {
        let plan = CachedReadPlan.plan(
            50..<450, cached: cached(0..<100, 200..<300, 400..<1_000), length: 1_000, minimumFetch: 1)
        #expect(
            plan.segments == [
                .init(50..<100, from: .cache), .init(100..<200, from: .origin), .init(200..<300, from: .cache),
                .init(300..<400, from: .origin), .init(400..<450, from: .cache),
            ])
    }

    @Test func aReadPastTheEndOrEmptyOrNegativeHasNoSegments() {
        #expect(CachedReadPlan.plan(1_000..<2_000, cached: cached(), length: 1_000, minimumFetch: 1).segments == [])
        #expect(CachedReadPlan.plan(5..<5, cached: cached(), length: nil, minimumFetch: 1).segments == [])
        #expect(CachedReadPlan.plan(-5..<5, cached: cached(), length: nil, minimumFetch: 1).segments == [])
        #expect(
            CachedReadPlan.plan(900..<2_000, cached: cached(0..<1_000), length: 1_000, minimumFetch: 1).segments
                == [.init(900..<1_000, from: .cache)], "clipped to the length")
    }

    @Test func hugeMinimumsSaturate() {
        let plan = CachedReadPlan.plan(Int64.max - 10..<Int64.max, cached: cached(), length: nil, minimumFetch: .max)
        #expect(plan.segments == [.init(Int64.max - 10..<Int64.max, from: .origin)])
        #expect(CachedReadPlan.plan(0..<10, cached: cached(), length: nil, minimumFetch: 0).segments.count == 1)
    }
}
