import Foundation
@_spi(EngineSupport) import SeamlessPlayback
import SeamlessPlaybackTesting
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

private let media = Data((0..<100_000).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 >> 8) })

/// An origin serving `media` at `/clip`, and a source.
private struct Fixture {
    let origin: TestOrigin
    let source: HTTPByteSource
    var clip: URL { origin.url(for: "/clip") }

    init(timeout: Duration = .seconds(30)) throws {
        origin = try TestOrigin(data: ["/clip": media])
        source = HTTPByteSource(configuration: .init(timeout: timeout))
    }

    func read(_ range: Range<Int64>) async -> Result<Data, ByteSourceError> {
        do throws(ByteSourceError) {
            return .success(try await source.read(clip, range: range))
        } catch {
            return .failure(error)
        }
    }
}

private func slice(_ range: Range<Int>) -> Data { media.subdata(in: range) }

@Suite("HTTPByteSource: range reads over URLSession against a local origin", .timeLimit(.minutes(1)))
struct HTTPByteSourceTests {
    @Test func aRangeIsReadInOrderedPiecesAndTheLengthLearnt() async throws {
        let fixture = try Fixture()
        defer { fixture.origin.stop() }
        let pieces = Protected<[ByteChunk]>([])
        let read = try await fixture.source.fetch(fixture.clip, range: 1000..<41_000) { chunk in
            pieces.withLock { $0.append(chunk) }
        }
        #expect(read == ByteRangeRead(range: 1000..<41_000, totalLength: 100_000))
        let chunks = pieces.withLock { $0 }
        #expect(chunks.first?.offset == 1000)
        #expect(zip(chunks, chunks.dropFirst()).allSatisfy { $0.range.upperBound == $1.offset })
        #expect(chunks.reduce(Data()) { $0 + $1.bytes } == slice(1000..<41_000))
        #expect(fixture.origin.requests.map(\.range) == ["bytes=1000-40999"])
    }

    /// How a test reads: in a task (a prefetcher's, AVFoundation's loader's) or blocking a thread (mpv's stream's).
    enum Reading: String, CaseIterable, CustomTestStringConvertible {
        case inATask, blockingAThread
        var testDescription: String { rawValue }
    }

    @Test(arguments: Reading.allCases)
    func theLengthIsToldWhenTheHeadArrivesBeforeAnyPiece(reading: Reading) async throws {
        let fixture = try Fixture()
        defer { fixture.origin.stop() }
        fixture.origin.setFault(.stallAfter(bytes: 0), for: "/clip")
        let pieces = Protected(0)
        let told = Gate()
        let length = Protected<Int64?>(nil)
        let onLength: @Sendable (Int64) -> Void = { total in
            length.withLock { $0 = total }
            told.open()
        }
        let receive: @Sendable (ByteChunk) -> Void = { chunk in pieces.withLock { $0 += chunk.bytes.count } }
        let fetch = Task { () -> Result<ByteRangeRead, ByteSourceError> in
            switch reading {
            case .inATask:
                do throws(ByteSourceError) {
                    return .success(
                        try await fixture.source.fetch(
                            fixture.clip, range: 1000..<2000, onLength: onLength, receive: receive))
                } catch {
                    return .failure(error)
                }
            case .blockingAThread:
                return await onThread { () throws(ByteSourceError) -> ByteRangeRead in
                    try fixture.source.fetch(
                        fixture.clip, range: 1000..<2000, cancellation: ByteReadCancellation(), onLength: onLength,
                        receive: receive)
                }
            }
        }
        await told.pass()
        #expect(length.withLock { $0 } == 100_000)
        #expect(pieces.withLock { $0 } == 0, "told before the body")
        fixture.origin.releaseStalled()
        #expect(await fetch.value == .success(ByteRangeRead(range: 1000..<2000, totalLength: 100_000)))
        #expect(pieces.withLock { $0 } == 1000)
    }

