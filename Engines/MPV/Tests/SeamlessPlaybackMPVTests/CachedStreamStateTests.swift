import Foundation
import SeamlessPlayback
import Testing

@testable import SeamlessPlaybackMPV

/// The stream's decisions, step by step, without libmpv: where each read's bytes come from, the end, failures.
@Suite("CachedStreamState: a read through the cache, decided without libmpv")
struct CachedStreamStateTests {
    private static func bytes(_ range: Range<Int64>) -> Data {
        Data(range.map { UInt8(truncatingIfNeeded: $0) })
    }

    @Test func cachedBytesAreReadFromTheCacheAndServed() {
        var state = CachedStreamState(length: 1000, minimumFetch: 100)
        let cached = RangeSet<Int64>(0..<300)
        #expect(state.nextStep(maxBytes: 50, cached: cached) == .readCache(0..<50))
        state.cacheRead(0..<50, data: Self.bytes(0..<50))
        #expect(state.nextStep(maxBytes: 50, cached: cached) == .serve(Self.bytes(0..<50)))
        #expect(state.position == 50)
    }

    /// Delivers `range` to fetch `id` as one piece, then ends it with the origin's `total` length.
    private static func deliver(
        _ range: Range<Int64>, to state: inout CachedStreamState, id: Int, total: Int64?
    ) -> CachedStreamState.FetchOutcome {
        if !range.isEmpty {
            #expect(state.received(ByteChunk(offset: range.lowerBound, bytes: bytes(range)), fetch: id) == true)
        }
        return state.fetchEnded(id, result: .success(ByteRangeRead(range: range, totalLength: total)))
    }

    @Test func aGapIsFetchedWidenedAndItsRestServedWithoutAnotherRequest() {
        var state = CachedStreamState(length: 1000, minimumFetch: 100)
        #expect(state.nextStep(maxBytes: 30, cached: RangeSet<Int64>()) == .fetch(0..<100, id: 1))
        #expect(Self.deliver(0..<100, to: &state, id: 1, total: 1000) == .ended(learnedLength: nil))
        #expect(state.nextStep(maxBytes: 30, cached: RangeSet<Int64>()) == .serve(Self.bytes(0..<30)))
        #expect(state.nextStep(maxBytes: 90, cached: RangeSet<Int64>()) == .serve(Self.bytes(30..<100)))
        #expect(state.buffered == nil)
        #expect(state.nextStep(maxBytes: 30, cached: RangeSet<Int64>(100..<120)) == .readCache(100..<120))
    }

    @Test func aPausedEnginesFetchesAreWidenedOnlyToThePausedLeast() {
        var state = CachedStreamState(length: 1000, minimumFetch: 100, minimumFetchWhilePaused: 40)
        state.isPaused = true
        #expect(state.nextStep(maxBytes: 10, cached: RangeSet<Int64>()) == .fetch(0..<40, id: 1))
        #expect(Self.deliver(0..<40, to: &state, id: 1, total: 1000) == .ended(learnedLength: nil))
        #expect(state.nextStep(maxBytes: 40, cached: RangeSet<Int64>()) == .serve(Self.bytes(0..<40)))
        // It plays: the next fetch is a playing engine's, and a read wider than either least is fetched whole.
        state.isPaused = false
        #expect(state.nextStep(maxBytes: 10, cached: RangeSet<Int64>(0..<40)) == .fetch(40..<140, id: 2))
        #expect(Self.deliver(40..<140, to: &state, id: 2, total: 1000) == .ended(learnedLength: nil))
        #expect(state.nextStep(maxBytes: 100, cached: RangeSet<Int64>()) == .serve(Self.bytes(40..<140)))
        state.isPaused = true
        #expect(state.nextStep(maxBytes: 60, cached: RangeSet<Int64>()) == .fetch(140..<200, id: 3))
        // Without a paused least, paused fetches are a playing engine's; values below 1 count as 1.
        var unset = CachedStreamState(length: 1000, minimumFetch: 100)
        unset.isPaused = true
        #expect(unset.nextStep(maxBytes: 10, cached: RangeSet<Int64>()) == .fetch(0..<100, id: 1))
        var least = CachedStreamState(length: 1000, minimumFetch: 100, minimumFetchWhilePaused: 0)
        least.isPaused = true
        #expect(least.nextStep(maxBytes: 1, cached: RangeSet<Int64>()) == .fetch(0..<1, id: 1))
    }

