import Foundation
import SeamlessPlayback
import Testing

@testable import SeamlessPlaybackMPV

/// A source that delivers the first piece of each fetch, then holds the rest until the test opens its gate (or the
/// read is cancelled).
final class GatedByteSource: BlockingByteSource {
    let media: Data
    let firstPiece: Int
    private let gate = DispatchSemaphore(value: 0)

    init(media: Data, firstPiece: Int) {
        self.media = media
        self.firstPiece = firstPiece
    }

    /// Lets one held fetch deliver the rest of its range.
    func open() { gate.signal() }

    func fetch(
        _ url: URL, range: Range<Int64>, cancellation: ByteReadCancellation,
        receive: @escaping @Sendable (ByteChunk) -> Void
    ) throws(ByteSourceError) -> ByteRangeRead {
        let end = min(range.upperBound, Int64(media.count))
        let split = min(end, range.lowerBound + Int64(firstPiece))
        receive(ByteChunk(offset: range.lowerBound, bytes: media.subdata(in: Int(range.lowerBound)..<Int(split))))
        while gate.wait(timeout: .now() + .milliseconds(20)) == .timedOut {
            if cancellation.isCancelled { throw .cancelled }
        }
        if split < end { receive(ByteChunk(offset: split, bytes: media.subdata(in: Int(split)..<Int(end)))) }
        return ByteRangeRead(range: range.lowerBound..<end, totalLength: Int64(media.count))
    }
}

/// A miss through the real stream: the first piece of the origin's answer reaches mpv while the fetch goes on.
@Suite("CachedStream: a miss is served from the fetch's first piece", .timeLimit(.minutes(1)))
struct CachedStreamPiecesTests {
    let url = URL(string: "http://origin.test/feed/held.mp4")!

    private func withStream(_ body: (CachedStream, GatedByteSource, MediaCache) throws -> Void) throws {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("seamless-stream-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = try MediaCache(directory: folder, capacity: 16 << 20)
        let source = GatedByteSource(media: CachedStreamTests.media, firstPiece: 1_000)
        let stream = CachedStream(
            url: url, key: url.absoluteString, cache: cache, source: source, minimumFetch: 256 * 1024
        ) { _ in }
        try body(stream, source, cache)
    }

    private func read(_ stream: CachedStream, _ count: Int) -> Data? {
        var buffer = [UInt8](repeating: 0, count: count)
        let read = buffer.withUnsafeMutableBytes { stream.read(into: $0.baseAddress!, maxBytes: count) }
        return read < 0 ? nil : Data(buffer.prefix(Int(read)))
    }

    @Test func aReadReturnsTheFirstPieceWhileTheRestOfTheFetchIsHeld() throws {
        try withStream { stream, source, cache in
            // Were the read waiting for the whole fetch, it would wait for the gate, which opens only after it.
            #expect(read(stream, 32_768) == CachedStreamTests.media.subdata(in: 0..<1_000))
            source.open()
            #expect(read(stream, 32_768) == CachedStreamTests.media.subdata(in: 1_000..<33_768))
            #expect(cache.cachedRanges(for: url.absoluteString).contains(0))
        }
    }

    @Test func cancellingEndsAReadWaitingForTheHeldRest() async throws {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("seamless-stream-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = try MediaCache(directory: folder, capacity: 16 << 20)
        let source = GatedByteSource(media: CachedStreamTests.media, firstPiece: 1_000)
        let stream = CachedStream(
            url: url, key: url.absoluteString, cache: cache, source: source, minimumFetch: 256 * 1024
        ) { _ in }
        #expect(read(stream, 1_000) == CachedStreamTests.media.subdata(in: 0..<1_000))
        // The read waits for the held rest (or, if the cancel comes first, fails at once): either way it fails.
        let waiting = Task.detached { read(stream, 1_000) }
        stream.cancel()
        #expect(await waiting.value == nil)
    }
}
