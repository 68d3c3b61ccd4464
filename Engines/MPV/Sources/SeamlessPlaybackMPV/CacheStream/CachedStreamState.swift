import Foundation
import SeamlessPlayback

/// The decisions of one stream that mpv reads through a ``SeamlessPlayback/MediaCache``: where the position is, where
/// the next bytes come from, when the media ends, and what a failed read means. Pure: the shell
/// (``CachedStream``) reads the cache and the origin as told and reports what came back.
///
/// A read is served from ``buffered`` (bytes just read from the cache or the origin) or from the fetch in flight when
/// either holds the position; otherwise ``SeamlessPlayback/CachedReadPlan`` says whether its first segment comes from
/// the cache or the origin, and the shell is told to read that segment (``Action/readCache(_:)``) or to start fetching
/// it in the background (``Action/fetch(_:id:)``). A fetch's pieces are served as they arrive: a read waits
/// (``Action/wait``) only until the first piece at the position is there, not for the whole fetch, and returns what has
/// arrived (mpv's reads may return fewer bytes than asked). One fetch is in flight at a time: a read the fetch in
/// flight does not cover starts another, and the shell cancels the first.
///
/// A cache read that returns fewer bytes than asked (damaged, evicted, failed) marks the range ``distrusted``: it is
/// fetched from the origin instead, so a read is never served wrong bytes. A fetch's pieces are taken only in order
/// from the fetch's start, and a fetch that ends with a gap fails. An origin read that delivers fewer bytes than asked
/// has found the end of the media. Once the origin failed the stream, no read goes to the origin again (bytes the
/// stream or the cache holds are still served). Once cancelled, every read fails.
///
/// One origin fetch per byte range is in flight across every reader of the cache: a fetch ends where another reader's
/// claim begins, and a read whose bytes another reader's fetch is bringing waits for them in the cache
/// (``Action/awaitOthers``) rather than asking the origin again.
///
/// States: open (no length or a length; a fetch in flight or not) → cancelled (final). The position moves by reads
/// and seeks only.
struct CachedStreamState: Hashable, Sendable {
    /// What the shell does next for a read.
    enum Action: Hashable, Sendable {
        /// Hand these bytes to mpv; the position has moved past them.
        case serve(Data)
        /// The end of the media: the read returns 0.
        case end
        /// The read fails (mpv sees an error): cancelled, or the origin failed.
        case fail
        /// Read this range from the cache, then report it with ``cacheRead(_:data:)``.
        case readCache(Range<Int64>)
        /// Start fetching this range from the origin in the background as fetch `id`, cancelling the fetch started
        /// before if it still runs; report its pieces with ``received(_:fetch:)`` and its end with
        /// ``fetchEnded(_:result:)``, then ask again.
        case fetch(Range<Int64>, id: Int)
        /// Wait until the fetch in flight delivers a piece or ends, then ask again.
        case wait
        /// Another reader's fetch (another stream's, the prefetcher's) has claimed the bytes at the position
        /// (``SeamlessPlayback/MediaCache/claim(_:for:)``): wait until the medium changes in the cache (bytes written, the
        /// claim released), then ask again. One origin fetch per byte range is in flight.
        case awaitOthers
    }

    /// An origin fetch in flight and what it has delivered so far, in order from its start.
    struct Fetch: Hashable, Sendable {
        let id: Int
        let range: Range<Int64>
        var received = Data()
        var receivedEnd: Int64 { range.lowerBound + Int64(received.count) }
    }

    /// The least an origin fetch asks for while the engine plays: mpv reads a few tens of kilobytes at a time, and a
    /// request per read would pay the origin's first-byte delay each time.
    let minimumFetch: Int64
    /// The least an origin fetch asks for while the engine is paused (``isPaused``): a preload standing on its first
    /// frame reads what that frame needs, not a playing engine's fetch.
    let minimumFetchWhilePaused: Int64
    /// The least while the engine is paused and lean (``isLean``): never more than ``minimumFetchWhilePaused``.
    let minimumFetchWhileLean: Int64
    /// Whether the stream's engine is paused: the shell sets it before each step, and the next fetch is sized by it.
    var isPaused = false
    /// Whether the pool told the stream's engine ``SeamlessPlayback/PreloadDepth/lean``: the shell sets it before each
    /// step with ``isPaused``.
    var isLean = false
    /// Where the next read starts.
    private(set) var position: Int64 = 0
    /// The media's length, once known (from the cache, or the origin's answer).
    private(set) var length: Int64?
    /// Bytes read and not yet handed to mpv (an origin fetch is wider than the read that asked for it).
    private(set) var buffered: ByteChunk?
    /// The origin fetch in flight, if any.
    private(set) var fetching: Fetch?
    /// Ranges the cache claimed but did not serve: read from the origin instead.
    private(set) var distrusted = RangeSet<Int64>()
    /// Whether mpv cancelled the stream.
    private(set) var isCancelled = false
    /// The last failure of the origin, for the load's failure.
    private(set) var originFailure: ByteSourceError?
    /// Whether the next read the stream's bytes cannot serve fails: the fetch it waited for failed.
    private var failurePending = false
    private var lastFetchID = 0

