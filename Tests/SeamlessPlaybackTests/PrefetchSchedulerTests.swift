import Foundation
import Testing

@testable import SeamlessPlayback

/// A cache made of two dictionaries.
private struct FakeCache: PrefetchCacheView {
    var ranges: [String: RangeSet<Int64>] = [:]
    var lengths: [String: Int64] = [:]
    var claims: [String: RangeSet<Int64>] = [:]
    func cachedRanges(for key: String) -> RangeSet<Int64> { ranges[key] ?? RangeSet() }
    func claimedRanges(for key: String) -> RangeSet<Int64> { claims[key] ?? RangeSet() }
    func length(for key: String) -> Int64? { lengths[key] }
}

private func item(_ name: String) -> MediaItem {
    MediaItem(id: name, url: URL(string: "http://origin/\(name)"))
}

private func key(_ name: String) -> String { "http://origin/\(name)" }

private typealias Scheduler = PrefetchScheduler
private typealias ID = PrefetchScheduler.FetchID

private func start(_ id: UInt64, _ name: String, _ range: Range<Int64>) -> Scheduler.Action {
    .start(Scheduler.Job(id: ID(raw: id), item: item(name), key: key(name), url: URL(string: key(name))!, range: range))
}

private func plan(_ names: [String], bytes: Int64 = 100, held: Bool = false) -> BytePrefetchPlan {
    BytePrefetchPlan(items: names.map(item), bytesPerItem: bytes, isHeld: held)
}

/// A scheduler that checks its invariants after every event.
private struct Checked {
    var scheduler: Scheduler
    var cache = FakeCache()

    init(max: Int = 2, sizing: HeadSizing? = nil) { scheduler = Scheduler(maxConcurrentFetches: max, sizing: sizing) }

