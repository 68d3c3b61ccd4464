import Foundation
import SeamlessPlayback

extension ResourceLoadingStateMachine {
    /// A loading request, as long as the machine keeps it (from its arrival to its finish, failure or cancellation).
    struct RequestID: Hashable, Sendable, CustomStringConvertible {
        let rawValue: UInt64
        var description: String { "r\(rawValue)" }
    }

    /// One read from the origin, as long as it runs (a fetch may outlive its request, filling the cache).
    struct FetchID: Hashable, Sendable, CustomStringConvertible {
        let rawValue: UInt64
        var description: String { "f\(rawValue)" }
    }

    /// What the cache holds of a media, read by the shell on its I/O queue (never on AVFoundation's) when the machine
    /// asks (``Action/readCacheState(_:key:)``, ``Action/readCache(_:key:range:)``).
    struct CacheSnapshot: Hashable, Sendable {
        /// The cached bytes (`MediaCache.cachedRanges(for:)`).
        var cached: RangeSet<Int64>
        /// The media's length, if the cache knows it (`MediaCache.length(for:)`).
        var length: Int64?
        /// The offsets origin fetches have claimed and not released (`MediaCache.claimedRanges(for:)`), read before
        /// ``cached`` so that bytes a fetch wrote before its claim ended are never missed by both. The loader's own
        /// fetches' claims are among them: the machine leaves its running fetches' ranges out, and what is left is
        /// other readers' (another engine's, the prefetcher's).
        var claimed = RangeSet<Int64>()

        /// Nothing cached, no length.
        static let empty = CacheSnapshot(cached: RangeSet(), length: nil)
    }

    /// A loading request's data request (`AVAssetResourceLoadingDataRequest`), as the shell read it.
    struct DataRequest: Hashable, Sendable {
        /// `requestedOffset`.
        var requestedOffset: Int64
        /// `requestedLength` (`NSIntegerMax` when all the data is asked for and the length is not yet known).
        var requestedLength: Int
        /// `requestsAllDataToEndOfResource`: `requestedLength` is then disregarded.
        var requestsAllDataToEndOfResource: Bool
        /// `currentOffset`: where the next byte responded goes (`requestedOffset` for a new request).
        var currentOffset: Int64

        /// The first byte past the request, or `nil` for all the data to the end of the media.
        var end: Int64? {
            guard !requestsAllDataToEndOfResource else { return nil }
            let (sum, overflow) = requestedOffset.addingReportingOverflow(Int64(requestedLength))
            return overflow ? .max : sum
        }
    }

    /// What a content information request is answered with
    /// (`AVAssetResourceLoadingContentInformationRequest`).
    struct ContentInformation: Hashable, Sendable {
        /// `contentType`: the uniform type identifier.
        var contentType: String
        /// `contentLength`.
        var contentLength: Int64
        /// `isByteRangeAccessSupported`: always `true`, since any range can be served.
        var isByteRangeAccessSupported: Bool
    }

    /// What the shell must do, in order.
    enum Action: Hashable, Sendable {
        /// On the I/O queue, after the cache writes asked for before it, read what the cache holds of the media
        /// (`MediaCache.claimedRanges(for:)` first, then `MediaCache.cachedRanges(for:)` and `MediaCache.length(for:)`)
        /// and report it back on AVFoundation's queue with
        /// ``ResourceLoadingStateMachine/cacheStateRead(_:cache:)``.
        case readCacheState(RequestID, key: String)
        /// Fill in the request's content information request.
        case setContentInformation(RequestID, ContentInformation)
        /// Read `range` of the media from the cache (`MediaCache.read(_:range:)`) and report it with
        /// ``ResourceLoadingStateMachine/cacheRead(_:range:bytes:cache:)``, `nil` when the read failed or came back
        /// short, with the cache's state read just after on the same queue.
        case readCache(RequestID, key: String, range: Range<Int64>)
        /// Claim `range` of the media in the cache (`MediaCache.claim(_:for:)`), then read what the claim covers from
        /// the origin (`ByteSource.fetch(_:range:onLength:receive:)`), releasing the claim when the fetch ends, fails
        /// or is cancelled. A claim refused is reported with ``ResourceLoadingStateMachine/fetchRefused(_:)`` (and
        /// nothing fetched), one narrowed with ``ResourceLoadingStateMachine/fetchNarrowed(_:to:)`` before the fetch
        /// starts. The fetch reports the length its head tells with
        /// ``ResourceLoadingStateMachine/originToldLength(_:fetch:length:)``, each piece with
        /// ``ResourceLoadingStateMachine/originReceived(_:fetch:chunk:)`` and the end with
        /// ``ResourceLoadingStateMachine/originFinished(_:fetch:read:)`` or
        /// ``ResourceLoadingStateMachine/originFailed(_:fetch:error:)``.
        case fetch(RequestID, FetchID, url: URL, range: Range<Int64>)
        /// Cancel a fetch; its end is still reported (as ``SeamlessPlayback/ByteSourceError/cancelled``).
        case cancelFetch(FetchID)
        /// Write the origin's bytes into the cache; a failure to write changes nothing the request is served.
        case write(key: String, ByteChunk)
        /// Record the media's length in the cache (`MediaCache.setLength(_:for:)`); a failure changes nothing.
        case recordLength(key: String, Int64)
        /// `respond(with:)`: the next bytes of the data request, from its `currentOffset` on.
        case respond(RequestID, Data)
        /// `finishLoading()`: everything asked for (or everything the media holds) was responded.
        case finish(RequestID)
        /// `finishLoading(with:)` an `NSError` in `NSURLErrorDomain` with this code and description.
        case fail(RequestID, ResourceLoadingFailure)
        /// After `after`, call ``ResourceLoadingStateMachine/retryFired(_:attempt:)`` with this attempt.
        case scheduleRetry(RequestID, attempt: Int, after: Duration)
        /// Report the media's changes in the cache (`MediaCache.observeChanges(of:_:)`) with
        /// ``ResourceLoadingStateMachine/cacheChanged(_:)`` on AVFoundation's queue, until
        /// ``stopObservingChanges(key:)``: a request of the media waits for another reader's bytes. Started before the
        /// state read asked for after it, so that no change after that read goes unreported.
        case observeChanges(key: String)
        /// Cancel the media's observation: no request of it waits for another reader's bytes, or asks for its state.
        case stopObservingChanges(key: String)
        /// Keep the origin's last failure for the media (`nil`: its last fetch ended well), for the engine to read
        /// when the item fails: the kind of a failure survives the loader's `NSError`.
        case noteOriginFailure(key: String, ByteSourceError?)
    }
}
