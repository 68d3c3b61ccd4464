import Foundation
import SeamlessPlaybackTesting
import Testing

@_spi(EngineSupport) @testable import SeamlessPlayback

private let clipBytes = Data((0..<5000).map { UInt8(truncatingIfNeeded: $0 &* 31) })

/// An origin with clips a…f, a cache in a fresh directory, and a prefetcher whose events the test reads in order.
private struct Fixture {
    let origin: TestOrigin
    let cache: MediaCache
    let prefetcher: MediaPrefetcher
    let directory: URL
    var events: AsyncStream<MediaPrefetcher.Event>.Iterator

    init(maxConcurrentFetches: Int = 2, retryDelay: Duration = .milliseconds(500)) throws {
        let names = ["a", "b", "c", "d", "e", "f"]
        origin = try TestOrigin(data: Dictionary(uniqueKeysWithValues: names.map { ("/\($0).mp4", clipBytes) }))
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("prefetch-\(UUID().uuidString)")
        cache = try MediaCache(directory: directory, capacity: 1 << 20)
        let (stream, continuation) = AsyncStream<MediaPrefetcher.Event>.makeStream()
        prefetcher = MediaPrefetcher(
            cache: cache, source: HTTPByteSource(), maxConcurrentFetches: maxConcurrentFetches,
            retryDelay: retryDelay, onEvent: { continuation.yield($0) })
        events = stream.makeAsyncIterator()
    }

    func item(_ name: String) -> MediaItem { MediaItem(id: name, url: origin.url(for: "/\(name).mp4")) }

    func plan(_ names: [String], bytes: Int64 = 1000, held: Bool = false) -> BytePrefetchPlan {
        BytePrefetchPlan(items: names.map(item), bytesPerItem: bytes, isHeld: held)
    }

    mutating func next(_ count: Int) async -> [MediaPrefetcher.Event] {
        var got: [MediaPrefetcher.Event] = []
        while got.count < count, let event = await events.next() { got.append(event) }
        return got
    }

    func cached(_ name: String) -> RangeSet<Int64> { cache.cachedRanges(for: item(name).url!.absoluteString) }

    func tearDown() {
        origin.stop()
        try? FileManager.default.removeItem(at: directory)
    }
}

private func started(_ events: [MediaPrefetcher.Event]) -> [String] {
    events.compactMap { if case .started(let item, _) = $0 { item.id } else { nil } }
}

@Suite("MediaPrefetcher: the byte tier fetched from a local origin into a cache", .timeLimit(.minutes(1)))
struct MediaPrefetcherTests {
    @Test func itemsAreFetchedNearestFirstAtMostTwoAtATime() async throws {
        var fixture = try Fixture(maxConcurrentFetches: 2)
        defer { fixture.tearDown() }
        fixture.origin.setFaultForEveryPath(.stall)
        fixture.prefetcher.update(fixture.plan(["a", "b", "c", "d"]))
        #expect(started(await fixture.next(2)) == ["a", "b"])
        await fixture.origin.wait { $0.stalled == 2 }
        #expect(fixture.origin.stats.requests == 2)
        fixture.origin.setFaultForEveryPath(nil)
        fixture.origin.releaseStalled()
        let rest = await fixture.next(6)
        #expect(started(rest) == ["c", "d"])
        var running = 2
        for event in rest {
            if case .started = event { running += 1 } else { running -= 1 }
            #expect(running <= 2)
        }
        #expect(fixture.origin.stats.requests == 4)
        #expect(fixture.prefetcher.stats.completedFetches == 4)
        #expect(fixture.prefetcher.stats.fetchedBytes == 4000)
        #expect(fixture.cached("d") == RangeSet(0..<1000))
        #expect(fixture.origin.requests.map(\.range) == Array(repeating: "bytes=0-999", count: 4))
    }