    @Test func aLeanPausedEnginesFetchesAreWidenedOnlyToTheLeanLeast() {
        var state = CachedStreamState(
            length: 1000, minimumFetch: 100, minimumFetchWhilePaused: 40, minimumFetchWhileLean: 16)
        state.isPaused = true
        state.isLean = true
        #expect(state.nextStep(maxBytes: 10, cached: RangeSet<Int64>()) == .fetch(0..<16, id: 1))
        #expect(Self.deliver(0..<16, to: &state, id: 1, total: 1000) == .ended(learnedLength: nil))
        #expect(state.nextStep(maxBytes: 16, cached: RangeSet<Int64>()) == .serve(Self.bytes(0..<16)))
        // Standard again: the paused least.
        state.isLean = false
        #expect(state.nextStep(maxBytes: 10, cached: RangeSet<Int64>(0..<16)) == .fetch(16..<56, id: 2))
        #expect(Self.deliver(16..<56, to: &state, id: 2, total: 1000) == .ended(learnedLength: nil))
        #expect(state.nextStep(maxBytes: 40, cached: RangeSet<Int64>()) == .serve(Self.bytes(16..<56)))
        // Lean while playing changes nothing: a playing engine's least.
        state.isLean = true
        state.isPaused = false
        #expect(state.nextStep(maxBytes: 10, cached: RangeSet<Int64>(0..<56)) == .fetch(56..<156, id: 3))
        // The lean least is never more than the paused one, and without one it is the paused one.
        #expect(
            CachedStreamState(length: 1000, minimumFetch: 100, minimumFetchWhilePaused: 40, minimumFetchWhileLean: 90)
                .minimumFetchWhileLean == 40)
        #expect(
            CachedStreamState(length: 1000, minimumFetch: 100, minimumFetchWhilePaused: 40).minimumFetchWhileLean == 40)
    }

    @Test func aCacheThatDoesNotServeSendsTheRangeToTheOrigin() {
        var state = CachedStreamState(length: 1000, minimumFetch: 100)
        let cached = RangeSet<Int64>(0..<1000)
        #expect(state.nextStep(maxBytes: 64, cached: cached) == .readCache(0..<64))
        state.cacheRead(0..<64, data: nil)
        #expect(state.nextStep(maxBytes: 64, cached: cached) == .fetch(0..<64, id: 1))
        _ = Self.deliver(0..<64, to: &state, id: 1, total: 1000)
        #expect(state.distrusted.isEmpty, "a fetched range is trusted again")
        #expect(state.nextStep(maxBytes: 64, cached: cached) == .serve(Self.bytes(0..<64)))
    }

    @Test func aShortCacheReadIsNeverServed() {
        var state = CachedStreamState(length: 1000, minimumFetch: 100)
        state.cacheRead(0..<64, data: Self.bytes(0..<10))
        #expect(state.buffered == nil)
        #expect(state.nextStep(maxBytes: 64, cached: RangeSet<Int64>(0..<1000)) == .fetch(0..<64, id: 1))
    }

    @Test func theLengthIsLearntFromTheOriginOrAShortDelivery() {
        var state = CachedStreamState(length: nil, minimumFetch: 100)
        #expect(state.nextStep(maxBytes: 10, cached: RangeSet<Int64>()) == .fetch(0..<100, id: 1))
        #expect(Self.deliver(0..<40, to: &state, id: 1, total: nil) == .ended(learnedLength: 40))
        #expect(state.nextStep(maxBytes: 100, cached: RangeSet<Int64>()) == .serve(Self.bytes(0..<40)))
        #expect(state.nextStep(maxBytes: 100, cached: RangeSet<Int64>()) == .end)
        var told = CachedStreamState(length: nil, minimumFetch: 100)
        #expect(told.nextStep(maxBytes: 10, cached: RangeSet<Int64>()) == .fetch(0..<100, id: 1))
        #expect(Self.deliver(0..<100, to: &told, id: 1, total: 5000) == .ended(learnedLength: 5000))
        #expect(told.length == 5000)
    }

    /// mpv looks past an mp4's last atom while the first fetch still arrives: the length its answer's head told ends
    /// the media there, with no request for a range at or past the end.
    @Test func theLengthToldByTheFirstAnswersHeadEndsTheMediaBeforeTheFetchEnds() {
        var state = CachedStreamState(length: nil, minimumFetch: 100)
        #expect(state.nextStep(maxBytes: 10, cached: RangeSet<Int64>()) == .fetch(0..<100, id: 1))
        let told = state.lengthTold(5000, fetch: 1)
        let toldAgain = state.lengthTold(5000, fetch: 1)
        #expect(told)
        #expect(!toldAgain, "told once")
        #expect(state.length == 5000)
        #expect(state.seek(to: 5001) == nil)
        #expect(state.seek(to: 5000) == 5000)
        #expect(state.nextStep(maxBytes: 10, cached: RangeSet<Int64>()) == .end)
        #expect(state.seek(to: 0) == 0)
        #expect(state.nextStep(maxBytes: 10, cached: RangeSet<Int64>()) == .wait, "the first fetch still serves")
        #expect(Self.deliver(0..<100, to: &state, id: 1, total: 5000) == .ended(learnedLength: nil))
        var superseded = CachedStreamState(length: nil, minimumFetch: 100)
        #expect(superseded.nextStep(maxBytes: 10, cached: RangeSet<Int64>()) == .fetch(0..<100, id: 1))
        let toldBySuperseded = superseded.lengthTold(5000, fetch: 2)
        #expect(!toldBySuperseded, "a fetch no longer in flight tells nothing")
        #expect(superseded.length == nil)
    }

    @Test func aLengthTheCacheLearntSinceTheOpenIsAdoptedOnlyWhileNoneIsKnown() {
        var state = CachedStreamState(length: nil, minimumFetch: 100)
        state.lengthCached(nil)
        state.lengthCached(-1)
        #expect(state.length == nil, "nothing, or nonsense, tells nothing")
        #expect(state.seek(to: 900) == 900)
        state.lengthCached(800)
        #expect(state.length == 800)
        #expect(state.nextStep(maxBytes: 10, cached: RangeSet<Int64>()) == .end, "past the end: no fetch")
        state.lengthCached(5000)
        #expect(state.length == 800, "a length the stream knows is its own")
        #expect(state.seek(to: 801) == nil)
    }

    @Test func aRangePastTheEndEndsTheMedia() {
        var state = CachedStreamState(length: nil, minimumFetch: 100)
        #expect(state.seek(to: 700) == 700)
        #expect(state.nextStep(maxBytes: 10, cached: RangeSet<Int64>()) == .fetch(700..<800, id: 1))
        let outcome = state.fetchEnded(1, result: .failure(.rangeNotSatisfiable(length: 600)))
        #expect(outcome == .ended(learnedLength: 600))
        #expect(state.nextStep(maxBytes: 10, cached: RangeSet<Int64>()) == .end)
    }

    @Test(arguments: [ByteSourceError.notFound(status: 404), .serverError(status: 503), .connectionLost])
    func anOriginFailureFailsTheReadAndIsKept(_ error: ByteSourceError) {
        var state = CachedStreamState(length: nil, minimumFetch: 100)
        #expect(state.nextStep(maxBytes: 10, cached: RangeSet<Int64>()) == .fetch(0..<100, id: 1))
        #expect(state.nextStep(maxBytes: 10, cached: RangeSet<Int64>()) == .wait)
        #expect(state.fetchEnded(1, result: .failure(error)) == .failed(error))
        #expect(state.nextStep(maxBytes: 10, cached: RangeSet<Int64>()) == .fail)
        #expect(state.originFailure == error)
        #expect(!state.isCancelled)
        #expect(
            state.nextStep(maxBytes: 10, cached: RangeSet<Int64>()) == .fail,
            "a later read does not ask the origin again: the pool's retry policy does, with a new load")
        #expect(state.nextStep(maxBytes: 10, cached: RangeSet<Int64>(0..<50)) == .readCache(0..<10))
    }

    @Test func aCancelledStreamFailsEveryReadAndSeek() {
        var state = CachedStreamState(length: 1000, minimumFetch: 100)
        _ = state.nextStep(maxBytes: 10, cached: RangeSet<Int64>())
        _ = Self.deliver(0..<100, to: &state, id: 1, total: 1000)
        state.cancel()
        #expect(state.nextStep(maxBytes: 10, cached: RangeSet<Int64>(0..<1000)) == .fail)
        #expect(state.seek(to: 0) == nil)
    }

    @Test func seeksStayWithinTheMedia() {
        var state = CachedStreamState(length: 1000, minimumFetch: 100)
        #expect(state.seek(to: -1) == nil)
        #expect(state.seek(to: 1001) == nil)
        #expect(state.seek(to: 1000) == 1000)
        #expect(state.nextStep(maxBytes: 10, cached: RangeSet<Int64>()) == .end)
        #expect(state.seek(to: 950) == 950)
        #expect(state.nextStep(maxBytes: 100, cached: RangeSet<Int64>()) == .fetch(950..<1000, id: 1))
    }

    @Test(arguments: [
        (ByteSourceError.notFound(status: 404), MediaFailure.Kind.notFound),
        (.notFound(status: 410), .notFound), (.serverError(status: 500), .network), (.unreachable, .network),
        (.connectionLost, .network), (.timedOut, .network), (.unexpectedStatus(403), .other),
        (.badContentRange(nil), .other),
    ])
    func originFailuresClassifyAsAServersAnswerDoes(_ error: ByteSourceError, _ kind: MediaFailure.Kind) {
        #expect(MediaFailureClassifier.kind(origin: error) == kind)
    }
}
