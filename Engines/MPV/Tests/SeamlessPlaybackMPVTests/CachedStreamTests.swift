import Foundation
import MediaFixtures
@_spi(EngineSupport) import SeamlessPlayback
import Testing

@testable import SeamlessPlaybackMPV

/// A media in memory, served in small pieces: as a blocking source (the stream's) and an async one (a prefetcher's).
final class MemoryByteSource: BlockingByteSource, ByteSource {
    let media: Data
    let pieceSize: Int
    /// A pause before each piece, as a network's pace.
    let pace: TimeInterval
    private let requested = Protected<[Range<Int64>]>([])
    private let sent = Protected<Int64>(0)

    init(media: Data, pieceSize: Int, pace: TimeInterval = 0) {
        self.media = media
        self.pieceSize = pieceSize
        self.pace = pace
    }

    /// The ranges asked for, in order.
    var requests: [Range<Int64>] { requested.withLock { $0 } }
    /// How many bytes the source delivered.
    var delivered: Int64 { sent.withLock { $0 } }

    func fetch(
        _ url: URL, range: Range<Int64>, cancellation: ByteReadCancellation,
        receive: @escaping @Sendable (ByteChunk) -> Void
    ) throws(ByteSourceError) -> ByteRangeRead {
        requested.withLock { $0.append(range) }
        let end = min(range.upperBound, Int64(media.count))
        guard range.lowerBound < end else { throw .rangeNotSatisfiable(length: Int64(media.count)) }
        var offset = range.lowerBound
        while offset < end {
            if cancellation.isCancelled { throw .cancelled }
            let upper = min(end, offset + Int64(pieceSize))
            if pace > 0 { Thread.sleep(forTimeInterval: pace) }
            sent.withLock { $0 += upper - offset }
            receive(ByteChunk(offset: offset, bytes: media.subdata(in: Int(offset)..<Int(upper))))
            offset = upper
        }
        return ByteRangeRead(range: range.lowerBound..<end, totalLength: Int64(media.count))
    }

    func fetch(
        _ url: URL, range: Range<Int64>, receive: @escaping @Sendable (ByteChunk) -> Void
    ) async throws(ByteSourceError) -> ByteRangeRead {
        try fetch(url, range: range, cancellation: ByteReadCancellation(), receive: receive)
    }
}

