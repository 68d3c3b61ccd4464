import Foundation
import SeamlessPlayback
import Testing

@testable import SeamlessPlaybackMPV

/// A miss through the stream: an origin fetch's pieces served as they arrive, one fetch in flight at a time.
@Suite("CachedStreamState: an origin fetch served piece by piece")
struct CachedStreamStateFetchTests {
    private static func bytes(_ range: Range<Int64>) -> Data {
        Data(range.map { UInt8(truncatingIfNeeded: $0) })
    }

    private static func piece(_ range: Range<Int64>) -> ByteChunk {
        ByteChunk(offset: range.lowerBound, bytes: bytes(range))
    }

    private let none = RangeSet<Int64>()

    @Test func aMissIsServedFromTheFirstPieceWithoutWaitingForTheWholeFetch() {
        var state = CachedStreamState(length: 1000, minimumFetch: 100)
        #expect(state.nextStep(maxBytes: 30, cached: none) == .fetch(0..<100, id: 1))
        #expect(state.nextStep(maxBytes: 30, cached: none) == .wait)
        #expect(state.received(Self.piece(0..<10), fetch: 1) == true)
        #expect(state.nextStep(maxBytes: 30, cached: none) == .serve(Self.bytes(0..<10)), "what has arrived, at once")
        #expect(state.nextStep(maxBytes: 30, cached: none) == .wait)
        #expect(state.received(Self.piece(10..<60), fetch: 1) == true)
        #expect(state.nextStep(maxBytes: 30, cached: none) == .serve(Self.bytes(10..<40)))
        #expect(state.received(Self.piece(60..<100), fetch: 1) == true)
        let end = state.fetchEnded(1, result: .success(ByteRangeRead(range: 0..<100, totalLength: 1000)))
        #expect(end == .ended(learnedLength: nil))
        #expect(state.fetching == nil)
        #expect(state.nextStep(maxBytes: 100, cached: none) == .serve(Self.bytes(40..<100)), "the rest, kept")
        #expect(state.nextStep(maxBytes: 30, cached: none) == .fetch(100..<200, id: 2))
    }

    @Test("bytes another reader's fetch claimed are awaited, and a fetch ends where another's claim begins")
    func claimsOfOtherReaders() {
        var state = CachedStreamState(length: 1000, minimumFetch: 100)
        #expect(state.nextStep(maxBytes: 30, cached: none, claimed: RangeSet(0..<50)) == .awaitOthers)
        #expect(state.fetching == nil)
        // Their bytes arrived in the cache: read there; past them, a fetch up to the next claim.
        #expect(state.nextStep(maxBytes: 30, cached: RangeSet(0..<50), claimed: RangeSet(0..<50)) == .readCache(0..<30))
        state.cacheRead(0..<30, data: Self.bytes(0..<30))
        #expect(state.nextStep(maxBytes: 30, cached: none) == .serve(Self.bytes(0..<30)))
        #expect(state.seek(to: 50) == 50)
        #expect(state.nextStep(maxBytes: 30, cached: none, claimed: RangeSet(120..<400)) == .fetch(50..<120, id: 1))
        // The cache granted less meanwhile: the fetch is narrowed before it starts, or refused.
        let narrowed = [
            state.fetchNarrowed(1, to: 50..<90), state.fetchNarrowed(1, to: 60..<80),
            state.fetchNarrowed(2, to: 50..<60),
        ]
        #expect(narrowed == [true, false, false], "taken; not from the fetch's start; not the fetch in flight")
        #expect(state.fetching?.range == 50..<90)
        let refused = state.fetchRefused(1)
        #expect(refused == .awaitOthers)
        #expect(state.fetching == nil)
        #expect(state.nextStep(maxBytes: 30, cached: none) == .fetch(50..<150, id: 2), "once the claims are gone")
        #expect(state.received(Self.piece(50..<60), fetch: 2) == true)
        let late = state.fetchNarrowed(2, to: 50..<55)
        #expect(!late, "pieces arrived: too late")
    }

    @Test func aReadOutsideTheFetchInFlightStartsAnotherAndTheFirstIsSuperseded() {
        var state = CachedStreamState(length: 1000, minimumFetch: 100)
        #expect(state.nextStep(maxBytes: 30, cached: none) == .fetch(0..<100, id: 1))
        #expect(state.received(Self.piece(0..<20), fetch: 1) == true)
        #expect(state.seek(to: 500) == 500)
        #expect(state.nextStep(maxBytes: 30, cached: none) == .fetch(500..<600, id: 2))
        #expect(state.received(Self.piece(20..<30), fetch: 1) == false, "a superseded fetch's pieces are not served")
        #expect(state.fetchEnded(1, result: .failure(.cancelled)) == .superseded)
        #expect(!state.isCancelled)
        #expect(state.seek(to: 5) == 5)
        #expect(state.nextStep(maxBytes: 30, cached: none) == .serve(Self.bytes(5..<20)), "its pieces kept")
    }

    @Test func aPieceOutOfOrderIsRefusedAndItsFetchFails() {
        var state = CachedStreamState(length: 1000, minimumFetch: 100)
        #expect(state.nextStep(maxBytes: 30, cached: none) == .fetch(0..<100, id: 1))
        #expect(state.received(Self.piece(10..<20), fetch: 1) == false)
        #expect(state.received(Self.piece(0..<120), fetch: 1) == false, "past the fetch's range")
        let end = state.fetchEnded(1, result: .success(ByteRangeRead(range: 0..<100, totalLength: 1000)))
        #expect(end == .failed(.shortRead(expected: 100, received: 0)))
        #expect(state.nextStep(maxBytes: 30, cached: none) == .fail)
    }

    @Test func cancellingWhileAReadWaitsFailsItAndTheFetchEndsUnheard() {
        var state = CachedStreamState(length: nil, minimumFetch: 100)
        #expect(state.nextStep(maxBytes: 30, cached: none) == .fetch(0..<100, id: 1))
        #expect(state.nextStep(maxBytes: 30, cached: none) == .wait)
        state.cancel()
        #expect(state.nextStep(maxBytes: 30, cached: none) == .fail)
        #expect(state.fetchEnded(1, result: .failure(.cancelled)) == .superseded)
        #expect(state.nextStep(maxBytes: 30, cached: none) == .fail)
    }

    @Test func aCachedStretchIsReadFromTheCacheWhileAFetchRunsAhead() {
        var state = CachedStreamState(length: 1000, minimumFetch: 100)
        #expect(state.seek(to: 300) == 300)
        #expect(state.nextStep(maxBytes: 30, cached: none) == .fetch(300..<400, id: 1))
        #expect(state.seek(to: 0) == 0)
        #expect(state.nextStep(maxBytes: 30, cached: RangeSet(0..<200)) == .readCache(0..<30))
        #expect(state.fetching?.id == 1, "the fetch ahead goes on")
    }
}
