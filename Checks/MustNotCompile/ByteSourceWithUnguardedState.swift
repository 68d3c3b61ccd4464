// expect: stored property 'fetched' of 'Sendable'-conforming class 'CountingSource' is mutable
//
// A `CachedReading`'s source is called from the resource loader's fetch tasks, several at once and from any thread
// (each loading request's fetch is a task of its own), so `ByteSource` is `Sendable`: a source that counts its bytes
// in a plain stored property would race. It must guard its state (a lock, an actor) or hold none; with the protocol
// not `Sendable`, this compiled.
import Foundation
import SeamlessPlayback
import SeamlessPlaybackAVFoundation

final class CountingSource: ByteSource {
    var fetched: Int64 = 0

    func fetch(
        _ url: URL, range: Range<Int64>, receive: @escaping @Sendable (ByteChunk) -> Void
    ) async throws(ByteSourceError) -> ByteRangeRead {
        fetched += Int64(range.count)
        return ByteRangeRead(range: range.lowerBound..<range.lowerBound, totalLength: nil)
    }
}

func reading(through cache: MediaCache) -> CachedReading {
    CachedReading(cache: cache, source: CountingSource())
}