/// Whole media read through ``CachedStream`` as mpv reads it — reads of varied sizes, seeks back and forth — with every
/// byte compared with the origin's: a cold cache, a prefix, holes, damaged chunks, a prefetcher writing meanwhile.
@Suite("CachedStream: every byte handed to mpv is the origin's")
struct CachedStreamTests {
    static let length = 900_000
    static let media = Data((0..<length).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 13) })
    let url = URL(string: "http://origin.test/feed/item.mp4")!
    var key: String { url.absoluteString }

    private func makeCache() throws -> (MediaCache, URL) {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("seamless-stream-\(UUID().uuidString)")
        return (try MediaCache(directory: folder, capacity: 64 << 20), folder)
    }

    private func stream(_ cache: MediaCache, _ source: MemoryByteSource) -> CachedStream {
        CachedStream(url: url, key: key, cache: cache, source: source, minimumFetch: 256 * 1024) { _ in }
    }

    /// Reads the whole media as mpv does — sequential reads of varied sizes, a seek back after some, a seek forward
    /// past a stretch and back — and returns the offsets whose bytes differ from the origin's.
    /// ``readLikeMPV(_:)`` on a thread of its own, as mpv's reads run: its blocking reads hold no thread the other
    /// tests share (on a busy machine, three such reads at once held up every test of the process for minutes).
    private func readLikeMPVOnItsOwnThread(_ stream: CachedStream) async throws -> [Int64] {
        try await onOwnThread { [self] in readLikeMPV(stream) }
    }

    /// With `seeking` false: in order, each read as large as the buffer.
    private func readLikeMPV(_ stream: CachedStream, seeking: Bool = true) -> [Int64] {
        var generator = SeededGenerator(seed: 7)
        var wrong: [Int64] = []
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        var position: Int64 = 0
        var reads = 0
        while position < Int64(Self.length) {
            reads += 1
            if !seeking {
                // In order.
            } else if reads % 9 == 0 {
                let back = max(0, position - Int64.random(in: 1...40_000, using: &generator))
                position = stream.seek(to: back) ?? position
            } else if reads % 13 == 0 {
                let ahead = min(Int64(Self.length), position + Int64.random(in: 1...200_000, using: &generator))
                _ = stream.seek(to: ahead)
                position = stream.seek(to: position) ?? position
            }
            let wanted = seeking ? Int.random(in: 1...buffer.count, using: &generator) : buffer.count
            let count = buffer.withUnsafeMutableBytes { stream.read(into: $0.baseAddress!, maxBytes: wanted) }
            guard count > 0 else { break }
            for index in 0..<Int(count) where buffer[index] != Self.media[Int(position) + index] {
                wrong.append(position + Int64(index))
            }
            position += count
        }
        if position != Int64(Self.length) { wrong.append(position) }
        return wrong
    }

    @Test(arguments: [
        RangeSet<Int64>(),
        RangeSet<Int64>(0..<300_000),
        RangeSet([0..<70_000, 100_000..<100_001, 131_072..<400_000, 650_000..<900_000]),
    ])
    func everyByteReadIsTheOriginsWhateverTheCacheHolds(_ cached: RangeSet<Int64>) async throws {
        let (cache, folder) = try makeCache()
        defer { try? FileManager.default.removeItem(at: folder) }
        for range in cached.ranges {
            try cache.write(
                Self.media.subdata(in: Int(range.lowerBound)..<Int(range.upperBound)), for: key, at: range.lowerBound)
        }
        let stream = stream(cache, MemoryByteSource(media: Self.media, pieceSize: 1_500))
        #expect(try await readLikeMPVOnItsOwnThread(stream) == [])
        #expect(cache.cachedRanges(for: key) == RangeSet(0..<Int64(Self.length)))
    }

    @Test func aClosedStreamLetsGoOfItsSourceAndItsCacheAndStartsNoFetch() throws {
        var (cache, folder): (MediaCache?, URL) = try makeCache()
        defer { try? FileManager.default.removeItem(at: folder) }
        var source: MemoryByteSource? = MemoryByteSource(media: Self.media, pieceSize: 4_096)
        weak let weakSource = source
        weak let weakCache = cache
        let stream = try #require(source.flatMap { source in cache.map { self.stream($0, source) } })
        (source, cache) = (nil, nil)
        #expect(weakSource != nil && weakCache != nil)
        #expect(stream.holdsSource && stream.holdsCache)
        stream.close()
        #expect(!stream.holdsSource && !stream.holdsCache)
        #expect(weakSource == nil)
        // A closed stream is kept a while for late cancels: the cache, and the lock on its folder, are not.
        #expect(weakCache == nil)
        #expect(throws: Never.self) { _ = try MediaCache(directory: folder, capacity: 64 << 20) }
        var buffer = [UInt8](repeating: 0, count: 1_024)
        let read = buffer.withUnsafeMutableBytes { raw in raw.baseAddress.map { stream.read(into: $0, maxBytes: 1_024) }
        }
        #expect(read == -1)
    }

    @Test func aLengthAnotherReaderPutInTheCacheAfterTheOpenEndsTheMediaThere() throws {
        let (cache, folder) = try makeCache()
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = MemoryByteSource(media: Self.media, pieceSize: 4_096)
        let stream = stream(cache, source)
        #expect(stream.length == nil)
        // The prefetcher learns the length from its answer's head after the stream opened.
        try cache.setLength(Int64(Self.length), for: key)
        #expect(stream.length == Int64(Self.length))
        #expect(stream.seek(to: Int64(Self.length)) == Int64(Self.length))
        var buffer = [UInt8](repeating: 0, count: 1_024)
        let read = buffer.withUnsafeMutableBytes { raw in raw.baseAddress.map { stream.read(into: $0, maxBytes: 1_024) }
        }
        #expect(read == 0, "the end, not a failed read")
        #expect(source.requests == [], "nothing asked past the end")
        #expect(stream.seek(to: Int64(Self.length) + 1) == nil)
    }

    @Test func aReadPastALengthCachedSinceTheOpenIsTheEndWithNoRequest() throws {
        let (cache, folder) = try makeCache()
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = MemoryByteSource(media: Self.media, pieceSize: 4_096)
        let stream = stream(cache, source)
        // mpv seeks past the last atom before anyone knows the length; the length arrives; then it reads.
        #expect(stream.seek(to: Int64(Self.length) + 10) == Int64(Self.length) + 10)
        try cache.setLength(Int64(Self.length), for: key)
        var buffer = [UInt8](repeating: 0, count: 1_024)
        let read = buffer.withUnsafeMutableBytes { raw in raw.baseAddress.map { stream.read(into: $0, maxBytes: 1_024) }
        }
        #expect(read == 0)
        #expect(source.requests == [])
    }

    @Test func damagedChunksAreDistrustedAndTheirBytesComeFromTheOrigin() async throws {
        let (cache, folder) = try makeCache()
        defer { try? FileManager.default.removeItem(at: folder) }
        try cache.write(Self.media.subdata(in: 0..<500_000), for: key, at: 0)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        for name in files.enumerated().filter({ $0.offset % 3 == 1 }).map(\.element) {
            let path = folder.appendingPathComponent(name)
            var bytes = try Data(contentsOf: path)
            bytes[bytes.count - 100] ^= 0xFF
            try bytes.write(to: path)
        }
        let stream = stream(cache, MemoryByteSource(media: Self.media, pieceSize: 4_096))
        #expect(try await readLikeMPVOnItsOwnThread(stream) == [])
    }

    @Test("two streams of one media at once: each byte comes from the origin once, and both read it right")
    func twoStreamsOfOneMediaFetchEachByteOnce() async throws {
        let (cache, folder) = try makeCache()
        defer { try? FileManager.default.removeItem(at: folder) }
        // Paced, so that the two readers overlap: unclaimed, each would fetch the whole media.
        let sources = [1, 2].map { _ in MemoryByteSource(media: Self.media, pieceSize: 1_500, pace: 0.000_2) }
        let streams = sources.map { stream(cache, $0) }
        async let first = onOwnThread { [self] in readLikeMPV(streams[0], seeking: false) }
        async let second = onOwnThread { [self] in readLikeMPV(streams[1], seeking: false) }
        #expect(try await first == [])
        #expect(try await second == [])
        #expect(sources.map(\.delivered).reduce(0, +) == Int64(Self.length), "\(sources.map(\.requests))")
        // A fetch releases its claim as it ends, after the bytes it wrote have woken the reader that waited for
        // them: on a busy machine the readers can be done a moment before the last fetch is.
        #expect(await eventually { cache.claimedRanges(for: key).isEmpty }, "\(cache.claimedRanges(for: key))")
        for stream in streams { stream.close() }
    }

    @Test("a stream waiting for another's bytes is woken by its cancel, and fetches them itself once the other ends")
    func aStreamWaitingForAnothersBytes() async throws {
        let (cache, folder) = try makeCache()
        defer { try? FileManager.default.removeItem(at: folder) }
        // Another reader holds the media's start and never brings it: a read there waits, until cancelled.
        let other = try #require(cache.claim(0..<100_000, for: key))
        let waiting = stream(cache, MemoryByteSource(media: Self.media, pieceSize: 4_096))
        let read = Task { try await onOwnThread { [self] in readLikeMPV(waiting, seeking: false) } }
        #expect(await eventually { waiting.isAwaitingOthers })
        waiting.cancel()
        #expect(try await read.value == [0])
        // A new stream waits for the claim, which ends with no bytes brought: it fetches them itself.
        let source = MemoryByteSource(media: Self.media, pieceSize: 4_096)
        let next = stream(cache, source)
        let full = Task { try await onOwnThread { [self] in readLikeMPV(next, seeking: false) } }
        #expect(await eventually { next.isAwaitingOthers })
        cache.release(other)
        #expect(try await full.value == [])
        #expect(source.requests.first?.lowerBound == 0)
        #expect(source.delivered == Int64(Self.length))
    }

    @Test(arguments: [1, 2, 3])
    func aPrefetcherWritingTheSameStartMeanwhileChangesNoByteRead(_ round: Int) async throws {
        let (cache, folder) = try makeCache()
        defer { try? FileManager.default.removeItem(at: folder) }
        let prefetchSource = MemoryByteSource(media: Self.media, pieceSize: 700 * round)
        let prefetcher = MediaPrefetcher(cache: cache, source: prefetchSource)
        prefetcher.update(
            BytePrefetchPlan(items: [MediaItem(id: key, url: url)], bytesPerItem: 1 << 20, isHeld: false))
        let source = MemoryByteSource(media: Self.media, pieceSize: 1_000 * round)
        let stream = stream(cache, source)
        let wrong = try await readLikeMPVOnItsOwnThread(stream)
        #expect(wrong == [])
        withExtendedLifetime(prefetcher) {}
    }
}

/// A deterministic generator, so that a failing read pattern can be replayed.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}
