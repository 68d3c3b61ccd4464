import Foundation
import SeamlessPlayback
import Testing

@testable import SeamlessPlaybackAVFoundation

@Suite("ResourceLoadingStateMachine: loading requests served from the cache and the origin")
struct ResourceLoadingStateMachineTests {
    typealias Machine = ResourceLoadingStateMachine
    typealias Snapshot = Machine.CacheSnapshot

    static let origin = URL(string: "https://cdn.example.com/clip.mp4")!
    static let loaderURL = URL(string: "seamlesscache-https://cdn.example.com/clip.mp4")!
    static let key = origin.absoluteString
    static let mp4 = "public.mpeg-4"

    var machine = Machine(minimumFetch: 100, cacheReadLimit: 50)

    static func data(_ offset: Int64, _ length: Int, toEnd: Bool = false) -> Machine.DataRequest {
        Machine.DataRequest(
            requestedOffset: offset, requestedLength: length, requestsAllDataToEndOfResource: toEnd,
            currentOffset: offset)
    }

    static func snapshot(_ ranges: [Range<Int64>], length: Int64?) -> Snapshot {
        Snapshot(cached: RangeSet(ranges), length: length)
    }

    static func bytes(_ range: Range<Int64>) -> Data { Data(range.map { UInt8(truncatingIfNeeded: $0) }) }

    static func information(_ length: Int64) -> Machine.ContentInformation {
        Machine.ContentInformation(contentType: mp4, contentLength: length, isByteRangeAccessSupported: true)
    }

    mutating func arrive(
        _ url: URL = loaderURL, information: Bool = false, data: Machine.DataRequest?, cache: Snapshot
    ) throws -> (Machine.RequestID, [Machine.Action]) {
        let result = machine.requestArrived(url, wantsInformation: information, data: data, answeringStateWith: cache)
        let arrival = try #require(result)
        #expect(machine.invariantViolations() == [])
        return arrival
    }

    func fetchID(_ actions: [Machine.Action]) throws -> Machine.FetchID {
        try #require(actions.lazy.compactMap { if case .fetch(_, let f, _, _) = $0 { f } else { nil } }.first)
    }

    @Test("a URL the engine did not make is refused, and nothing is kept")
    mutating func refusesForeignURLs() {
        for url in [Self.origin, URL(string: "skd://key")!, URL(string: "seamlesscache-ftp://h/clip.mp4")!] {
            #expect(machine.requestArrived(url, wantsInformation: true, data: nil, answeringStateWith: .empty) == nil)
        }
        #expect(machine.requests.isEmpty && machine.fetches.isEmpty)
    }

    @Test("content information from the cache's length, without a byte from the origin")
    mutating func informationFromTheCache() throws {
        let (id, actions) = try arrive(information: true, data: nil, cache: Self.snapshot([0..<10], length: 1_000))
        #expect(actions == [.setContentInformation(id, Self.information(1_000)), .finish(id)])
        #expect(machine.requests.isEmpty)
    }

