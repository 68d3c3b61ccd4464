import Foundation
import SeamlessPlayback

/// The decisions of one stream that mpv reads through a ``SeamlessPlayback/MediaCache``: where the position is, where
/// the next bytes come from, when the media ends, and what a failed read means. Pure: the shell
/// (``CachedStream``) reads the cache and the origin as told and reports what came back.
///
/// A read is served from ``buffered`` (bytes just read from the cache or the origin) when it holds the position;
/// otherwise ``SeamlessPlayback/CachedReadPlan`` says whether its first segment comes from the cache or the origin,
/// and the shell is told to read that segment (``Step/readCache(_:)``, ``Step/fetch(_:)``). A cache read that
/// returns fewer bytes than asked (damaged, evicted, failed) marks the range ``distrusted``: it is fetched from the
/// origin instead, so a read is never served wrong bytes. An origin read that delivers fewer bytes than asked has
/// found the end of the media. Once cancelled, every read fails.
///
/// States: open (no length or a length) → cancelled (final). The position moves by reads and seeks only.
struct CachedStreamState: Hashable, Sendable {
    /// What the shell does next for a read.
    enum Step: Hashable, Sendable {
        /// Hand these bytes to mpv; the position has moved past them.
        case serve(Data)
        /// The end of the media: the read returns 0.
        case end
        /// The read fails (mpv sees an error): cancelled, or the origin failed.
        case fail
        /// Read this range from the cache, then report it with ``cacheRead(_:data:)``.
        case readCache(Range<Int64>)
        /// Fetch this range from the origin, then report it with ``fetched(_:result:)``.
        case fetch(Range<Int64>)
    }

    /// The least an origin fetch asks for: mpv reads a few tens of kilobytes at a time, and a request per read
    /// would pay the origin's first-byte delay each time.
    let minimumFetch: Int64
    /// Where the next read starts.
    private(set) var position: Int64 = 0
    /// The media's length, once known (from the cache, or the origin's answer).
    private(set) var length: Int64?
    /// Bytes read and not yet handed to mpv (an origin fetch is wider than the read that asked for it).
    private(set) var buffered: ByteChunk?
    /// Ranges the cache claimed but did not serve: read from the origin instead.
    private(set) var distrusted = RangeSet<Int64>()
    /// Whether mpv cancelled the stream.
    private(set) var isCancelled = false
    /// The last failure of the origin, for the load's failure.
    private(set) var originFailure: ByteSourceError?

    /// A stream at position 0.
    /// - Parameters:
    ///   - length: The media's length if the cache knows it.
    ///   - minimumFetch: The least an origin fetch asks for.
    init(length: Int64?, minimumFetch: Int64) {
        self.length = length
        self.minimumFetch = max(1, minimumFetch)
    }

    /// The next step of a read of at most `maxBytes` bytes from the position.
    /// - Parameter cached: What the cache holds of the media now.
    mutating func nextStep(maxBytes: Int, cached: RangeSet<Int64>) -> Step {
        if isCancelled { return .fail }
        if let length, position >= length { return .end }
        guard maxBytes > 0 else { return .serve(Data()) }
        if let buffered, buffered.range.contains(position) {
            let start = Int(position - buffered.offset)
            let count = min(maxBytes, buffered.bytes.count - start)
            let base = buffered.bytes.startIndex + start
            let bytes = buffered.bytes.subdata(in: base..<(base + count))
            position += Int64(count)
            if position >= buffered.range.upperBound { self.buffered = nil }
            return .serve(bytes)
        }
        let read = position..<Self.sum(position, Int64(maxBytes))
        let plan = CachedReadPlan.plan(read, cached: trusted(cached), length: length, minimumFetch: minimumFetch)
        guard let first = plan.segments.first else { return .end }
        return first.source == .cache ? .readCache(first.range) : .fetch(first.range)
    }

    /// Reports a cache read of `range`: its bytes, or `nil` when the cache did not serve them all.
    mutating func cacheRead(_ range: Range<Int64>, data: Data?) {
        guard let data, data.count == range.count else {
            distrusted.insert(contentsOf: range)
            return
        }
        buffered = ByteChunk(offset: range.lowerBound, bytes: data)
    }

    /// What follows an origin fetch.
    enum FetchOutcome: Hashable, Sendable {
        /// Go on with the read (``nextStep(maxBytes:cached:)``); keep `learnedLength` in the cache when there is one.
        case proceed(learnedLength: Int64?)
        /// The read fails: the origin failed (``originFailure`` says how) or the stream was cancelled.
        case fail
    }

    /// Reports an origin fetch of `range`: the bytes it delivered and what the origin said of the length, or its
    /// failure.
    mutating func fetched(
        _ range: Range<Int64>, result: Result<(bytes: Data, totalLength: Int64?), ByteSourceError>
    ) -> FetchOutcome {
        let learned: Int64?
        switch result {
        case .failure(.rangeNotSatisfiable(let total)):
            // Asked from past the end: the media ends before the range.
            learned = total ?? range.lowerBound
        case .failure(let error):
            originFailure = error
            if error == .cancelled { isCancelled = true }
            return .fail
        case .success(let (bytes, total)):
            // A delivery shorter than asked ends where the media ends.
            learned = total ?? (bytes.count < range.count ? range.lowerBound + Int64(bytes.count) : nil)
            let delivered = range.lowerBound..<(range.lowerBound + Int64(bytes.count))
            distrusted.remove(contentsOf: delivered)
            buffered = bytes.isEmpty ? buffered : ByteChunk(offset: range.lowerBound, bytes: bytes)
        }
        guard let learned, learned != length, learned >= 0 else { return .proceed(learnedLength: nil) }
        length = learned
        return .proceed(learnedLength: learned)
    }

    /// Moves the position.
    /// - Returns: The new position, or `nil` when it cannot go there (negative, past the known length, cancelled).
    mutating func seek(to offset: Int64) -> Int64? {
        guard !isCancelled, offset >= 0, offset <= (length ?? .max) else { return nil }
        position = offset
        return offset
    }

    /// mpv cancelled the stream: every read from now on fails.
    mutating func cancel() {
        isCancelled = true
        buffered = nil
    }

    private func trusted(_ cached: RangeSet<Int64>) -> RangeSet<Int64> {
        distrusted.isEmpty ? cached : cached.subtracting(distrusted)
    }

    private static func sum(_ a: Int64, _ b: Int64) -> Int64 {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? .max : sum
    }
}
