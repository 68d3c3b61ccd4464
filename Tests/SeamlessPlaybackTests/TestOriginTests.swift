import Foundation
import SeamlessPlaybackTesting
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One plain request to the origin: its status, headers and body, or the transport's error.
private struct Answer: Sendable {
    var status = 0
    var headers: [String: String] = [:]
    var body = Data()
    var error: URLError?

    func header(_ name: String) -> String? {
        headers.first { $0.key.lowercased() == name.lowercased() }?.value
    }
}

private func get(_ url: URL, range: String? = nil, session: URLSession = .shared) async -> Answer {
    var request = URLRequest(url: url)
    if let range { request.setValue(range, forHTTPHeaderField: "Range") }
    return await withCheckedContinuation { continuation in
        session.dataTask(with: request) { data, response, error in
            var answer = Answer(body: data ?? Data(), error: error as? URLError)
            if let response = response as? HTTPURLResponse {
                answer.status = response.statusCode
                for (name, value) in response.allHeaderFields {
                    answer.headers["\(name)"] = "\(value)"
                }
            }
            continuation.resume(returning: answer)
        }.resume()
    }
}

private let body = Data((0..<1000).map { UInt8($0 % 251) })

@Suite("TestOrigin: a local HTTP origin with ranges, pacing and scripted faults", .timeLimit(.minutes(1)))
struct TestOriginTests {
    @Test func aRangeIsAnsweredWith206AndItsHeaders() async throws {
        let origin = try TestOrigin(data: ["/clip": body])
        defer { origin.stop() }
        let answer = await get(origin.url(for: "/clip"), range: "bytes=10-19")
        #expect(answer.status == 206)
        #expect(answer.header("Content-Range") == "bytes 10-19/1000")
        #expect(answer.header("Content-Length") == "10")
        #expect(answer.header("Accept-Ranges") == "bytes")
        #expect(answer.body == body.subdata(in: 10..<20))
        let open = await get(origin.url(for: "/clip"), range: "bytes=990-")
        #expect(open.body == body.subdata(in: 990..<1000))
        #expect(origin.stats.bodyBytesSent == 20)
        #expect(origin.requests.map(\.range) == ["bytes=10-19", "bytes=990-"])
    }

    @Test func noRangeIs200UnknownIs404AndPastTheEndIs416() async throws {
        let origin = try TestOrigin(data: ["/clip": body])
        defer { origin.stop() }
        let whole = await get(origin.url(for: "/clip"))
        #expect(whole.status == 200)
        #expect(whole.body == body)
        #expect(await get(origin.url(for: "/missing")).status == 404)
        let past = await get(origin.url(for: "/clip"), range: "bytes=1000-")
        #expect(past.status == 416)
        #expect(past.header("Content-Range") == "bytes */1000")
    }