    /// A stream at position 0.
    /// - Parameters:
    ///   - length: The media's length if the cache knows it.
    ///   - minimumFetch: The least an origin fetch asks for while the engine plays; values below 1 count as 1.
    ///   - minimumFetchWhilePaused: The least while it is paused; `nil` for `minimumFetch`, values below 1 count as 1.
    ///   - minimumFetchWhileLean: The least while it is paused and lean; `nil` for `minimumFetchWhilePaused`, values
    ///     below 1 count as 1, and above `minimumFetchWhilePaused` as that.
    init(
        length: Int64?, minimumFetch: Int64, minimumFetchWhilePaused: Int64? = nil, minimumFetchWhileLean: Int64? = nil
    ) {
        self.length = length
        self.minimumFetch = max(1, minimumFetch)
        let paused = max(1, minimumFetchWhilePaused ?? minimumFetch)
        self.minimumFetchWhilePaused = paused
        self.minimumFetchWhileLean = min(paused, max(1, minimumFetchWhileLean ?? paused))
    }

    /// The next step of a read of at most `maxBytes` bytes from the position.
    /// - Parameters:
    ///   - maxBytes: The most bytes the read takes.
    ///   - cached: What the cache holds of the media now.
    ///   - claimed: What other readers' origin fetches have claimed of the media now: a fetch of the stream's own ends
    ///     where their claims begin, and a read whose position they cover waits for their bytes.
    mutating func nextStep(maxBytes: Int, cached: RangeSet<Int64>, claimed: RangeSet<Int64> = RangeSet()) -> Action {
        if isCancelled { return .fail }
        if let length, position >= length { return .end }
        guard maxBytes > 0 else { return .serve(Data()) }
        if let buffered, buffered.range.contains(position) {
            let bytes = take(from: buffered, maxBytes: maxBytes)
            if position >= buffered.range.upperBound { self.buffered = nil }
            return .serve(bytes)
        }
        if let fetching, fetching.range.contains(position) {
            guard position < fetching.receivedEnd else { return .wait }
            let arrived = ByteChunk(offset: fetching.range.lowerBound, bytes: fetching.received)
            return .serve(take(from: arrived, maxBytes: maxBytes))
        }
        if failurePending {
            failurePending = false
            return .fail
        }
        let read = position..<Self.sum(position, Int64(maxBytes))
        let least = isPaused ? (isLean ? minimumFetchWhileLean : minimumFetchWhilePaused) : minimumFetch
        let plan = CachedReadPlan.plan(read, cached: trusted(cached), length: length, minimumFetch: least)
        guard let first = plan.segments.first else { return .end }
        guard first.source == .origin else { return .readCache(first.range) }
        // An origin that failed this stream is not asked again: a failure is tried again only by the pool's retry
        // policy, with a new load, so that a failing origin is not hammered by every read mpv retries.
        if originFailure != nil { return .fail }
        if claimed.contains(first.range.lowerBound) { return .awaitOthers }
        let othersStart = claimed.ranges.lazy.map(\.lowerBound).first { $0 > first.range.lowerBound }
        let range = first.range.lowerBound..<min(first.range.upperBound, othersStart ?? .max)
        keepReceived()
        lastFetchID += 1
        fetching = Fetch(id: lastFetchID, range: range)
        return .fetch(range, id: lastFetchID)
    }

    /// Reports that the cache granted fetch `id`, before it started, only the first part of its range
    /// (``SeamlessPlayback/MediaCache/claim(_:for:)``: another reader claimed the rest meanwhile): fetch `granted`.
    /// - Returns: Whether it was taken: `false` when `granted` is not a part of the fetch's range from its start, or
    ///   the fetch is not the one in flight (then report it refused).
    mutating func fetchNarrowed(_ id: Int, to granted: Range<Int64>) -> Bool {
        guard let fetch = fetching, fetch.id == id, fetch.received.isEmpty, !granted.isEmpty,
            granted.lowerBound == fetch.range.lowerBound, granted.upperBound <= fetch.range.upperBound
        else { return false }
        fetching = Fetch(id: id, range: granted)
        return true
    }

    /// Reports that the cache granted fetch `id` nothing: another reader claimed its first byte meanwhile. The fetch
    /// never starts.
    /// - Returns: The step: wait for the other reader's bytes.
    mutating func fetchRefused(_ id: Int) -> Action {
        if fetching?.id == id { fetching = nil }
        return .awaitOthers
    }