    mutating func plan(_ plan: BytePrefetchPlan) -> [Scheduler.Action] {
        defer { #expect(scheduler.invariantViolations() == []) }
        return scheduler.planChanged(plan, cache: cache)
    }

    mutating func end(_ id: UInt64, _ outcome: Scheduler.Outcome) -> [Scheduler.Action] {
        defer { #expect(scheduler.invariantViolations() == []) }
        return scheduler.fetchEnded(ID(raw: id), outcome: outcome, cache: cache)
    }

    mutating func retryDue(_ name: String) -> [Scheduler.Action] {
        defer { #expect(scheduler.invariantViolations() == []) }
        return scheduler.retryDue(key(name), cache: cache)
    }
}

@Suite("PrefetchScheduler: which bytes of which item to fetch next")
struct PrefetchSchedulerTests {
    @Test func fetchesStartNearestFirstUpToTheCap() {
        var checked = Checked(max: 2)
        #expect(checked.plan(plan(["a", "b", "c"])) == [start(1, "a", 0..<100), start(2, "b", 0..<100)])
        checked.cache.ranges[key("a")] = RangeSet(0..<100)
        #expect(checked.end(1, .completed(0..<100)) == [start(3, "c", 0..<100)])
        #expect(checked.end(2, .completed(0..<100)) == [])
        #expect(checked.scheduler.completed == 2)
    }

    @Test func aMeasuredLinkSizesEveryItemsHeadAndLetsThemDeepenWhenItSpeedsUp() {
        let q = HeadSizing.quantum
        var checked = Checked(max: 2, sizing: HeadSizing(dwell: .seconds(2), leastBytesPerItem: 2 * q))
        // Two seconds at 6 quanta a second: twelve quanta, three for each of four items.
        checked.scheduler.linkRate = Double(6 * q)
        #expect(
            checked.plan(plan(["a", "b", "c", "d"], bytes: 8 * q))
                == [start(1, "a", 0..<(3 * q)), start(2, "b", 0..<(3 * q))])
        checked.cache.ranges[key("a")] = RangeSet(0..<(3 * q))
        #expect(checked.end(1, .completed(0..<(3 * q))) == [start(3, "c", 0..<(3 * q))])
        // The link slows: the least, two quanta, which c has; b's fetch of three runs on.
        checked.scheduler.linkRate = Double(q)
        checked.cache.ranges[key("c")] = RangeSet(0..<(2 * q))
        #expect(checked.end(3, .completed(0..<(2 * q))) == [start(4, "d", 0..<(2 * q))])
        // The link speeds up: every item's whole bytes; the ones that have their share deepen, nothing settled.
        checked.scheduler.linkRate = Double(100 * q)
        checked.cache.ranges[key("b")] = RangeSet(0..<(3 * q))
        #expect(
            checked.end(2, .completed(0..<(3 * q))) == [start(5, "a", (3 * q)..<(8 * q))])
        #expect(checked.scheduler.settled.isEmpty)
    }

    @Test func withoutASizingAMeasuredLinkChangesNothing() {
        var checked = Checked(max: 4)
        checked.scheduler.linkRate = 1
        #expect(checked.plan(plan(["a", "b"])) == [start(1, "a", 0..<100), start(2, "b", 0..<100)])
    }

    @Test func onlyTheMissingRangesAreFetchedOneAfterTheOther() {
        var checked = Checked(max: 1)
        checked.cache.ranges[key("a")] = RangeSet([0..<30, 60..<80])
        #expect(checked.plan(plan(["a"])) == [start(1, "a", 30..<60)])
        checked.cache.ranges[key("a")] = RangeSet([0..<80])
        #expect(checked.end(1, .completed(30..<60)) == [start(2, "a", 80..<100)])
    }

    @Test func aKnownLengthShorterThanTheBudgetBoundsTheFetch() {
        var checked = Checked()
        checked.cache.lengths[key("a")] = 40
        checked.cache.lengths[key("b")] = 0
        checked.cache.ranges[key("c")] = RangeSet(0..<100)
        #expect(checked.plan(plan(["a", "b", "c"])) == [start(1, "a", 0..<40)])
    }

    @Test func itemsWithoutURLOrHLSAreSkippedAndDuplicatesCountOnce() {
        var checked = Checked(max: 3)
        let items = [
            MediaItem(id: "none"), MediaItem(id: "hls", url: URL(string: "http://origin/live/index.M3U8")),
            item("a"), item("a"),
        ]
        let actions = checked.plan(BytePrefetchPlan(items: items, bytesPerItem: 10, isHeld: false))
        #expect(actions == [start(1, "a", 0..<10)])
        #expect(Scheduler.key(for: items[0]) == nil)
        #expect(Scheduler.key(for: items[1]) == nil)
    }

    @Test func aHeldPlanCancelsEverythingAndStartsNothingUntilReleased() {
        var checked = Checked(max: 2)
        _ = checked.plan(plan(["a", "b", "c"]))
        #expect(checked.plan(plan(["a", "b", "c"], held: true)) == [.cancel(ID(raw: 1)), .cancel(ID(raw: 2))])
        #expect(checked.plan(plan(["a", "b", "c"], held: true)) == [])
        // Released before the cancelled fetches ended: they keep their slots.
        #expect(checked.plan(plan(["a", "b", "c"])) == [])
        checked.cache.ranges[key("a")] = RangeSet(0..<25)
        #expect(checked.end(1, .cancelled) == [start(3, "a", 25..<100)])
        #expect(checked.end(2, .cancelled) == [start(4, "b", 0..<100)])
        #expect(checked.scheduler.cancelled == 2)
    }

    @Test func aFetchThatEndsWhileHeldStartsNothing() {
        var checked = Checked(max: 1)
        _ = checked.plan(plan(["a", "b"]))
        _ = checked.plan(plan(["a", "b"], held: true))
        #expect(checked.end(1, .cancelled) == [])
        #expect(checked.scheduler.inFlight.isEmpty)
    }

    @Test func droppedItemsAreCancelledAndTheirSlotFreedWhenTheyEnd() {
        var checked = Checked(max: 2)
        _ = checked.plan(plan(["a", "b", "c"]))
        #expect(checked.plan(plan(["b", "c"])) == [.cancel(ID(raw: 1))])
        #expect(checked.scheduler.cancelling == [ID(raw: 1)])
        #expect(checked.end(1, .cancelled) == [start(3, "c", 0..<100)])
        // An item back in the plan while its cancelled fetch is in flight waits for that fetch to end.
        var again = Checked(max: 3)
        _ = again.plan(plan(["a"]))
        _ = again.plan(plan([]))
        #expect(again.plan(plan(["a"])) == [])
        again.cache.ranges[key("a")] = RangeSet(0..<10)
        #expect(again.end(1, .cancelled) == [start(2, "a", 10..<100)])
    }

    @Test func aFailedItemIsNotRetriedWhileItStaysButIsOnceItReturns() {
        var checked = Checked(max: 1)
        _ = checked.plan(plan(["a", "b"]))
        #expect(checked.end(1, .failed) == [start(2, "b", 0..<100)])
        #expect(checked.scheduler.settled == [key("a")])
        #expect(checked.plan(plan(["a", "b"])) == [])
        _ = checked.plan(plan(["b"]))
        #expect(checked.scheduler.settled == [])
        checked.cache.ranges[key("b")] = RangeSet(0..<100)
        _ = checked.end(2, .completed(0..<100))
        #expect(checked.plan(plan(["a", "b"])) == [start(3, "a", 0..<100)])
        #expect(checked.scheduler.failed == 1)
    }

    @Test func aFetchThatFailedForNowIsTriedAgainAfterADoublingDelayThreeTimesInAllWhileItStays() {
        var checked = Checked(max: 1)
        _ = checked.plan(plan(["a", "b"]))
        // The first failure: a retry after half a second; the slot goes to the next item meanwhile.
        #expect(
            checked.end(1, .failedForNow) == [.retry(key: key("a"), after: .milliseconds(500)), start(2, "b", 0..<100)])
        #expect(checked.scheduler.backingOff == [key("a")])
        #expect(checked.plan(plan(["a", "b"])) == [], "a plan that keeps it does not start it before its delay")
        checked.cache.ranges[key("b")] = RangeSet(0..<100)
        #expect(checked.end(2, .completed(0..<100)) == [], "nothing to start while a backs off")
        #expect(checked.retryDue("a") == [start(3, "a", 0..<100)])
        // The second failure: a second's wait; the third gives the item up while it stays in the plan.
        #expect(checked.end(3, .failedForNow) == [.retry(key: key("a"), after: .seconds(1))])
        #expect(checked.retryDue("a") == [start(4, "a", 0..<100)])
        #expect(checked.end(4, .failedForNow) == [])
        #expect(checked.scheduler.settled == [key("a")])
        #expect(checked.retryDue("a") == [], "a late retry starts nothing")
        #expect(checked.scheduler.failed == 3)
    }