    @Test func aFileIsServedAndResourcesChangeWhileItRuns() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("origin-\(UUID().uuidString)")
        try body.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let origin = try TestOrigin(resources: ["/file": .file(file)])
        defer { origin.stop() }
        #expect(await get(origin.url(for: "/file"), range: "bytes=0-3").body == body.prefix(4))
        origin.setResource(.data(Data([1, 2])), at: "/new")
        origin.setResource(nil, at: "/file")
        #expect(await get(origin.url(for: "/new")).body == Data([1, 2]))
        #expect(await get(origin.url(for: "/file")).status == 404)
    }

    @Test func faultsIgnoreTheRangeShiftTheContentRangeOrAnswerAStatus() async throws {
        let origin = try TestOrigin(data: ["/clip": body])
        defer { origin.stop() }
        origin.setFault(.ignoreRange, for: "/clip")
        let ignored = await get(origin.url(for: "/clip"), range: "bytes=10-19")
        #expect(ignored.status == 200)
        #expect(ignored.body == body)
        origin.setFault(.wrongContentRange, for: "/clip")
        let shifted = await get(origin.url(for: "/clip"), range: "bytes=10-19")
        #expect(shifted.header("Content-Range") == "bytes 11-20/1000")
        #expect(shifted.body == body.subdata(in: 10..<20))
        origin.setFaultForEveryPath(.status(503))
        origin.setFault(nil, for: "/clip")
        #expect(await get(origin.url(for: "/clip")).status == 503)
        origin.setFaultForEveryPath(nil)
        #expect(await get(origin.url(for: "/clip")).status == 200)
    }

    @Test func aFaultForSomeRequestsAnswersThatManyThenClearsItself() async throws {
        let origin = try TestOrigin(data: ["/clip": body, "/other": body])
        defer { origin.stop() }
        origin.setFault(.status(503), for: "/clip", times: 2)
        #expect(await get(origin.url(for: "/other")).status == 200)
        #expect(await get(origin.url(for: "/clip")).status == 503)
        #expect(await get(origin.url(for: "/clip")).status == 503)
        #expect(await get(origin.url(for: "/clip")).status == 200)
        origin.setFaultForEveryPath(.status(404))
        #expect(await get(origin.url(for: "/clip")).status == 404)
        origin.setFaultForEveryPath(nil)
        origin.setFault(.status(503), for: "/clip", times: 1)
        origin.setFault(.status(410), for: "/clip")
        #expect(await get(origin.url(for: "/clip")).status == 410)
        #expect(await get(origin.url(for: "/clip")).status == 410)
        origin.setFault(.status(503), for: "/clip", times: 0)
        #expect(await get(origin.url(for: "/clip")).status == 200)
    }

    @Test func takenRequestsAreForgotten() async throws {
        let origin = try TestOrigin(data: ["/clip": body])
        defer { origin.stop() }
        _ = await get(origin.url(for: "/clip"))
        _ = await get(origin.url(for: "/clip"), range: "bytes=0-9")
        #expect(origin.takeRequests().map(\.range) == [nil, "bytes=0-9"])
        #expect(origin.takeRequests().isEmpty)
        #expect(origin.requests.isEmpty)
        _ = await get(origin.url(for: "/clip"))
        #expect(origin.takeRequests().count == 1)
        #expect(origin.stats.requests == 3)
    }

    @Test func aClosedOrResetConnectionSendsOnlyItsFirstBytes() async throws {
        let origin = try TestOrigin(data: ["/clip": body])
        defer { origin.stop() }
        origin.setFault(.closeAfter(bytes: 100), for: "/clip")
        let closed = await get(origin.url(for: "/clip"))
        #expect(closed.error != nil || closed.body.count == 100)
        origin.setFault(.resetAfter(bytes: 50), for: "/clip")
        let reset = await get(origin.url(for: "/clip"))
        #expect(reset.error != nil)
        origin.setFault(.refuse, for: "/clip")
        #expect(await get(origin.url(for: "/clip")).error != nil)
        #expect(origin.stats.bodyBytesSent == 150)
    }

    @Test func aStalledRequestWaitsUntilReleased() async throws {
        let origin = try TestOrigin(data: ["/clip": body])
        defer { origin.stop() }
        origin.setFault(.stall, for: "/clip")
        let answer = Task { await get(origin.url(for: "/clip"), range: "bytes=0-9") }
        await origin.wait { $0.stalled == 1 }
        #expect(origin.stats.bodyBytesSent == 0)
        origin.setFault(nil, for: "/clip")
        origin.releaseStalled()
        #expect(await answer.value.body == body.prefix(10))
        #expect(origin.stats.stalled == 0)
    }

    @Test func aRequestStalledAfterSomeBytesSendsTheRestWhenReleased() async throws {
        let origin = try TestOrigin(data: ["/clip": body])
        defer { origin.stop() }
        origin.setFault(.stallAfter(bytes: 100), for: "/clip")
        let answer = Task { await get(origin.url(for: "/clip")) }
        await origin.wait { $0.stalled == 1 }
        #expect(origin.stats.bodyBytesSent == 100)
        origin.releaseStalled()
        #expect(await answer.value.body == body)
    }

    @Test func aClientThatGivesUpOnAStalledRequestIsCountedAsAbandoned() async throws {
        let origin = try TestOrigin(data: ["/clip": body])
        defer { origin.stop() }
        origin.setFault(.stall, for: "/clip")
        let session = URLSession(configuration: .ephemeral)
        let answer = Task { await get(origin.url(for: "/clip"), session: session) }
        await origin.wait { $0.stalled == 1 }
        session.invalidateAndCancel()
        await origin.wait { $0.abandoned == 1 }
        #expect(await answer.value.error?.code == .cancelled)
    }

    @Test func stopEndsStalledAndPacedConnections() async throws {
        let origin = try TestOrigin(data: ["/clip": body, "/slow": body], pacing: .init(bytesPerSecond: 10))
        origin.setFault(.stall, for: "/clip")
        let stalled = Task { await get(origin.url(for: "/clip")) }
        let paced = Task { await get(origin.url(for: "/slow")) }
        await origin.wait { $0.stalled == 1 && $0.bodyBytesSent > 0 }
        origin.stop()
        #expect(await stalled.value.body.isEmpty)
        #expect(await paced.value.body.count < body.count)
        origin.stop()
    }

    @Test func pacingChangesWhileItRuns() async throws {
        let origin = try TestOrigin(data: ["/clip": body], pacing: .init(bytesPerSecond: 100))
        defer { origin.stop() }
        #expect(origin.pacing == .init(bytesPerSecond: 100))
        let answer = Task { await get(origin.url(for: "/clip")) }
        await origin.wait { $0.bodyBytesSent > 0 }
        origin.setPacing(.init(firstByteDelay: .milliseconds(1)))
        #expect(await answer.value.body == body)
        #expect(TestOrigin.Pacing(bytesPerSecond: 0).bytesPerSecond == 1)
    }

    @Test func pacedAnswersToManyRangesAtOnceCarryTheResourcesBytes() async throws {
        let clip = Data((0..<600_000).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 11) })
        let origin = try TestOrigin(
            data: ["/clip": clip], pacing: .init(firstByteDelay: .milliseconds(2), bytesPerSecond: 4_000_000))
        defer { origin.stop() }
        let ranges = [
            0..<262_144, 100_000..<362_144, 262_144..<600_000, 599_000..<600_000, 5..<70_000, 300_001..<300_002,
        ]
        let answers = await withTaskGroup(of: (Range<Int>, Answer).self) { group in
            for range in ranges {
                group.addTask {
                    (
                        range,
                        await get(origin.url(for: "/clip"), range: "bytes=\(range.lowerBound)-\(range.upperBound - 1)")
                    )
                }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        for (range, answer) in answers {
            #expect(answer.status == 206)
            #expect(answer.header("Content-Range") == "bytes \(range.lowerBound)-\(range.upperBound - 1)/600000")
            #expect(answer.body == clip.subdata(in: range), "bytes \(range)")
        }
    }

    /// Two bodies of `length` bytes asked at once, each on a connection of its own: how long both took, measured
    /// from before the requests, and whether each came whole.
    private func twoAtOnce(_ pacing: TestOrigin.Pacing, length: Int) async throws -> (Duration, Bool) {
        let clip = Data((0..<length).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        let origin = try TestOrigin(data: ["/a": clip, "/b": clip], pacing: pacing)
        defer { origin.stop() }
        let sessions = [URLSession(configuration: .ephemeral), URLSession(configuration: .ephemeral)]
        let clock = ContinuousClock()
        let start = clock.now
        async let first = get(origin.url(for: "/a"), session: sessions[0])
        async let second = get(origin.url(for: "/b"), session: sessions[1])
        let bodies = await [first.body, second.body]
        let elapsed = start.duration(to: clock.now)
        #expect(origin.stats.connections == 2)
        for session in sessions { session.finishTasksAndInvalidate() }
        return (elapsed, bodies.allSatisfy { $0 == clip })
    }

    /// Only lower bounds on wall time: a busy machine can make either run slower, never faster. That two capped
    /// connections overlap (each has its own cap, no shared reservation) is the pure ``OriginLink``'s and
    /// `chunkLength`'s business, tested without a clock in `OriginLinkTests`.
    @Test func aSharedLinkSplitsItsRateBetweenConnectionsAndACapPerConnectionHoldsEachToItsRate() async throws {
        // 40,000 bytes each at 40,000 B/s: one second alone; two seconds for both on one link.
        let (shared, sharedWhole) = try await twoAtOnce(.init(linkBytesPerSecond: 40_000), length: 40_000)
        #expect(sharedWhole)
        #expect(shared >= .seconds(2), "the link's time for both bodies is 2 s: \(shared)")
        let (perConnection, perConnectionWhole) = try await twoAtOnce(.init(bytesPerSecond: 40_000), length: 40_000)
        #expect(perConnectionWhole)
        #expect(perConnection >= .milliseconds(950), "each connection's cap holds it to 1 s: \(perConnection)")
        #expect(TestOrigin.Pacing(linkBytesPerSecond: 0).linkBytesPerSecond == 1)
        #expect(TestOrigin.Pacing(bytesPerSecond: 5).linkBytesPerSecond == nil)
    }
}