    @Test func theLengthIsInTheCacheWithTheAnswersHeadBeforeTheFetchEnds() async throws {
        var fixture = try Fixture()
        defer { fixture.tearDown() }
        let key = fixture.item("a").url!.absoluteString
        // The origin sends the head and 100 bytes, then stalls: the fetch is far from its end.
        fixture.origin.setFault(.stallAfter(bytes: 100), for: "/a.mp4")
        let (changes, continuation) = AsyncStream<Void>.makeStream()
        let observation = fixture.cache.observeChanges(of: key) { continuation.yield() }
        defer { observation.cancel() }
        fixture.prefetcher.update(fixture.plan(["a"]))
        var iterator = changes.makeAsyncIterator()
        while fixture.cache.cachedRanges(for: key).isEmpty, await iterator.next() != nil {}
        #expect(fixture.cache.length(for: key) == 5000, "an engine opening the clip now knows where it ends")
        #expect(fixture.prefetcher.stats.completedFetches == 0)
        fixture.origin.releaseStalled()
        _ = await fixture.next(1)
    }

    @Test func aHeldPlanCancelsInFlightFetchesAndSendsNoRequestUntilReleased() async throws {
        var fixture = try Fixture(maxConcurrentFetches: 2)
        defer { fixture.tearDown() }
        fixture.origin.setFaultForEveryPath(.stall)
        fixture.prefetcher.update(fixture.plan(["a", "b", "c"]))
        await fixture.origin.wait { $0.stalled == 2 }
        _ = await fixture.next(2)
        fixture.prefetcher.update(fixture.plan(["a", "b", "c"], held: true))
        let cancelled = await fixture.next(2)
        #expect(Set(cancelled) == [.cancelled(fixture.item("a")), .cancelled(fixture.item("b"))])
        await fixture.origin.wait { $0.abandoned == 2 }
        fixture.prefetcher.update(fixture.plan(["a", "b", "c", "d"], held: true))
        #expect(fixture.origin.stats.requests == 2)
        #expect(fixture.prefetcher.stats.cancelledFetches == 2)
        fixture.origin.setFaultForEveryPath(nil)
        fixture.prefetcher.update(fixture.plan(["a", "b"]))
        let resumed = await fixture.next(4)
        #expect(started(resumed) == ["a", "b"])
        #expect(fixture.origin.stats.requests == 4)
    }