    @Test func theAppsSessionConfigurationCarriesItsCookiesAndHeadersToTheOrigin() async throws {
        let origin = try TestOrigin(data: ["/clip": media])
        defer { origin.stop() }
        let app = URLSessionConfiguration.ephemeral
        let url = origin.url(for: "/clip")
        let host = try #require(url.host)
        let cookie = try #require(
            HTTPCookie(properties: [.name: "signed", .value: "token-1", .domain: host, .path: "/"]))
        app.httpCookieStorage?.setCookie(cookie)
        app.httpAdditionalHeaders = ["X-App": "1"]
        let source = HTTPByteSource(sessionConfiguration: app)
        _ = try await source.read(url, range: 0..<10)
        #expect(origin.requests.map(\.cookie) == ["signed=token-1"])
        // The default source keeps no cookies of the app's.
        _ = try await HTTPByteSource().read(url, range: 0..<10)
        #expect(origin.requests.last?.cookie == nil)
    }

    @Test func aRangePastTheEndIsShorterOrUnsatisfiable() async throws {
        let fixture = try Fixture()
        defer { fixture.origin.stop() }
        #expect(await fixture.read(99_990..<100_100) == .success(slice(99_990..<100_000)))
        #expect(await fixture.read(100_000..<100_100) == .failure(.rangeNotSatisfiable(length: 100_000)))
        #expect(await fixture.read(5..<5) == .success(Data()))
        #expect(fixture.origin.stats.requests == 2)
    }

    @Test func a200ToARangeIsSkippedToTheRangeAndStoppedAfterIt() async throws {
        let fixture = try Fixture()
        defer { fixture.origin.stop() }
        fixture.origin.setFault(.ignoreRange, for: "/clip")
        let pieces = Protected(Data())
        let read = try await fixture.source.fetch(fixture.clip, range: 500..<1500) { chunk in
            pieces.withLock { $0.append(chunk.bytes) }
        }
        #expect(read == ByteRangeRead(range: 500..<1500, totalLength: 100_000))
        #expect(pieces.withLock { $0 } == slice(500..<1500))
    }

    @Test(arguments: [
        ("/missing", TestOrigin.Fault?.none, ByteSourceError.notFound(status: 404)),
        ("/clip", .status(410), .notFound(status: 410)),
        ("/clip", .status(500), .serverError(status: 500)),
        ("/clip", .status(503), .serverError(status: 503)),
        ("/clip", .wrongContentRange, .badContentRange("bytes 11-20/100000")),
        ("/clip", .closeAfter(bytes: 4), .shortRead(expected: 10, received: 4)),
        ("/clip", .resetAfter(bytes: 4), .shortRead(expected: 10, received: 4)),
        ("/clip", .refuse, .connectionLost),
    ])
    func eachFaultIsItsTypedError(path: String, fault: TestOrigin.Fault?, error: ByteSourceError) async throws {
        let fixture = try Fixture()
        defer { fixture.origin.stop() }
        fixture.origin.setFault(fault, for: "/clip")
        do throws(ByteSourceError) {
            _ = try await fixture.source.read(fixture.origin.url(for: path), range: 10..<20)
            Issue.record("expected \(error)")
        } catch let thrown {
            #expect(thrown == error)
        }
    }

    @Test func aSilentServerTimesOut() async throws {
        let fixture = try Fixture(timeout: .milliseconds(300))
        defer { fixture.origin.stop() }
        fixture.origin.setFault(.stall, for: "/clip")
        #expect(await fixture.read(0..<10) == .failure(.timedOut))
    }

    @Test func aClosedPortIsUnreachable() async throws {
        let port = try RefusingPort()
        defer { port.close() }
        let source = HTTPByteSource()
        await #expect(throws: ByteSourceError.unreachable) {
            try await source.read(port.url(for: "/clip"), range: 0..<10)
        }
    }

    @Test func cancellingTheTaskCancelsTheRequest() async throws {
        let fixture = try Fixture()
        defer { fixture.origin.stop() }
        fixture.origin.setFault(.stall, for: "/clip")
        let reading = Task { await fixture.read(0..<10) }
        await fixture.origin.wait { $0.stalled == 1 }
        reading.cancel()
        #expect(await reading.value == .failure(.cancelled))
        await fixture.origin.wait { $0.abandoned == 1 }
    }

    @Test func aTaskCancelledBeforeItStartsSendsNothing() async throws {
        let fixture = try Fixture()
        defer { fixture.origin.stop() }
        let reading = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return await fixture.read(0..<10)
        }
        #expect(await reading.value == .failure(.cancelled))
    }

    @Test func aBlockingReadReturnsTheBytesOnAThreadOfItsOwn() async throws {
        let fixture = try Fixture()
        defer { fixture.origin.stop() }
        let result = await onThread { () throws(ByteSourceError) -> Data in
            try fixture.source.read(fixture.clip, range: 0..<4096, cancellation: ByteReadCancellation())
        }
        #expect(result == .success(slice(0..<4096)))
    }

    @Test func aBlockingFetchHandsOverItsPiecesAndTheLength() async throws {
        let fixture = try Fixture()
        defer { fixture.origin.stop() }
        let pieces = Protected<[ByteChunk]>([])
        let lengths = Protected<[Int64?]>([])
        let result = await onThread { () throws(ByteSourceError) -> Data in
            let read = try fixture.source.fetch(
                fixture.clip, range: 99_000..<120_000, cancellation: ByteReadCancellation()
            ) { chunk in pieces.withLock { $0.append(chunk) } }
            lengths.withLock { $0.append(read.totalLength) }
            return Data(count: Int(read.range.count))
        }
        #expect(result == .success(Data(count: 1000)), "the media ends at 100,000")
        #expect(lengths.withLock { $0 } == [100_000])
        let chunks = pieces.withLock { $0 }
        #expect(chunks.first?.offset == 99_000)
        #expect(chunks.reduce(Data()) { $0 + $1.bytes } == slice(99_000..<100_000))
    }

    @Test func aBlockingReadIsCancelledFromAnotherThread() async throws {
        let fixture = try Fixture()
        defer { fixture.origin.stop() }
        fixture.origin.setFault(.stall, for: "/clip")
        let cancellation = ByteReadCancellation()
        async let result = onThread { () throws(ByteSourceError) -> Data in
            try fixture.source.read(fixture.clip, range: 0..<4096, cancellation: cancellation)
        }
        await fixture.origin.wait { $0.stalled == 1 }
        cancellation.cancel()
        #expect(await result == .failure(.cancelled))
        #expect(cancellation.isCancelled)
        let again = await onThread { () throws(ByteSourceError) -> Data in
            try fixture.source.read(fixture.clip, range: 0..<4096, cancellation: cancellation)
        }
        #expect(again == .failure(.cancelled))
        #expect(fixture.origin.stats.requests == 1)
    }
}

/// Runs a blocking call on a thread of its own, as an engine's stream callback would.
private func onThread<Value: Sendable>(
    _ body: @escaping @Sendable () throws(ByteSourceError) -> Value
) async -> Result<Value, ByteSourceError> {
    await withCheckedContinuation { continuation in
        Thread {
            do throws(ByteSourceError) {
                continuation.resume(returning: .success(try body()))
            } catch {
                continuation.resume(returning: .failure(error))
            }
        }.start()
    }
}
