import Foundation
import SeamlessPlayback
import Testing

@testable import SeamlessPlaybackAVFoundation

@Suite("ResourceLoadingStateMachine: one origin fetch per byte range in flight")
struct ResourceLoadingStateMachineSharingTests {
    typealias Machine = ResourceLoadingStateMachine
    typealias Base = ResourceLoadingStateMachineTests

    static let known = Base.snapshot([], length: 1_000)

    static func arrive(
        _ machine: inout Machine, _ data: Machine.DataRequest, cache: Machine.CacheSnapshot = known
    ) throws -> (Machine.RequestID, [Machine.Action]) {
        let arrival = machine.requestArrived(
            Base.loaderURL, wantsInformation: false, data: data, answeringStateWith: cache)
        let result = try #require(arrival)
        #expect(machine.invariantViolations() == [])
        return result
    }

    @Test("a request whose bytes a running fetch has yet to deliver rides it: no second fetch, both served")
    func ridesARunningFetch() throws {
        var machine = Machine(minimumFetch: 100, cacheReadLimit: 50)
        let (first, started) = try Self.arrive(&machine, Base.data(0, 10))
        let fetch = try #require(Self.fetchID(started))
        #expect(started == [.fetch(first, fetch, url: Base.origin, range: 0..<100)])
        let (second, joined) = try Self.arrive(&machine, Base.data(50, 20))
        #expect(joined == [], "no fetch of bytes already on their way")
        #expect(machine.fetches.count == 1)
        let chunk = ByteChunk(offset: 0, bytes: Base.bytes(0..<100))
        #expect(
            machine.originReceived(first, fetch: fetch, chunk: chunk) == [
                .write(key: Base.key, chunk), .respond(first, Base.bytes(0..<10)), .finish(first),
                .respond(second, Base.bytes(50..<70)), .finish(second),
            ])
        #expect(machine.requests.isEmpty && machine.invariantViolations() == [])
    }

    @Test("bytes a fetch delivered but the cache does not show yet are read from the cache, not fetched again")
    func writtenBytesCountAsCached() throws {
        var machine = Machine(minimumFetch: 100, cacheReadLimit: 50)
        let (first, started) = try Self.arrive(&machine, Base.data(0, 10))
        let fetch = try #require(Self.fetchID(started))
        _ = machine.originReceived(first, fetch: fetch, chunk: ByteChunk(offset: 0, bytes: Base.bytes(0..<60)))
        // The snapshot lags the I/O queue: it shows nothing yet.
        let (third, actions) = try Self.arrive(&machine, Base.data(20, 30))
        #expect(actions == [.readCache(third, key: Base.key, range: 20..<50)])
        #expect(machine.written[Base.key] == RangeSet([0..<60]))
    }

    @Test("a fetch past the next byte a request needs is not ridden: the gap is fetched")
    func noRideBehindTheFetch() throws {
        var machine = Machine(minimumFetch: 100, cacheReadLimit: 50)
        let (first, started) = try Self.arrive(&machine, Base.data(0, 300))
        let fetch = try #require(Self.fetchID(started))
        _ = machine.originReceived(first, fetch: fetch, chunk: ByteChunk(offset: 0, bytes: Base.bytes(0..<60)))
        // Bytes 400… lie past the running fetch (0..<300): a fetch of their own.
        let (other, actions) = try Self.arrive(&machine, Base.data(400, 10))
        #expect(Self.fetchID(actions) != nil && Self.fetchID(actions) != fetch)
        #expect(machine.requests[other] != nil && machine.fetches.count == 2)
    }

    @Test("cancelling one rider leaves the fetch running for the other; the last one's cancellation cancels it")
    func cancellingRiders() throws {
        var machine = Machine(minimumFetch: 100, cacheReadLimit: 50)
        let (first, started) = try Self.arrive(&machine, Base.data(0, 10))
        let fetch = try #require(Self.fetchID(started))
        let (second, _) = try Self.arrive(&machine, Base.data(50, 20))
        #expect(machine.requestCancelled(first) == [])
        #expect(machine.requestCancelled(second) == [.cancelFetch(fetch)])
    }

    @Test("a fetch's failure reaches every rider: each retries on its own")
    func failureReachesRiders() throws {
        var machine = Machine(minimumFetch: 100, cacheReadLimit: 50)
        let (first, started) = try Self.arrive(&machine, Base.data(0, 10))
        let fetch = try #require(Self.fetchID(started))
        let (second, _) = try Self.arrive(&machine, Base.data(50, 20))
        #expect(
            machine.originFailed(first, fetch: fetch, error: .connectionLost, answeringStateWith: Self.known) == [
                .noteOriginFailure(key: Base.key, .connectionLost),
                .scheduleRetry(first, attempt: 1, after: .milliseconds(500)),
                .scheduleRetry(second, attempt: 1, after: .milliseconds(500)),
            ])
    }

    static func fetchID(_ actions: [Machine.Action]) -> Machine.FetchID? {
        actions.lazy.compactMap { if case .fetch(_, let f, _, _) = $0 { f } else { nil } }.first
    }
}