    @Test("bytes an engine's fetch claimed are not asked of the origin again: the prefetcher fetches around them")
    func bytesAnotherFetchClaimedAreNotFetchedAgain() async throws {
        var fixture = try Fixture(maxConcurrentFetches: 1)
        defer { fixture.tearDown() }
        let key = fixture.item("a").url!.absoluteString
        let engine = try #require(fixture.cache.claim(0..<400, for: key))
        fixture.prefetcher.update(fixture.plan(["a"], bytes: 1000))
        #expect(
            await fixture.next(2) == [
                .started(fixture.item("a"), range: 400..<1000), .completed(fixture.item("a"), range: 400..<1000),
            ])
        #expect(fixture.origin.requests.map(\.range) == ["bytes=400-999"])
        #expect(fixture.cache.claimedRanges(for: key) == RangeSet(0..<400), "the prefetcher released its own claim")
        fixture.cache.release(engine)
    }

    @Test func aResumedPlanFetchesOnlyTheMissingBytes() async throws {
        var fixture = try Fixture(maxConcurrentFetches: 1)
        defer { fixture.tearDown() }
        try fixture.cache.write(clipBytes.prefix(300), for: fixture.item("a").url!.absoluteString, at: 0)
        fixture.origin.setFault(.stallAfter(bytes: 600), for: "/a.mp4")
        fixture.prefetcher.update(fixture.plan(["a"], bytes: 4000))
        _ = await fixture.next(1)
        await fixture.origin.wait { $0.stalled == 1 }
        fixture.prefetcher.update(fixture.plan(["a"], bytes: 4000, held: true))
        #expect(await fixture.next(1) == [.cancelled(fixture.item("a"))])
        let kept = fixture.cached("a")
        #expect(kept.ranges.count == 1)
        let end = kept.ranges.first?.upperBound ?? 0
        #expect(end == 300 + fixture.prefetcher.stats.fetchedBytes)
        fixture.origin.setFault(nil, for: "/a.mp4")
        fixture.prefetcher.update(fixture.plan(["a"], bytes: 4000))
        #expect(
            await fixture.next(2) == [
                .started(fixture.item("a"), range: end..<4000), .completed(fixture.item("a"), range: end..<4000),
            ])
        #expect(fixture.origin.requests.map(\.range) == ["bytes=300-3999", "bytes=\(end)-3999"])
        #expect(fixture.cached("a") == RangeSet(0..<4000))
        #expect(
            try fixture.cache.read(fixture.item("a").url!.absoluteString, range: 0..<4000) == clipBytes.prefix(4000))
    }

    @Test func anItemDroppedFromThePlanIsCancelled() async throws {
        var fixture = try Fixture(maxConcurrentFetches: 2)
        defer { fixture.tearDown() }
        fixture.origin.setFaultForEveryPath(.stall)
        fixture.prefetcher.update(fixture.plan(["a", "b"]))
        await fixture.origin.wait { $0.stalled == 2 }
        _ = await fixture.next(2)
        fixture.prefetcher.update(fixture.plan(["b", "c"]))
        #expect(await fixture.next(2) == [.cancelled(fixture.item("a")), .started(fixture.item("c"), range: 0..<1000)])
        await fixture.origin.wait { $0.abandoned == 1 && $0.stalled == 2 }
        fixture.prefetcher.update(.empty)
        #expect(Set(await fixture.next(2)) == [.cancelled(fixture.item("b")), .cancelled(fixture.item("c"))])
    }

    @Test func failuresAreCountedAndSkippedItemsSendNothing() async throws {
        var fixture = try Fixture(maxConcurrentFetches: 1)
        defer { fixture.tearDown() }
        let missing = MediaItem(id: "missing", url: fixture.origin.url(for: "/missing.mp4"))
        let skipped = [
            MediaItem(id: "no-url"), MediaItem(id: "hls", url: fixture.origin.url(for: "/live/index.m3u8")),
        ]
        fixture.prefetcher.update(BytePrefetchPlan(items: skipped + [missing], bytesPerItem: 10, isHeld: false))
        #expect(
            await fixture.next(2) == [
                .started(missing, range: 0..<10), .failed(missing, .source(.notFound(status: 404))),
            ])
        #expect(fixture.prefetcher.stats.failedFetches == 1)
        #expect(fixture.origin.requests.map(\.path) == ["/missing.mp4"])
    }

    @Test func aFetchThatFailedForNowIsTriedAgainAndGivenUpAfterThreeTries() async throws {
        var fixture = try Fixture(maxConcurrentFetches: 1, retryDelay: .milliseconds(5))
        defer { fixture.tearDown() }
        let a = fixture.item("a")
        fixture.origin.setFault(.status(503), for: "/a.mp4")
        fixture.prefetcher.update(fixture.plan(["a"]))
        let busy = ByteSourceError.serverError(status: 503)
        #expect(
            await fixture.next(6) == [
                .started(a, range: 0..<1000), .failed(a, .source(busy)), .started(a, range: 0..<1000),
                .failed(a, .source(busy)), .started(a, range: 0..<1000), .failed(a, .source(busy)),
            ])
        #expect(fixture.prefetcher.stats.failedFetches == 3)
        // Given up while it stays in the plan: the origin hears nothing more of it, whatever the plan says again.
        fixture.prefetcher.update(fixture.plan(["a", "b"]))
        #expect(
            await fixture.next(2) == [
                .started(fixture.item("b"), range: 0..<1000), .completed(fixture.item("b"), range: 0..<1000),
            ])
        #expect(fixture.origin.requests.filter { $0.path == "/a.mp4" }.count == 3)
    }

    @Test func aFetchThatFailedOnceIsFetchedOnItsRetry() async throws {
        var fixture = try Fixture(maxConcurrentFetches: 1, retryDelay: .milliseconds(5))
        defer { fixture.tearDown() }
        let a = fixture.item("a")
        fixture.origin.setFault(.status(503), for: "/a.mp4")
        fixture.prefetcher.update(fixture.plan(["a"]))
        #expect(
            await fixture.next(2) == [.started(a, range: 0..<1000), .failed(a, .source(.serverError(status: 503)))])
        fixture.origin.setFault(nil, for: "/a.mp4")
        #expect(await fixture.next(2) == [.started(a, range: 0..<1000), .completed(a, range: 0..<1000)])
        #expect(fixture.cached("a") == RangeSet(0..<1000))
    }

    /// The prefetcher times its fetches and sizes the next ones to what they got: here each reading of the clock is a
    /// second after the one before, so a fetch takes a second from its start to its end.
    @Test func whatTheFetchesGotSizesTheNextOnesToADwell() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("prefetch-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let cache = try MediaCache(directory: directory, capacity: 1 << 22)
        let (stream, continuation) = AsyncStream<MediaPrefetcher.Event>.makeStream()
        let readings = Protected<Int64>(0)
        let prefetcher = MediaPrefetcher(
            cache: cache, source: MebibyteSource(), maxConcurrentFetches: 1, retryDelay: .milliseconds(500),
            sizing: HeadSizing(dwell: .milliseconds(500), leastBytesPerItem: 64 << 10),
            now: {
                .seconds(
                    readings.withLock { value in
                        defer { value += 1 }
                        return value
                    })
            },
            onEvent: { continuation.yield($0) })
        let items = ["a", "b", "c", "d"].map { MediaItem(id: $0, url: URL(string: "https://example.test/\($0)")) }
        var events = stream.makeAsyncIterator()
        var got: [MediaPrefetcher.Event] = []
        prefetcher.update(BytePrefetchPlan(items: items, bytesPerItem: 256 << 10, isHeld: false))
        while got.count < 8, let event = await events.next() { got.append(event) }
        // Nothing measured: a's whole 256 KiB, in a second. Then 256 KiB/s × 0.5 s is 32 KiB for each of four items,
        // below the least: 64 KiB each. The rate falls as each 64 KiB takes a second, and the heads stay the least.
        let kib: Int64 = 1 << 10
        let heads: [Int64] = [256 * kib, 64 * kib, 64 * kib, 64 * kib]
        let expected = zip(items, heads).flatMap { item, head in
            [MediaPrefetcher.Event.started(item, range: 0..<head), .completed(item, range: 0..<head)]
        }
        #expect(got == expected)
        // 256 KiB/s, then three samples of 64 KiB/s, each half the way there.
        #expect(prefetcher.stats.linkBytesPerSecond == Double(64 * kib) + Double(192 * kib) / 8)
        #expect(prefetcher.stats.fetchedBytes == 448 * kib)
    }

    /// A prefetcher the app lets go of cancels its fetches, and their ends start no other: the fetch of the next item
    /// would wait forever on this source, keeping the prefetcher's `onEvent` (and the object it holds) alive.
    @Test func aPrefetcherNobodyHoldsCancelsItsFetchesAndStartsNoOther() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("prefetch-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let cache = try MediaCache(directory: directory, capacity: 1 << 22)
        let (asked, askedContinuation) = AsyncStream<Void>.makeStream()
        let (gone, goneContinuation) = AsyncStream<Void>.makeStream()
        let source = StallingSource(asked: askedContinuation)
        do {
            let goodbye = Goodbye(goneContinuation)
            var prefetcher: MediaPrefetcher? = MediaPrefetcher(
                cache: cache, source: source, maxConcurrentFetches: 1, onEvent: { _ in _ = goodbye })
            let items = ["a", "b", "c"].map { MediaItem(id: $0, url: URL(string: "https://example.test/\($0)")) }
            prefetcher?.update(BytePrefetchPlan(items: items, bytesPerItem: 1_000, isHeld: false))
            var fetches = asked.makeAsyncIterator()
            _ = await fetches.next()
            prefetcher = nil
        }
        var goodbyes = gone.makeAsyncIterator()
        _ = await goodbyes.next()
        #expect(source.count.withLock { $0 } == 1)
    }

    /// Fetches that end at once on the cooperative pool end together on several threads: each end starts the next
    /// item, and the starts are still reported in the plan's order.
    @Test func startsAreReportedInThePlansOrderWhenFetchesEndTogether() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("prefetch-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let cache = try MediaCache(directory: directory, capacity: 1 << 22)
        let (stream, continuation) = AsyncStream<MediaPrefetcher.Event>.makeStream()
        let prefetcher = MediaPrefetcher(
            cache: cache, source: InstantByteSource(), maxConcurrentFetches: 4, onEvent: { continuation.yield($0) })
        let items = (0..<200).map { MediaItem(id: "\($0)", url: URL(string: "https://example.test/\($0).mp4")) }
        prefetcher.update(BytePrefetchPlan(items: items, bytesPerItem: 100, isHeld: false))
        var started: [String] = []
        var ended = 0
        for await event in stream {
            if case .started(let item, _) = event { started.append(item.id) } else { ended += 1 }
            if ended == items.count { break }
        }
        #expect(started == items.map(\.id))
        #expect(prefetcher.stats.completedFetches == items.count)
    }
}