    @Test func anItemThatLeftThePlanForgetsItsTriesAndItsRetry() {
        var checked = Checked(max: 1)
        _ = checked.plan(plan(["a"]))
        _ = checked.end(1, .failedForNow)
        // The focus moves on: a's retry is dropped, and its tries count afresh when it comes back.
        #expect(checked.plan(plan(["b"])) == [start(2, "b", 0..<100)])
        #expect(checked.retryDue("a") == [])
        checked.cache.ranges[key("b")] = RangeSet(0..<100)
        _ = checked.end(2, .completed(0..<100))
        #expect(checked.plan(plan(["a"])) == [start(3, "a", 0..<100)])
        #expect(checked.end(3, .failedForNow) == [.retry(key: key("a"), after: .milliseconds(500))])
    }

    @Test func aFetchThatFailedForGoodIsNotTriedAgain() {
        var checked = Checked(max: 1)
        _ = checked.plan(plan(["a"]))
        #expect(checked.end(1, .failed) == [])
        #expect(checked.retryDue("a") == [])
        #expect(checked.scheduler.settled == [key("a")])
    }

    @Test func aFetchWithoutProgressOrCancelledByNobodySettlesItsItem() {
        var checked = Checked(max: 1)
        _ = checked.plan(plan(["a", "b", "c"]))
        #expect(checked.end(1, .completed(0..<0)) == [start(2, "b", 0..<100)])
        #expect(checked.end(2, .completed(0..<100)) == [start(3, "c", 0..<100)])
        #expect(checked.end(3, .cancelled) == [])
        #expect(checked.scheduler.settled == [key("a"), key("b"), key("c")])
    }

    @Test("bytes another fetch claimed are not fetched; a fetch that yields settles nothing and plans around them")
    func claimedBytesAreLeftToTheirFetch() {
        var checked = Checked(max: 2)
        // An engine is bringing a's first 40 bytes: the prefetcher asks for the rest only.
        checked.cache.claims[key("a")] = RangeSet(0..<40)
        #expect(checked.plan(plan(["a", "b"])) == [start(1, "a", 40..<100), start(2, "b", 0..<100)])
        // b's start was claimed between the plan and the fetch's start: it yields, and the next plan goes past it.
        checked.cache.claims[key("b")] = RangeSet(0..<100)
        #expect(checked.end(2, .yielded) == [])
        #expect(checked.scheduler.settled.isEmpty)
        #expect(checked.scheduler.completed == 0 && checked.scheduler.failed == 0 && checked.scheduler.cancelled == 0)
        // The engine's fetch of b ended without its bytes (cancelled): the next event fetches them.
        checked.cache.claims[key("b")] = nil
        checked.cache.ranges[key("a")] = RangeSet(40..<100)
        #expect(checked.end(1, .completed(40..<100)) == [start(3, "b", 0..<100)])
    }

    @Test func anUnknownFetchEndingChangesNothing() {
        var checked = Checked()
        #expect(checked.end(9, .failed) == [])
        #expect(checked.scheduler.failed == 0)
        #expect(Scheduler(maxConcurrentFetches: 0).maxConcurrentFetches == 1)
    }

    @Test func theGapIsTheFirstMissingRange() {
        let cache = FakeCache(ranges: [key("a"): RangeSet([10..<20])], lengths: [key("b"): 5])
        #expect(Scheduler.gap(key("a"), 100, cache) == 0..<10)
        #expect(Scheduler.gap(key("b"), 100, cache) == 0..<5)
        #expect(Scheduler.gap(key("a"), 0, cache) == nil)
        let claimed = FakeCache(ranges: [key("a"): RangeSet([10..<20])], claims: [key("a"): RangeSet([0..<10])])
        #expect(Scheduler.gap(key("a"), 100, claimed) == 20..<100)
        let covered = FakeCache(
            ranges: [key("a"): RangeSet([10..<20])], claims: [key("a"): RangeSet([0..<10, 20..<100])])
        #expect(Scheduler.gap(key("a"), 100, covered) == nil)
    }
}
