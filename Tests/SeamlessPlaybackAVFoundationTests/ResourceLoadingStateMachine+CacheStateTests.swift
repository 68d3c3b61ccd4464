import Foundation
import SeamlessPlayback
import Testing

@testable import SeamlessPlaybackAVFoundation

@Suite("ResourceLoadingStateMachine: what the cache holds is asked for on the I/O queue, never read on AVFoundation's")
struct ResourceLoadingStateMachineCacheStateTests {
    typealias Machine = ResourceLoadingStateMachine
    typealias Base = ResourceLoadingStateMachineTests

    static let key = Base.key
    static let known = Base.snapshot([], length: 1_000)

    /// A request arrives; its ask for the cache's state is answered with `cache`, or left pending when `nil`.
    static func arrive(
        _ machine: inout Machine, information: Bool = false, _ data: Machine.DataRequest?,
        answering cache: Machine.CacheSnapshot? = nil
    ) throws -> (Machine.RequestID, [Machine.Action]) {
        let arrival =
            if let cache {
                machine.requestArrived(
                    Base.loaderURL, wantsInformation: information, data: data, answeringStateWith: cache)
            } else {
                machine.requestArrived(Base.loaderURL, wantsInformation: information, data: data)
            }
        return try #require(arrival)
    }

    static func fetchID(_ actions: [Machine.Action]) throws -> Machine.FetchID {
        try #require(actions.lazy.compactMap { if case .fetch(_, let f, _, _) = $0 { f } else { nil } }.first)
    }

    @Test("a request asks for the cache's state on arrival, and chooses its bytes' source only when it arrives")
    func arrivalAsksForTheState() throws {
        var machine = Machine(minimumFetch: 100, cacheReadLimit: 50)
        let arrival = machine.requestArrived(Base.loaderURL, wantsInformation: true, data: Base.data(0, 40))
        let (id, actions) = try #require(arrival)
        #expect(actions == [.readCacheState(id, key: Self.key)])
        #expect(machine.requests[id]?.step == .awaitingCacheState(then: .advance))
        #expect(machine.fetches.isEmpty && machine.invariantViolations() == [])
        let cache = Base.snapshot([0..<100], length: 1_000)
        #expect(
            machine.cacheStateRead(id, cache: cache) == [
                .setContentInformation(id, Base.information(1_000)), .readCache(id, key: Self.key, range: 0..<40),
            ])
        #expect(machine.invariantViolations() == [])
        #expect(machine.cacheStateRead(id, cache: cache) == [], "a second answer changes nothing")
    }

    @Test("a cancel arriving while the cache's state is pending is answered at once; the late state changes nothing")
    func cancelWhileStatePending() throws {
        var machine = Machine(minimumFetch: 100, cacheReadLimit: 50)
        let (id, _) = try Self.arrive(&machine, Base.data(0, 40))
        #expect(machine.requestCancelled(id) == [])
        #expect(machine.requests.isEmpty)
        #expect(machine.cacheStateRead(id, cache: .empty) == [], "no fetch for a cancelled request")
        #expect(machine.requests.isEmpty && machine.fetches.isEmpty)
    }

    @Test("a shutdown while the cache's state is pending fails the request at once; the late state changes nothing")
    func shutdownWhileStatePending() throws {
        var machine = Machine(minimumFetch: 100, cacheReadLimit: 50)
        let (id, _) = try Self.arrive(&machine, information: true, nil)
        #expect(machine.shutdown() == [.fail(id, .shutDown)])
        #expect(machine.cacheStateRead(id, cache: Self.known) == [])
        #expect(machine.requests.isEmpty && machine.fetches.isEmpty)
    }

    @Test("a fetch's end asks for the state for each request riding it; a cancel of one leaves the other's answer")
    func fetchEndAsksPerRider() throws {
        var machine = Machine(minimumFetch: 100, cacheReadLimit: 50)
        let (first, started) = try Self.arrive(&machine, Base.data(0, 300), answering: Self.known)
        let fetch = try Self.fetchID(started)
        let (second, joined) = try Self.arrive(&machine, Base.data(50, 250), answering: Self.known)
        #expect(joined == [])
        let chunk = ByteChunk(offset: 0, bytes: Base.bytes(0..<100))
        _ = machine.originReceived(first, fetch: fetch, chunk: chunk)
        let read = ByteRangeRead(range: 0..<100, totalLength: 1_000)
        #expect(
            machine.originFinished(first, fetch: fetch, read: read) == [
                .recordLength(key: Self.key, 1_000), .readCacheState(first, key: Self.key),
                .readCacheState(second, key: Self.key),
            ])
        #expect(machine.requests[first]?.step == .awaitingCacheState(then: .fetchEnded(endsAt: 100)))
        #expect(machine.fetches.isEmpty && machine.invariantViolations() == [])
        #expect(machine.requestCancelled(first) == [], "nothing to cancel: the fetch ended")
        #expect(machine.cacheStateRead(first, cache: Self.known) == [])
        let next = machine.cacheStateRead(second, cache: Base.snapshot([0..<100], length: 1_000))
        #expect(next == [.fetch(second, try Self.fetchID(next), url: Base.origin, range: 100..<300)])
        #expect(machine.invariantViolations() == [])
    }

    @Test(
        "a short delivery learns the length from the state's answer only when neither the machine nor the cache knows it"
    )
    func shortDeliveryDecidedWithTheState() throws {
        for (cache, expected) in [
            (Machine.CacheSnapshot.empty, [Machine.Action.recordLength(key: Self.key, 40)]),
            (Base.snapshot([0..<40], length: 40), []),
        ] {
            var machine = Machine(minimumFetch: 100, cacheReadLimit: 50)
            let (id, started) = try Self.arrive(&machine, Base.data(0, 100), answering: .empty)
            let fetch = try Self.fetchID(started)
            let chunk = ByteChunk(offset: 0, bytes: Base.bytes(0..<40))
            #expect(machine.originReceived(id, fetch: fetch, chunk: chunk).last == .respond(id, Base.bytes(0..<40)))
            let read = ByteRangeRead(range: 0..<40, totalLength: nil)
            #expect(machine.originFinished(id, fetch: fetch, read: read) == [.readCacheState(id, key: Self.key)])
            #expect(machine.requests[id]?.step == .awaitingCacheState(then: .fetchEnded(endsAt: 40)))
            let answered = machine.cacheStateRead(id, cache: cache)
            #expect(answered == expected + [.finish(id)], "the media ends at 40: all it holds was responded")
        }
    }

    @Test("a fetch that ends without a length fails a request awaiting its information only once the state says none")
    func unknownLengthDecidedWithTheState() throws {
        for (cache, fails) in [(Machine.CacheSnapshot.empty, true), (Self.known, false)] {
            var machine = Machine(minimumFetch: 100, cacheReadLimit: 50)
            let (id, started) = try Self.arrive(&machine, information: true, nil, answering: .empty)
            let read = ByteRangeRead(range: 0..<100, totalLength: nil)
            #expect(
                machine.originFinished(id, fetch: try Self.fetchID(started), read: read) == [
                    .readCacheState(id, key: Self.key)
                ])
            let expected: [Machine.Action] =
                fails
                ? [.fail(id, .unknownLength)] : [.setContentInformation(id, Base.information(1_000)), .finish(id)]
            #expect(machine.cacheStateRead(id, cache: cache) == expected)
            #expect(machine.requests.isEmpty)
        }
    }

    @Test("a retry and a 416 at the fetch's start ask for the state before choosing")
    func retryAndRangeNotSatisfiableAsk() throws {
        var machine = Machine(minimumFetch: 100, cacheReadLimit: 50)
        let (id, started) = try Self.arrive(&machine, Base.data(0, 300), answering: Self.known)
        _ = machine.originFailed(id, fetch: try Self.fetchID(started), error: .timedOut)
        #expect(machine.retryFired(id, attempt: 1) == [.readCacheState(id, key: Self.key)])
        #expect(machine.retryFired(id, attempt: 1) == [], "the retry fired once")
        let retried = machine.cacheStateRead(id, cache: Base.snapshot([0..<300], length: 1_000))
        #expect(retried == [.readCache(id, key: Self.key, range: 0..<50)], "what the cache gained is read from it")

        var other = Machine(minimumFetch: 100, cacheReadLimit: 50)
        let (late, fetching) = try Self.arrive(&other, Base.data(0, 10), answering: .empty)
        let failed = other.originFailed(late, fetch: try Self.fetchID(fetching), error: .rangeNotSatisfiable(length: 0))
        #expect(failed == [.recordLength(key: Self.key, 0), .readCacheState(late, key: Self.key)])
        #expect(other.cacheStateRead(late, cache: .empty) == [.finish(late)])
    }
}