/// A source that answers every read at once with zeros.
/// A source whose every fetch waits until it is cancelled; it says when it is asked.
private struct StallingSource: ByteSource {
    let asked: AsyncStream<Void>.Continuation
    let count = Protected(0)

    func fetch(
        _ url: URL, range: Range<Int64>, receive: @escaping @Sendable (ByteChunk) -> Void
    ) async throws(ByteSourceError) -> ByteRangeRead {
        count.withLock { $0 += 1 }
        asked.yield()
        await untilCancelled()
        throw .cancelled
    }
}

/// Returns once the calling task is cancelled, and only then.
private func untilCancelled() async {
    struct Slot {
        var isCancelled = false
        var waiter: CheckedContinuation<Void, Never>?
    }
    let slot = Protected(Slot())
    await withTaskCancellationHandler {
        await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
            let resumesNow = slot.withLock { slot in
                if !slot.isCancelled { slot.waiter = waiter }
                return slot.isCancelled
            }
            if resumesNow { waiter.resume() }
        }
    } onCancel: {
        let waiter = slot.withLock { slot in
            slot.isCancelled = true
            defer { slot.waiter = nil }
            return slot.waiter
        }
        waiter?.resume()
    }
}

/// Says when it goes.
private final class Goodbye: Sendable {
    let gone: AsyncStream<Void>.Continuation
    init(_ gone: AsyncStream<Void>.Continuation) { self.gone = gone }
    deinit {
        gone.yield()
        gone.finish()
    }
}

/// A source whose media are a mebibyte of zeros, each fetch answered at once.
private struct MebibyteSource: ByteSource {
    func fetch(
        _ url: URL, range: Range<Int64>, receive: @escaping @Sendable (ByteChunk) -> Void
    ) async throws(ByteSourceError) -> ByteRangeRead {
        receive(ByteChunk(offset: range.lowerBound, bytes: Data(count: range.count)))
        return ByteRangeRead(range: range, totalLength: 1 << 20)
    }
}

private struct InstantByteSource: ByteSource {
    func fetch(
        _ url: URL, range: Range<Int64>, receive: @escaping @Sendable (ByteChunk) -> Void
    ) async throws(ByteSourceError) -> ByteRangeRead {
        receive(ByteChunk(offset: range.lowerBound, bytes: Data(count: range.count)))
        return ByteRangeRead(range: range, totalLength: 10_000)
    }
}
