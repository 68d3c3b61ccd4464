import Foundation
import SeamlessPlayback
import Testing

@testable import SeamlessPlaybackAVFoundation

@Suite("ResourceLoadingStateMachine: bytes another reader of the cache claimed are waited for, never fetched again")
struct ResourceLoadingStateMachineClaimsTests {
    typealias Machine = ResourceLoadingStateMachine
    typealias Base = ResourceLoadingStateMachineTests

    static let key = Base.key

    /// What the cache holds: `cached`, a length of 1 000, and the claims `claimed`.
    static func state(cached: [Range<Int64>] = [], claimed: [Range<Int64>] = []) -> Machine.CacheSnapshot {
        Machine.CacheSnapshot(cached: RangeSet(cached), length: 1_000, claimed: RangeSet(claimed))
    }

    /// A request for `data` arrives; its first ask for the cache's state is left pending.
    static func arrive(
        _ machine: inout Machine, _ data: Machine.DataRequest, information: Bool = false
    ) throws -> Machine.RequestID {
        let arrival = machine.requestArrived(Base.loaderURL, wantsInformation: information, data: data)
        let (id, actions) = try #require(arrival)
        #expect(actions == [.readCacheState(id, key: key)])
        return id
    }

    static func fetchID(_ actions: [Machine.Action]) throws -> Machine.FetchID {
        try #require(actions.lazy.compactMap { if case .fetch(_, let f, _, _) = $0 { f } else { nil } }.first)
    }

    /// A machine whose request for bytes 0..<40 waits for another reader's claim of 0..<300.
    static func waiting() throws -> (Machine, Machine.RequestID) {
        var machine = Machine(minimumFetch: 100, cacheReadLimit: 50)
        let id = try arrive(&machine, Base.data(0, 40))
        _ = machine.cacheStateRead(id, cache: state(claimed: [0..<300]))
        _ = machine.cacheStateRead(id, cache: state(claimed: [0..<300]))
        #expect(machine.requests[id]?.step == .awaitingOthers)
        return (machine, id)
    }