    /// Reports a cache read of `range`: its bytes, or `nil` when the cache did not serve them all.
    mutating func cacheRead(_ range: Range<Int64>, data: Data?) {
        guard let data, data.count == range.count else {
            distrusted.insert(contentsOf: range)
            return
        }
        buffered = ByteChunk(offset: range.lowerBound, bytes: data)
    }

    /// Reports a piece of fetch `id`.
    /// - Returns: Whether the piece was taken: `false` for a fetch no longer in flight, or a piece that does not
    ///   follow the pieces before it (the fetch then fails when it ends).
    @discardableResult
    mutating func received(_ piece: ByteChunk, fetch id: Int) -> Bool {
        // Checked through the optional, not a copy: a copy would make the append below copy every byte so far.
        guard fetching?.id == id, piece.offset == fetching?.receivedEnd,
            piece.range.upperBound <= fetching?.range.upperBound ?? 0
        else { return false }
        fetching?.received.append(piece.bytes)
        distrusted.remove(contentsOf: piece.range)
        return true
    }

    /// What follows the end of an origin fetch.
    enum FetchOutcome: Hashable, Sendable {
        /// The fetch ended; keep `learnedLength` in the cache when there is one.
        case ended(learnedLength: Int64?)
        /// The fetch failed: report the failure unless it is a cancellation (the stream's). The read waiting for it
        /// fails.
        case failed(ByteSourceError)
        /// The fetch was no longer in flight (another replaced it): nothing to do.
        case superseded
    }

    /// Reports the end of fetch `id`: what the origin delivered and said of the length, or its failure.
    mutating func fetchEnded(_ id: Int, result: Result<ByteRangeRead, ByteSourceError>) -> FetchOutcome {
        guard let fetch = fetching, fetch.id == id else { return .superseded }
        fetching = nil
        keep(fetch)
        let range = fetch.range
        let learned: Int64?
        switch result {
        case .failure(.rangeNotSatisfiable(let total)):
            // Asked from past the end: the media ends before the range.
            learned = total ?? range.lowerBound
        case .failure(let error):
            return failed(error)
        case .success(let read):
            // The pieces taken must be exactly what the source says it delivered: a gap fails the fetch.
            guard read.range == range.lowerBound..<fetch.receivedEnd else {
                return failed(.shortRead(expected: Int64(read.range.count), received: Int64(fetch.received.count)))
            }
            // A delivery shorter than asked ends where the media ends.
            learned = read.totalLength ?? (fetch.receivedEnd < range.upperBound ? fetch.receivedEnd : nil)
        }
        guard let learned, learned != length, learned >= 0 else { return .ended(learnedLength: nil) }
        length = learned
        return .ended(learnedLength: learned)
    }

    /// Reports the media's length as the head of fetch `id`'s answer says it, before its pieces: from then on a read at
    /// or past the end is the end, and no fetch asks the origin for a range there (mpv looks past the last atom of an
    /// mp4 while the first fetch is still arriving).
    /// - Returns: Whether the length is new, for the shell to keep in the cache.
    @discardableResult
    mutating func lengthTold(_ told: Int64, fetch id: Int) -> Bool {
        guard fetching?.id == id, told >= 0, told != length else { return false }
        length = told
        return true
    }

    /// Reports the media's length as the cache holds it now: another reader (a stream, the prefetcher) learned it
    /// after this stream opened. Adopted only while the stream knows none, so that a read past the end is the end
    /// and not a request for a range the origin cannot satisfy.
    mutating func lengthCached(_ cached: Int64?) {
        guard length == nil, let cached, cached >= 0 else { return }
        length = cached
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
        fetching = nil
    }

    private mutating func failed(_ error: ByteSourceError) -> FetchOutcome {
        originFailure = error
        if error == .cancelled { isCancelled = true } else { failurePending = true }
        return .failed(error)
    }

    /// Hands over up to `maxBytes` of `chunk` from the position, and moves the position past them.
    private mutating func take(from chunk: ByteChunk, maxBytes: Int) -> Data {
        let start = Int(position - chunk.offset)
        let count = min(maxBytes, chunk.bytes.count - start)
        let base = chunk.bytes.startIndex + start
        position += Int64(count)
        return chunk.bytes.subdata(in: base..<(base + count))
    }

    /// Keeps what the fetch in flight received as ``buffered`` before another replaces it.
    private mutating func keepReceived() {
        if let fetching { keep(fetching) }
    }

    private mutating func keep(_ fetch: Fetch) {
        guard !fetch.received.isEmpty else { return }
        buffered = ByteChunk(offset: fetch.range.lowerBound, bytes: fetch.received)
    }

    private func trusted(_ cached: RangeSet<Int64>) -> RangeSet<Int64> {
        distrusted.isEmpty ? cached : cached.subtracting(distrusted)
    }

    private static func sum(_ a: Int64, _ b: Int64) -> Int64 {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? .max : sum
    }
}
