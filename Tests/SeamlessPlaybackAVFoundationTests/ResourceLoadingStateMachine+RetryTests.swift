import Foundation
import SeamlessPlayback
import Testing

@testable import SeamlessPlaybackAVFoundation

@Suite("ResourceLoadingStateMachine: a loading request survives a flaky network and the background")
struct ResourceLoadingStateMachineRetryTests {
    typealias Machine = ResourceLoadingStateMachine
    typealias Base = ResourceLoadingStateMachineTests

    static let key = Base.key

    /// A request for bytes 0..<300 of a 1,000-byte media whose length the cache knows, and its first fetch.
    static func fetching(
        _ machine: inout Machine
    ) throws -> (Machine.RequestID, Machine.FetchID) {
        let arrival = machine.requestArrived(
            Base.loaderURL, wantsInformation: false, data: Base.data(0, 300),
            answeringStateWith: Base.snapshot([], length: 1_000))
        let (id, actions) = try #require(arrival)
        let fetch = try #require(
            actions.lazy.compactMap { if case .fetch(_, let f, _, _) = $0 { f } else { nil } }.first)
        return (id, fetch)
    }

    static func fetchAction(_ actions: [Machine.Action]) -> (Machine.FetchID, Range<Int64>)? {
        actions.lazy.compactMap { if case .fetch(_, let f, _, let r) = $0 { (f, r) } else { nil } }.first
    }

    @Test("a lost connection mid-request is fetched again from the request's next byte, after a backoff")
    func retriesFromCurrentOffset() throws {
        var machine = Machine(minimumFetch: 100, cacheReadLimit: 50)
        let (id, fetch) = try Self.fetching(&machine)
        let chunk = ByteChunk(offset: 0, bytes: Base.bytes(0..<120))
        #expect(machine.originReceived(id, fetch: fetch, chunk: chunk).last == .respond(id, Base.bytes(0..<120)))
        let failed = machine.originFailed(id, fetch: fetch, error: .connectionLost, answeringStateWith: .empty)
        #expect(
            failed == [
                .noteOriginFailure(key: Self.key, .connectionLost),
                .scheduleRetry(id, attempt: 1, after: .milliseconds(500)),
            ])
        #expect(machine.invariantViolations() == [])
        let retried = machine.retryFired(id, attempt: 1, answeringStateWith: Base.snapshot([0..<120], length: 1_000))
        let (again, range) = try #require(Self.fetchAction(retried))
        #expect(retried == [.fetch(id, again, url: Base.origin, range: 120..<300)])
        #expect(range.lowerBound == 120, "never a byte responded twice")
        let rest = ByteChunk(offset: 120, bytes: Base.bytes(120..<300))
        let served = machine.originReceived(id, fetch: again, chunk: rest)
        #expect(served.suffix(2) == [.respond(id, Base.bytes(120..<300)), .finish(id)])
        let read = ByteRangeRead(range: 120..<300, totalLength: nil)
        #expect(
            machine.originFinished(id, fetch: again, read: read, answeringStateWith: .empty)
                == [.noteOriginFailure(key: Self.key, nil)], "the success clears the noted failure")
    }

    @Test("the backoff doubles to 8 s; the sixth failure in a row without a byte is final; a byte resets the count")
    func backoffAndLastAttempt() throws {
        #expect((1...7).map(Machine.retryDelay(attempt:)) == [0.5, 1, 2, 4, 8, 8, 8].map { Duration.seconds($0) })
        var machine = Machine(minimumFetch: 100, cacheReadLimit: 50)
        var (id, fetch) = try Self.fetching(&machine)
        for attempt in 1..<Machine.maximumAttempts {
            let failed = machine.originFailed(id, fetch: fetch, error: .timedOut, answeringStateWith: .empty)
            #expect(failed.last == .scheduleRetry(id, attempt: attempt, after: Machine.retryDelay(attempt: attempt)))
            if attempt == 2 {
                // A byte between two failures: the count starts again.
                let retried = machine.retryFired(id, attempt: attempt, answeringStateWith: .empty)
                fetch = try #require(Self.fetchAction(retried)).0
                _ = machine.originReceived(id, fetch: fetch, chunk: ByteChunk(offset: 0, bytes: Base.bytes(0..<1)))
                #expect(machine.requests[id]?.failures == 0)
                for again in 1..<Machine.maximumAttempts {
                    let more = machine.originFailed(id, fetch: fetch, error: .timedOut, answeringStateWith: .empty)
                    #expect(more.last == .scheduleRetry(id, attempt: again, after: Machine.retryDelay(attempt: again)))
                    fetch = try #require(
                        Self.fetchAction(machine.retryFired(id, attempt: again, answeringStateWith: .empty))
                    ).0
                }
                let final = machine.originFailed(id, fetch: fetch, error: .timedOut, answeringStateWith: .empty)
                #expect(final == [.fail(id, .origin(.timedOut))])
                #expect(machine.requests.isEmpty && machine.invariantViolations() == [])
                return
            }
            fetch = try #require(Self.fetchAction(machine.retryFired(id, attempt: attempt, answeringStateWith: .empty)))
                .0
        }
    }

    @Test(
        "a permanent failure fails the request at once",
        arguments: [
            ByteSourceError.notFound(status: 404), .unexpectedStatus(403), .badContentRange(nil), .transport("ATS"),
        ])
    func permanentFailsAtOnce(error: ByteSourceError) throws {
        var machine = Machine(minimumFetch: 100, cacheReadLimit: 50)
        let (id, fetch) = try Self.fetching(&machine)
        #expect(
            machine.originFailed(id, fetch: fetch, error: error, answeringStateWith: .empty) == [
                .noteOriginFailure(key: Self.key, error), .fail(id, .origin(error)),
            ])
    }

    @Test(
        "which failures may pass",
        arguments: [
            (ByteSourceError.connectionLost, true), (.shortRead(expected: 10, received: 2), true), (.unreachable, true),
            (.timedOut, true), (.serverError(status: 503), true), (.unexpectedStatus(429), true),
            (.unexpectedStatus(408), true), (.cancelled, true), (.notFound(status: 410), false),
            (.unexpectedStatus(401), false), (.rangeNotSatisfiable(length: nil), false), (.transport("-1020"), false),
        ])
    func transience(error: ByteSourceError, isTransient: Bool) {
        #expect(Machine.isTransient(error) == isTransient)
    }

    @Test("a retry that is stale (another attempt, a cancelled request) changes nothing")
    func staleRetry() throws {
        var machine = Machine(minimumFetch: 100, cacheReadLimit: 50)
        let (id, fetch) = try Self.fetching(&machine)
        _ = machine.originFailed(id, fetch: fetch, error: .connectionLost, answeringStateWith: .empty)
        #expect(machine.retryFired(id, attempt: 2, answeringStateWith: .empty) == [])
        #expect(machine.requestCancelled(id) == [])
        #expect(machine.retryFired(id, attempt: 1, answeringStateWith: .empty) == [])
        #expect(machine.requests.isEmpty)
    }

    @Test("in the background (a policy that pauses there) retries wait, and all fire on the return")
    func heldInBackground() throws {
        var machine = Machine(minimumFetch: 100, cacheReadLimit: 50, holdsInBackground: true)
        let (id, fetch) = try Self.fetching(&machine)
        #expect(machine.appMoved(toBackground: true) == [])
        #expect(
            machine.originFailed(id, fetch: fetch, error: .connectionLost, answeringStateWith: .empty) == [
                .noteOriginFailure(key: Self.key, .connectionLost)
            ])
        #expect(machine.retryFired(id, attempt: 1, answeringStateWith: .empty) == [], "held")
        #expect(machine.appMoved(toBackground: false) == [.scheduleRetry(id, attempt: 1, after: .zero)])
        #expect(Self.fetchAction(machine.retryFired(id, attempt: 1, answeringStateWith: .empty))?.1 == 0..<300)
    }

    @Test("a policy that keeps audio in the background keeps retrying there")
    func notHeldWithAudio() throws {
        var machine = Machine(minimumFetch: 100, cacheReadLimit: 50, holdsInBackground: false)
        let (id, fetch) = try Self.fetching(&machine)
        #expect(machine.appMoved(toBackground: true) == [])
        let failed = machine.originFailed(id, fetch: fetch, error: .connectionLost, answeringStateWith: .empty)
        #expect(failed.last == .scheduleRetry(id, attempt: 1, after: .milliseconds(500)))
        #expect(machine.appMoved(toBackground: false) == [])
    }

    @Test("shutdown fails every open request (waiting, fetching), cancels every fetch, takes no new one; once")
    func shutdownFinishesOpenRequests() throws {
        var machine = Machine(minimumFetch: 100, cacheReadLimit: 50)
        let (waiting, fetch) = try Self.fetching(&machine)
        _ = machine.originFailed(waiting, fetch: fetch, error: .connectionLost, answeringStateWith: .empty)
        let (fetching, running) = try Self.fetching(&machine)
        #expect(
            machine.shutdown() == [.fail(waiting, .shutDown), .fail(fetching, .shutDown), .cancelFetch(running)])
        #expect(machine.requests.isEmpty)
        #expect(machine.shutdown() == [])
        #expect(
            machine.requestArrived(Base.loaderURL, wantsInformation: true, data: nil, answeringStateWith: .empty)
                == nil,
            "a shut loader answers false")
        #expect(machine.retryFired(waiting, attempt: 1, answeringStateWith: .empty) == [])
    }
}