    @Test("bytes another reader claimed: the media's changes observed, the state asked again, the request waits")
    func waitsForAnotherReader() throws {
        var machine = Machine(minimumFetch: 100, cacheReadLimit: 50)
        let id = try Self.arrive(&machine, Base.data(0, 40))
        let claimed = Self.state(claimed: [0..<300])
        #expect(
            machine.cacheStateRead(id, cache: claimed) == [
                .observeChanges(key: Self.key), .readCacheState(id, key: Self.key),
            ], "the first state predates the observation: asked again once it runs")
        #expect(machine.requests[id]?.step == .awaitingCacheState(then: .advance))
        #expect(machine.invariantViolations() == [])
        #expect(machine.cacheStateRead(id, cache: claimed) == [], "no fetch of claimed bytes")
        #expect(machine.requests[id]?.step == .awaitingOthers)
        #expect(machine.fetches.isEmpty && machine.observed == [Self.key])
        #expect(machine.invariantViolations() == [])
    }

    @Test("the media's change wakes the request: it reads what the other reader wrote; the observation ends with it")
    func wokenByTheChange() throws {
        var (machine, id) = try Self.waiting()
        #expect(machine.cacheChanged(Self.key) == [.readCacheState(id, key: Self.key)])
        #expect(machine.cacheChanged("https://cdn.example.com/other.mp4") == [], "another media's change")
        let written = Self.state(cached: [0..<300])
        #expect(machine.cacheStateRead(id, cache: written) == [.readCache(id, key: Self.key, range: 0..<40)])
        #expect(machine.invariantViolations() == [])
        #expect(
            machine.cacheRead(id, range: 0..<40, bytes: Base.bytes(0..<40), cache: written) == [
                .stopObservingChanges(key: Self.key), .respond(id, Base.bytes(0..<40)), .finish(id),
            ])
        #expect(machine.requests.isEmpty && machine.observed.isEmpty && machine.invariantViolations() == [])
    }

    @Test("woken while the other reader still fetches: the request asks once per change and waits again")
    func wokenTooEarly() throws {
        var (machine, id) = try Self.waiting()
        #expect(machine.cacheChanged(Self.key) == [.readCacheState(id, key: Self.key)])
        #expect(machine.cacheStateRead(id, cache: Self.state(cached: [200..<250], claimed: [0..<300])) == [])
        #expect(machine.requests[id]?.step == .awaitingOthers)
        #expect(machine.invariantViolations() == [])
    }

    @Test("a change reported while the state read is pending: the state may predate it, so it is asked again")
    func changeWhileAsking() throws {
        var (machine, id) = try Self.waiting()
        _ = machine.cacheChanged(Self.key)
        #expect(machine.cacheChanged(Self.key) == [], "the request already asks")
        let claimed = Self.state(claimed: [0..<300])
        #expect(machine.cacheStateRead(id, cache: claimed) == [.readCacheState(id, key: Self.key)])
        #expect(machine.cacheStateRead(id, cache: claimed) == [])
        #expect(machine.requests[id]?.step == .awaitingOthers)
    }

    @Test("a fetch ends where another reader's claim begins; the request then waits for the claimed bytes")
    func fetchEndsAtAnotherClaim() throws {
        var machine = Machine(minimumFetch: 100, cacheReadLimit: 50)
        let id = try Self.arrive(&machine, Base.data(0, 150))
        let actions = machine.cacheStateRead(id, cache: Self.state(claimed: [60..<200]))
        let fetch = try Self.fetchID(actions)
        #expect(actions == [.fetch(id, fetch, url: Base.origin, range: 0..<60)])
        let chunk = ByteChunk(offset: 0, bytes: Base.bytes(0..<60))
        #expect(
            machine.originReceived(id, fetch: fetch, chunk: chunk) == [
                .write(key: Self.key, chunk), .respond(id, Base.bytes(0..<60)),
            ])
        // No length told: a fetch that delivered all it asked for says nothing of where the media ends.
        let read = ByteRangeRead(range: 0..<60, totalLength: nil)
        #expect(machine.originFinished(id, fetch: fetch, read: read) == [.readCacheState(id, key: Self.key)])
        #expect(machine.requests[id]?.step == .awaitingCacheState(then: .fetchEnded(endsAt: nil)))
        let claimed = Self.state(cached: [0..<60], claimed: [60..<200])
        #expect(
            machine.cacheStateRead(id, cache: claimed) == [
                .observeChanges(key: Self.key), .readCacheState(id, key: Self.key),
            ])
        #expect(machine.cacheStateRead(id, cache: claimed) == [])
        #expect(machine.requests[id]?.step == .awaitingOthers && machine.invariantViolations() == [])
    }

    @Test("the loader's own fetches' claims are not another reader's: a request rides its own fetch, or fetches on")
    func ownClaimsAreNotOthers() throws {
        var machine = Machine(minimumFetch: 100, cacheReadLimit: 50)
        let first = try Self.arrive(&machine, Base.data(0, 10))
        let fetch = try Self.fetchID(machine.cacheStateRead(first, cache: Self.state()))
        // The snapshot shows the first fetch's own claim.
        let own = Self.state(claimed: [0..<100])
        let second = try Self.arrive(&machine, Base.data(50, 20))
        #expect(machine.cacheStateRead(second, cache: own) == [], "it rides the fetch")
        #expect(machine.requests[second]?.step == .fetching(fetch, 50..<100))
        let third = try Self.arrive(&machine, Base.data(100, 20))
        let more = machine.cacheStateRead(third, cache: own)
        #expect(more == [.fetch(third, try Self.fetchID(more), url: Base.origin, range: 100..<200)])
        #expect(machine.observed.isEmpty && machine.invariantViolations() == [])
    }

    @Test("a fetch ends where a running fetch of the loader's own begins: the loader's claims never overlap either")
    func fetchEndsAtOwnFetch() throws {
        var machine = Machine(minimumFetch: 100, cacheReadLimit: 50)
        let first = try Self.arrive(&machine, Base.data(500, 10))
        let ahead = try Self.fetchID(machine.cacheStateRead(first, cache: Self.state()))
        #expect(machine.fetches[ahead]?.range == 500..<600)
        let second = try Self.arrive(&machine, Base.data(450, 100))
        let actions = machine.cacheStateRead(second, cache: Self.state(claimed: [500..<600]))
        #expect(actions == [.fetch(second, try Self.fetchID(actions), url: Base.origin, range: 450..<500)])
        #expect(machine.invariantViolations() == [])
    }

    @Test("a claim the cache refused (another reader claimed its first byte meanwhile): the request asks again, waits")
    func refusedClaim() throws {
        var machine = Machine(minimumFetch: 100, cacheReadLimit: 50)
        let id = try Self.arrive(&machine, Base.data(0, 40))
        let fetch = try Self.fetchID(machine.cacheStateRead(id, cache: Self.state()))
        #expect(
            machine.fetchRefused(fetch) == [.observeChanges(key: Self.key), .readCacheState(id, key: Self.key)])
        #expect(machine.fetches.isEmpty && machine.invariantViolations() == [])
        #expect(machine.fetchRefused(fetch) == [], "refused once")
        #expect(machine.cacheStateRead(id, cache: Self.state(claimed: [0..<100])) == [])
        #expect(machine.requests[id]?.step == .awaitingOthers)
    }

    @Test("a claim the cache narrowed: the fetch reads less, and its end is not taken for the media's")
    func narrowedClaim() throws {
        var machine = Machine(minimumFetch: 100, cacheReadLimit: 50)
        let id = try Self.arrive(&machine, Base.data(0, 80))
        let fetch = try Self.fetchID(machine.cacheStateRead(id, cache: Self.state()))
        #expect(machine.fetchNarrowed(fetch, to: 0..<30) == [])
        #expect(machine.fetches[fetch]?.range == 0..<30)
        #expect(machine.requests[id]?.step == .fetching(fetch, 0..<30))
        #expect(machine.fetchNarrowed(fetch, to: 0..<60) == [], "never widened")
        #expect(machine.fetchNarrowed(fetch, to: 10..<20) == [], "a claim starts where its range does")
        #expect(machine.fetches[fetch]?.range == 0..<30 && machine.invariantViolations() == [])
        _ = machine.originReceived(id, fetch: fetch, chunk: ByteChunk(offset: 0, bytes: Base.bytes(0..<30)))
        let read = ByteRangeRead(range: 0..<30, totalLength: nil)
        #expect(machine.originFinished(id, fetch: fetch, read: read) == [.readCacheState(id, key: Self.key)])
        #expect(machine.requests[id]?.step == .awaitingCacheState(then: .fetchEnded(endsAt: nil)))
    }

    @Test("a request that needs the length, whose first bytes another reader claimed, waits for them and their length")
    func informationWaitsForAnotherReader() throws {
        var machine = Machine(minimumFetch: 100, cacheReadLimit: 50)
        let id = try Self.arrive(&machine, Base.data(0, 2), information: true)
        let claimed = Machine.CacheSnapshot(cached: RangeSet(), length: nil, claimed: RangeSet([0..<300]))
        _ = machine.cacheStateRead(id, cache: claimed)
        #expect(machine.cacheStateRead(id, cache: claimed) == [])
        #expect(machine.requests[id]?.step == .awaitingOthers && machine.fetches.isEmpty)
        _ = machine.cacheChanged(Self.key)
        #expect(
            machine.cacheStateRead(id, cache: Self.state(cached: [0..<300])) == [
                .setContentInformation(id, Base.information(1_000)), .readCache(id, key: Self.key, range: 0..<2),
            ])
    }

    @Test("a cancel while awaiting others is answered at once; the observation ends with the last waiting request")
    func cancelWhileAwaitingOthers() throws {
        var (machine, id) = try Self.waiting()
        let other = try Self.arrive(&machine, Base.data(10, 40))
        #expect(machine.cacheStateRead(other, cache: Self.state(claimed: [0..<300])) == [], "already observed")
        #expect(machine.requestCancelled(id) == [], "the other request still waits")
        #expect(machine.requestCancelled(other) == [.stopObservingChanges(key: Self.key)])
        #expect(machine.requests.isEmpty && machine.observed.isEmpty && machine.invariantViolations() == [])
        #expect(machine.cacheChanged(Self.key) == [], "a report after the cancel changes nothing")
    }

    @Test("a shutdown while awaiting others fails the request at once and ends the observation")
    func shutdownWhileAwaitingOthers() throws {
        var (machine, id) = try Self.waiting()
        #expect(machine.shutdown() == [.fail(id, .shutDown), .stopObservingChanges(key: Self.key)])
        #expect(machine.requests.isEmpty && machine.observed.isEmpty && machine.invariantViolations() == [])
    }
}