    @Test("content information from the origin: its first bytes go to the cache, nothing is responded before it")
    mutating func informationFromTheOrigin() throws {
        let (id, actions) = try arrive(information: true, data: Self.data(0, 2), cache: .empty)
        let fetch = try fetchID(actions)
        #expect(actions == [.fetch(id, fetch, url: Self.origin, range: 0..<100)])
        let chunk = ByteChunk(offset: 0, bytes: Self.bytes(0..<100))
        #expect(machine.originReceived(id, fetch: fetch, chunk: chunk) == [.write(key: Self.key, chunk)])
        let read = ByteRangeRead(range: 0..<100, totalLength: 1_000)
        let after = machine.originFinished(
            id, fetch: fetch, read: read, answeringStateWith: Self.snapshot([0..<100], length: nil))
        #expect(
            after == [
                .recordLength(key: Self.key, 1_000), .setContentInformation(id, Self.information(1_000)),
                .readCache(id, key: Self.key, range: 0..<2),
            ])
        #expect(machine.invariantViolations() == [])
        let served = machine.cacheRead(id, range: 0..<2, bytes: Self.bytes(0..<2), cache: .empty)
        #expect(served == [.respond(id, Self.bytes(0..<2)), .finish(id)])
        #expect(machine.lengths == [Self.key: 1_000])
    }

    @Test("lean: a small read and the content information are widened to the lean least, never past the playing one")
    mutating func leanLeast() throws {
        machine = Machine(minimumFetch: 100, minimumFetchWhileLean: 30, cacheReadLimit: 50)
        machine.isLean = true
        let (information, first) = try arrive(information: true, data: Self.data(0, 2), cache: .empty)
        #expect(first == [.fetch(information, try fetchID(first), url: Self.origin, range: 0..<30)])
        let (read, second) = try arrive(data: Self.data(500, 10), cache: Self.snapshot([], length: 1_000))
        #expect(second == [.fetch(read, try fetchID(second), url: Self.origin, range: 500..<530)])
        machine.isLean = false
        let (playing, third) = try arrive(data: Self.data(700, 10), cache: Self.snapshot([], length: 1_000))
        #expect(third == [.fetch(playing, try fetchID(third), url: Self.origin, range: 700..<800)], "playing again")
        #expect(Machine(minimumFetch: 100, minimumFetchWhileLean: 500, cacheReadLimit: 50).minimumFetchWhileLean == 100)
        #expect(Machine(minimumFetch: 100, minimumFetchWhileLean: 0, cacheReadLimit: 50).minimumFetchWhileLean == 1)
        #expect(Machine(minimumFetch: 100, cacheReadLimit: 50).minimumFetchWhileLean == 100, "none given: the same")
    }

    @Test("an origin that never says the length fails the request; a short read says it")
    mutating func unknownLength() throws {
        let (id, actions) = try arrive(information: true, data: nil, cache: .empty)
        let fetch = try fetchID(actions)
        let read = ByteRangeRead(range: 0..<100, totalLength: nil)
        #expect(
            machine.originFinished(id, fetch: fetch, read: read, answeringStateWith: .empty) == [
                .fail(id, .unknownLength)
            ])
        let (other, more) = try arrive(information: true, data: nil, cache: .empty)
        let short = ByteRangeRead(range: 0..<40, totalLength: nil)
        #expect(
            machine.originFinished(other, fetch: try fetchID(more), read: short, answeringStateWith: .empty)
                == [
                    .recordLength(key: Self.key, 40), .setContentInformation(other, Self.information(40)),
                    .finish(other),
                ])
    }

    @Test("a media of no known type fails with unsupported")
    mutating func unknownType() throws {
        let url = URL(string: "seamlesscache-https://cdn.example.com/clip.webm")!
        let (id, actions) = try arrive(url, information: true, data: nil, cache: .empty)
        #expect(actions == [.fail(id, .unknownContentType)])
    }

    @Test("a read split by the plan: cached parts in pieces of at most the read limit, gaps fetched widened")
    mutating func splitsARead() throws {
        let cache = Self.snapshot([0..<80, 300..<400], length: 1_000)
        let (id, first) = try arrive(data: Self.data(0, 350), cache: cache)
        #expect(first == [.readCache(id, key: Self.key, range: 0..<50)])
        #expect(
            machine.cacheRead(id, range: 0..<50, bytes: Self.bytes(0..<50), cache: cache)
                == [.respond(id, Self.bytes(0..<50)), .readCache(id, key: Self.key, range: 50..<80)])
        let next = machine.cacheRead(id, range: 50..<80, bytes: Self.bytes(50..<80), cache: cache)
        let fetch = try fetchID(next)
        #expect(next == [.respond(id, Self.bytes(50..<80)), .fetch(id, fetch, url: Self.origin, range: 80..<300)])
        // Pieces are responded as they arrive, and written.
        let piece = ByteChunk(offset: 80, bytes: Self.bytes(80..<300))
        #expect(
            machine.originReceived(id, fetch: fetch, chunk: piece)
                == [.write(key: Self.key, piece), .respond(id, Self.bytes(80..<300))])
        let read = ByteRangeRead(range: 80..<300, totalLength: 1_000)
        let grown = Self.snapshot([0..<400], length: 1_000)
        #expect(
            machine.originFinished(id, fetch: fetch, read: read, answeringStateWith: grown)
                == [.recordLength(key: Self.key, 1_000), .readCache(id, key: Self.key, range: 300..<350)])
        #expect(
            machine.cacheRead(id, range: 300..<350, bytes: Self.bytes(300..<350), cache: grown)
                == [.respond(id, Self.bytes(300..<350)), .finish(id)])
        #expect(machine.requests.isEmpty && machine.fetches.isEmpty)
    }

    @Test("a request is finished once it has its bytes; the widened fetch goes on into the cache")
    mutating func finishesBeforeTheWidenedFetchEnds() throws {
        let (id, actions) = try arrive(data: Self.data(10, 20), cache: Self.snapshot([], length: 1_000))
        let fetch = try fetchID(actions)
        #expect(actions == [.fetch(id, fetch, url: Self.origin, range: 10..<110)])
        let first = ByteChunk(offset: 10, bytes: Self.bytes(10..<25))
        #expect(
            machine.originReceived(id, fetch: fetch, chunk: first) == [
                .write(key: Self.key, first), .respond(id, Self.bytes(10..<25)),
            ])
        let second = ByteChunk(offset: 25, bytes: Self.bytes(25..<60))
        #expect(
            machine.originReceived(id, fetch: fetch, chunk: second)
                == [.write(key: Self.key, second), .respond(id, Self.bytes(25..<30)), .finish(id)])
        let third = ByteChunk(offset: 60, bytes: Self.bytes(60..<110))
        #expect(machine.originReceived(id, fetch: fetch, chunk: third) == [.write(key: Self.key, third)])
        #expect(machine.invariantViolations() == [])
        let read = ByteRangeRead(range: 10..<110, totalLength: 1_000)
        #expect(
            machine.originFinished(id, fetch: fetch, read: read, answeringStateWith: .empty) == [
                .recordLength(key: Self.key, 1_000)
            ]
        )
        #expect(machine.fetches.isEmpty)
    }

    @Test("all the data to the end: read to the length, and a request at or past the end finishes at once")
    mutating func toTheEnd() throws {
        let cache = Self.snapshot([0..<1_000], length: 1_000)
        let (id, actions) = try arrive(data: Self.data(960, Int.max, toEnd: true), cache: cache)
        #expect(actions == [.readCache(id, key: Self.key, range: 960..<1_000)])
        let (past, none) = try arrive(data: Self.data(1_000, 10), cache: cache)
        #expect(none == [.finish(past)])
    }

    @Test("a cache read that fails falls back to the origin for the same bytes")
    mutating func cacheFailureFallsBack() throws {
        let cache = Self.snapshot([0..<100], length: 1_000)
        let (id, _) = try arrive(data: Self.data(0, 40), cache: cache)
        for bytes in [nil, Self.bytes(0..<39)] as [Data?] {
            var copy = self
            let actions = copy.machine.cacheRead(id, range: 0..<40, bytes: bytes, cache: cache)
            let fetch = try fetchID(actions)
            #expect(actions == [.fetch(id, fetch, url: Self.origin, range: 0..<40)])
            #expect(copy.machine.invariantViolations() == [])
        }
    }

    @Test("content information as soon as the origin's head tells the length; the first piece is responded at once")
    mutating func informationFromTheHead() throws {
        let (id, actions) = try arrive(information: true, data: Self.data(0, 2), cache: .empty)
        let fetch = try fetchID(actions)
        #expect(
            machine.originToldLength(id, fetch: fetch, length: 1_000) == [
                .recordLength(key: Self.key, 1_000), .setContentInformation(id, Self.information(1_000)),
            ])
        #expect(machine.invariantViolations() == [])
        let chunk = ByteChunk(offset: 0, bytes: Self.bytes(0..<40))
        #expect(
            machine.originReceived(id, fetch: fetch, chunk: chunk) == [
                .write(key: Self.key, chunk), .respond(id, Self.bytes(0..<2)), .finish(id),
            ])
        let read = ByteRangeRead(range: 0..<100, totalLength: 1_000)
        #expect(
            machine.originFinished(id, fetch: fetch, read: read, answeringStateWith: .empty) == [],
            "nothing new at the end")
    }

    @Test("a head's length for a request with no data finishes it; a stale or second telling only records the length")
    mutating func informationOnlyFromTheHead() throws {
        let (id, actions) = try arrive(information: true, data: nil, cache: .empty)
        let fetch = try fetchID(actions)
        #expect(
            machine.originToldLength(id, fetch: fetch, length: 500) == [
                .recordLength(key: Self.key, 500), .setContentInformation(id, Self.information(500)), .finish(id),
            ])
        #expect(machine.originToldLength(id, fetch: fetch, length: 500) == [])
        #expect(machine.originToldLength(id, fetch: Machine.FetchID(rawValue: 99), length: 7) == [])
        #expect(machine.requests.isEmpty)
    }

    @Test("cancellation forgets the request and cancels its fetch; later events about it change nothing")
    mutating func cancellation() throws {
        let (id, actions) = try arrive(data: Self.data(0, 10), cache: .empty)
        let fetch = try fetchID(actions)
        #expect(machine.requestCancelled(id) == [.cancelFetch(fetch)])
        #expect(machine.requestCancelled(id) == [])
        let chunk = ByteChunk(offset: 0, bytes: Self.bytes(0..<5))
        #expect(machine.originReceived(id, fetch: fetch, chunk: chunk) == [.write(key: Self.key, chunk)])
        #expect(machine.originFailed(id, fetch: fetch, error: .cancelled, answeringStateWith: .empty) == [])
        #expect(machine.requests.isEmpty && machine.fetches.isEmpty)
        let (reading, _) = try arrive(data: Self.data(0, 10), cache: Self.snapshot([0..<10], length: 10))
        #expect(machine.requestCancelled(reading) == [])
        #expect(machine.cacheRead(reading, range: 0..<10, bytes: Self.bytes(0..<10), cache: .empty) == [])
    }

    @Test("an origin error fails the request with its mapped error", arguments: ResourceLoadingFailureTests.table)
    mutating func originError(error: ByteSourceError, code: Int, kind: MediaFailure.Kind) throws {
        guard error != .rangeNotSatisfiable(length: 5) else { return }
        let (id, actions) = try arrive(data: Self.data(0, 10), cache: .empty)
        let failed = machine.originFailed(id, fetch: try fetchID(actions), error: error, answeringStateWith: .empty)
        let noted = Machine.Action.noteOriginFailure(key: Self.key, error)
        if Machine.isTransient(error) {
            #expect(failed == [noted, .scheduleRetry(id, attempt: 1, after: .milliseconds(500))])
            #expect(machine.requests[id]?.step == .waitingToRetry(attempt: 1) && machine.fetches.isEmpty)
        } else {
            #expect(failed == [noted, .fail(id, .origin(error))])
            #expect(machine.requests.isEmpty && machine.fetches.isEmpty)
        }
    }

    @Test("416 where the fetch begins: the media ends there, the request finishes with what it holds")
    mutating func rangeNotSatisfiable() throws {
        let (id, actions) = try arrive(information: true, data: Self.data(0, 10), cache: .empty)
        let failed = machine.originFailed(
            id, fetch: try fetchID(actions), error: .rangeNotSatisfiable(length: 0), answeringStateWith: .empty)
        #expect(
            failed == [.recordLength(key: Self.key, 0), .setContentInformation(id, Self.information(0)), .finish(id)])
        // The length is kept: the next request finishes at once.
        #expect(try arrive(data: Self.data(0, 10), cache: .empty).1.count == 1)
        // A 416 that names a length past the fetch's start contradicts itself: a failure, not a loop.
        machine = Machine(minimumFetch: 100, cacheReadLimit: 50)
        let (other, more) = try arrive(data: Self.data(0, 10), cache: .empty)
        let error = ByteSourceError.rangeNotSatisfiable(length: 5)
        #expect(
            machine.originFailed(other, fetch: try fetchID(more), error: error, answeringStateWith: .empty)
                == [.noteOriginFailure(key: Self.key, error), .fail(other, .origin(error))])
    }

    @Test("stale fetches: a piece or end of a fetch the request no longer waits on is only written")
    mutating func staleFetch() throws {
        let cache = Self.snapshot([0..<100], length: 1_000)
        let (id, _) = try arrive(data: Self.data(0, 40), cache: cache)
        let actions = machine.cacheRead(id, range: 0..<40, bytes: nil, cache: cache)
        let fetch = try fetchID(actions)
        let unknown = Machine.FetchID(rawValue: 999)
        #expect(machine.originReceived(id, fetch: unknown, chunk: ByteChunk(offset: 0, bytes: Data([1]))) == [])
        let read = ByteRangeRead(range: 0..<40, totalLength: nil)
        #expect(machine.originFinished(id, fetch: unknown, read: read, answeringStateWith: cache) == [])
        #expect(machine.shutdown() == [.fail(id, .shutDown), .cancelFetch(fetch)])
        #expect(machine.requests.isEmpty)
    }
}