extension ResourceLoadingStateMachine {
    /// `actions`, each ask for the cache's state answered at once with `cache`, its answer's actions in its place:
    /// the events as they read when nothing happens between the ask and the answer.
    mutating func answeringStateReads(_ actions: [Action], with cache: CacheSnapshot) -> [Action] {
        var answered: [Action] = []
        for action in actions {
            guard case .readCacheState(let id, _) = action else {
                answered.append(action)
                continue
            }
            answered += answeringStateReads(cacheStateRead(id, cache: cache), with: cache)
        }
        return answered
    }

    /// ``requestArrived(_:wantsInformation:data:)``, its ask for the cache's state answered with `cache`.
    mutating func requestArrived(
        _ url: URL, wantsInformation: Bool, data: DataRequest?, answeringStateWith cache: CacheSnapshot
    ) -> (RequestID, [Action])? {
        guard let (id, actions) = requestArrived(url, wantsInformation: wantsInformation, data: data) else {
            return nil
        }
        return (id, answeringStateReads(actions, with: cache))
    }

    /// ``originFinished(_:fetch:read:)``, its asks for the cache's state answered with `cache`.
    mutating func originFinished(
        _ id: RequestID, fetch: FetchID, read: ByteRangeRead, answeringStateWith cache: CacheSnapshot
    ) -> [Action] {
        answeringStateReads(originFinished(id, fetch: fetch, read: read), with: cache)
    }

    /// ``originFailed(_:fetch:error:)``, its asks for the cache's state answered with `cache`.
    mutating func originFailed(
        _ id: RequestID, fetch: FetchID, error: ByteSourceError, answeringStateWith cache: CacheSnapshot
    ) -> [Action] {
        answeringStateReads(originFailed(id, fetch: fetch, error: error), with: cache)
    }

    /// ``retryFired(_:attempt:)``, its ask for the cache's state answered with `cache`.
    mutating func retryFired(_ id: RequestID, attempt: Int, answeringStateWith cache: CacheSnapshot) -> [Action] {
        answeringStateReads(retryFired(id, attempt: attempt), with: cache)
    }
}
